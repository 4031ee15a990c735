#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter
import Testing

/// The measured locale oracle (`shared/oracles/locale/`, next to the package checkout), read
/// without Foundation. Tests that need it are disabled with a message when it is absent.
enum LocaleOracle {
    /// `<package root>/../shared/oracles/locale`.
    static let directory = TestSupport.sharedDirectory + "/oracles/locale"

    static let isAvailable = FileSystem.entryType(atPath: directory + "/chains.tsv") == .file

    static let skipMessage: Comment = "shared locale oracle (../shared/oracles/locale) not found next to the package"

    /// The lines of an oracle file, without `#` comments; empty when unreadable (the suites that
    /// call this are only enabled when the oracle exists, and they check row counts).
    static func lines(_ name: String) -> [String] {
        guard let bytes = try? FileSystem.readBytes(atPath: directory + "/" + name) else { return [] }
        return String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
            .filter { !$0.hasPrefix("#") }
    }

    /// Rows of a TSV file as column-name → value, the first non-comment line being the header.
    static func rows(_ name: String) -> [[String: String]] {
        let all = lines(name).filter { !$0.isEmpty }
        guard let header = all.first?.split(separator: "\t", omittingEmptySubsequences: false) else { return [] }
        return all.dropFirst().map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            var row: [String: String] = [:]
            for (index, name) in header.enumerated() where index < cells.count {
                row[String(name)] = String(cells[index])
            }
            return row
        }
    }

    /// `a > b > root` → `["a", "b", "root"]`.
    static func chainColumn(_ text: String) -> [String] {
        text.split(separator: " > ").map(String.init)
    }
}

extension Locales {
    /// Test helper: our chain as the oracle writes it, bundles only, ending in `root`.
    static func bundleChainWithRoot(_ id: String) -> [String] {
        chain(for: id).filter { $0.kind == .bundle }.map(\.id) + ["root"]
    }
}
