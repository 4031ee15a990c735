#if canImport(Glibc)
import Glibc
#endif
import CICU
import ErrorFormatter
import Testing

/// What the ICU these tests run on says about locale fallback, generated at test time by
/// `tools/icu-oracles` (`make icu-oracles`, which `make test-swift` runs) into
/// `build/icu-oracles/`. Unlike the shared ICU-72 measurements (`LocaleOracle`), it describes
/// whichever ICU major the library is linked with, so the same tests hold on every one.
enum RunningICUOracle {
    static let chainsPath = TestSupport.packageRoot + "/build/icu-oracles/chains.tsv"

    static let isAvailable = FileSystem.entryType(atPath: chainsPath) == .file

    static let skipMessage: Comment =
        "build/icu-oracles/chains.tsv not generated: run `make icu-oracles` (make test-swift does)"

    /// The running ICU's version (`72.1`) and major.
    static let runningVersion = "\(version[0]).\(version[1])"
    static let runningMajor = Int(version[0])

    private static let version: [UInt8] = {
        var version = [UInt8](repeating: 0, count: 4)
        cicu_u_getVersion(&version)
        return version
    }()

    /// The ICU version the file was generated from (its first line, `# ICU 72.1 -- …`).
    static let fileVersion: String? = {
        guard let bytes = try? FileSystem.readBytes(atPath: chainsPath) else { return nil }
        let first = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        let words = first.split(separator: " ")
        guard words.count > 2, words[0] == "#", words[1] == "ICU" else { return nil }
        return String(words[2])
    }()

    /// One row per locale ICU lists (legacy aliases included).
    struct Row {
        let locale: String
        /// Listed by `uloc_getAvailable` (else only with `ULOC_AVAILABLE_WITH_LEGACY_ALIASES`).
        let isPlainlyAvailable: Bool
        /// ICU's bundle chain, ending in `root`.
        let chain: [String]
        /// Whether ICU's own key lookups served every key from the bundle the chain says.
        let agreesWithLookups: Bool
    }

    static let rows: [Row] = {
        guard let bytes = try? FileSystem.readBytes(atPath: chainsPath) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        return lines.dropFirst().compactMap { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 5 else { return nil }
            let counts = cells[4].split(separator: "/")
            return Row(locale: cells[0], isPlainlyAvailable: cells[1] == "available",
                       chain: LocaleOracle.chainColumn(cells[3]),
                       agreesWithLookups: counts.count == 2 && counts[0] == counts[1])
        }
    }()

    /// ICU's chain of every locale it lists, keyed by the locale ID.
    static let chains: [String: [String]] = {
        var table: [String: [String]] = [:]
        for row in rows { table[row.locale] = row.chain }
        return table
    }()
}
