import CICU
import Testing
import ErrorFormatter

@Suite struct LocaleNormalizationTests {
    /// Every tricky input of the oracle (`inputs.txt`, expectations in `inputs_table.md`'s last
    /// column): normalized ID and full chain, untranslated, or invalid.
    @Test(.enabled(if: LocaleOracle.isAvailable, LocaleOracle.skipMessage))
    func trickyInputsMatchOracle() throws {
        var inputs = LocaleOracle.lines("inputs.txt")
        if inputs.last == "" { inputs.removeLast() }  // the file's final newline
        let rows = LocaleOracle.lines("inputs_table.md").filter { $0.hasPrefix("| `") }
        #expect(inputs.count == 69)
        try #require(rows.count == inputs.count)
        for (input, row) in zip(inputs, rows) {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
                .map { String($0.drop(while: { $0 == " " })).trimmingTrailingSpaces() }
            let shown = try #require(cells.dropFirst().first)
            // The table shows the input in backquotes, cut with "…" when long, "(empty)" for "".
            let label = shown.trimmingBackquotes()
            #expect(label == "(empty)" ? input.isEmpty : input.hasPrefix(label.replacingEllipsis()),
                    "inputs.txt and inputs_table.md disagree at \(input)")
            let expected = try #require(cells.dropLast().last)
            verify(input, expected)
        }
    }

    private func verify(_ input: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let normalized = try? Locales.normalize(input)
        let result = Result { () throws(LocaleError) in try Locales.normalize(input) }
        // One deliberate difference from the reference: path-like input is an error (a locale
        // like ../../etc gets a status and a message, as the header says), where the reference quietly
        // normalizes it to root. Negotiation skips it either way, so stacks are the same.
        if expected.hasPrefix("INVALID") || input.hasPrefix(".") || input.contains("/") {
            #expect(throws: LocaleError.self, "\(input)", sourceLocation: sourceLocation) { try result.get() }
        } else if expected.hasPrefix("C/POSIX") {
            #expect(normalized == .untranslated, "\(input)", sourceLocation: sourceLocation)
        } else {
            // "`id` → a > =b > ?c > root"
            let parts = expected.split(separator: " → ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                Issue.record("unreadable expectation '\(expected)' for \(input)", sourceLocation: sourceLocation)
                return
            }
            let id = parts[0].trimmingBackquotes()
            #expect(normalized == .locale(id), "\(input)", sourceLocation: sourceLocation)
            let chain = Locales.chain(for: id).map(\.description) + ["root"]
            #expect(chain.joined(separator: " > ") == parts[1], "\(input)", sourceLocation: sourceLocation)
        }
    }

    @Test func refusesWhatICUCannotOrShouldNotSee() throws {
        #expect(throws: LocaleError(input: String(repeating: "a", count: 101), reason: .tooLong)) {
            try Locales.normalize(String(repeating: "a", count: 101))
        }
        #expect(throws: LocaleError(input: "fr CA", reason: .notPrintableASCII)) { try Locales.normalize("fr CA") }
        #expect(throws: LocaleError(input: "fr\u{0}", reason: .notPrintableASCII)) { try Locales.normalize("fr\u{0}") }
        #expect(throws: LocaleError(input: "français", reason: .notPrintableASCII)) { try Locales.normalize("français") }
        #expect(throws: LocaleError.self) { try Locales.normalize("en-") }  // incomplete BCP 47
        // A language of 100 letters is ICU's to judge: ICU 72 canonicalizes it, ICU 76 refuses a
        // language subtag of 12 letters or more; normalize follows the ICU it runs on.
        let long = String(repeating: "a", count: 100)
        if Self.icuCanonicalizes(long) {
            #expect(try Locales.normalize(long) == .locale(long))
        } else {
            #expect(throws: LocaleError(input: long, reason: .unparsable)) { try Locales.normalize(long) }
        }
    }

    /// The per-major difference above, pinned where it was measured (72 and 76).
    @Test func longLanguageSubtagsAcceptedByICU72RefusedByICU76() {
        let twelve = String(repeating: "a", count: 12)
        #expect(Self.icuCanonicalizes(String(repeating: "a", count: 11)))
        if RunningICUOracle.runningMajor == 72 {
            #expect(Self.icuCanonicalizes(twelve))
            #expect((try? Locales.normalize(twelve)) == .locale(twelve))
        } else if RunningICUOracle.runningMajor >= 76 {
            #expect(!Self.icuCanonicalizes(twelve))
            #expect(throws: LocaleError(input: twelve, reason: .unparsable)) { try Locales.normalize(twelve) }
        }
    }

    /// Whether the running ICU's `uloc_canonicalize` accepts `id`.
    static func icuCanonicalizes(_ id: String) -> Bool {
        var buffer = [CChar](repeating: 0, count: 200)
        var status = U_ZERO_ERROR
        _ = cicu_uloc_canonicalize(id, &buffer, Int32(buffer.count), &status)
        return status.rawValue <= U_ZERO_ERROR.rawValue
    }

    @Test func garbageNeverBecomesAnUnsafeID() throws {
        for pathLike in ["../../etc/passwd", "../../etc", "..", "../fr", "./fr", "fr/CA", "fr\\CA", ".UTF-8"] {
            #expect(throws: LocaleError(input: pathLike, reason: .pathLike)) { try Locales.normalize(pathLike) }
        }
        // Deterministic pseudo-random printable ASCII (xorshift), biased to locale-ish bytes.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("abzAZ09_-.@=/\\%$;:,*~`'\"!?#&()[]{}<>|+^".utf8) + Array(33...126)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            for _ in 0..<(Int(state % 24) + 1) {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                bytes.append(alphabet[Int(state % UInt64(alphabet.count))])
            }
            let input = String(decoding: bytes, as: UTF8.self)
            guard case .locale(let id)? = try? Locales.normalize(input) else { continue }
            #expect(id.utf8.allSatisfy { $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }, "\(input) → \(id)")
            for entry in Locales.chain(for: id) {
                #expect(!entry.id.isEmpty && entry.id != "root" && !entry.id.contains("/"), "\(input) → \(entry.id)")
            }
        }
    }

    @Test func tableKeysResolveAliasesAndRefuseNonLocales() {
        #expect(Locales.tableKey(for: "Base") == nil)
        #expect(Locales.tableKey(for: "C") == nil)
        #expect(Locales.tableKey(for: "und") == nil)
        #expect(Locales.tableKey(for: "fr CA") == nil)
        #expect(Locales.tableKey(for: "zh_TW") == "zh_Hant_TW")
        #expect(Locales.tableKey(for: "zh-TW") == "zh_Hant_TW")
        #expect(Locales.tableKey(for: "zh-Hant") == "zh_Hant")
        #expect(Locales.tableKey(for: "iw") == "he")
        #expect(Locales.tableKey(for: "tl") == "fil")
        #expect(Locales.tableKey(for: "sh") == "sr_Latn")
        #expect(Locales.tableKey(for: "no_NO") == "no")
        #expect(Locales.tableKey(for: "sr@latin") == "sr_Latn")
        #expect(Locales.tableKey(for: "es-419") == "es_419")
        #expect(Locales.tableKey(for: "pt_BR") == "pt_BR")
        #expect(Locales.tableKey(for: "xx") == "xx")
        #expect(Locales.tableKey(for: "az_IR") == "az_IR")
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }

    func trimmingBackquotes() -> String {
        var text = Substring(self)
        if text.hasPrefix("`") { text = text.dropFirst() }
        if text.hasSuffix("`") { text = text.dropLast() }
        return String(text)
    }

    /// `abc…` → `abc` (the table cuts long inputs).
    func replacingEllipsis() -> String { hasSuffix("…") ? String(dropLast()) : self }
}

@Suite struct LocaleChainInputTests {
    @Test func chainRefusesWhatCannotBeANormalizedID() {
        #expect(Locales.chain(for: "").isEmpty)
        #expect(Locales.chain(for: "root").isEmpty)
        #expect(Locales.chain(for: "../fr").isEmpty)
        #expect(Locales.chain(for: "fr\u{0}_CA").isEmpty)
        #expect(Locales.chain(for: "fr-CA").isEmpty)
        #expect(Locales.chain(for: String(repeating: "a", count: 101)).isEmpty)
        #expect(Locales.chain(for: "fr_CA").map(\.id) == ["fr_CA", "fr"])
    }
}
