#if canImport(Glibc)
import Glibc
#endif
@testable import ErrorFormatter

/// Catalog sources that carry the diagnostics loading a catalog directory gives, one fixture
/// per diagnostic (docs/diagnostics.md, docs/table-formats.md, the directory's own): the parsers'
/// failures and warnings for `.strings`, `.stringsdict`, String Catalogs and JSON tables, and
/// what the directory walk reports (names, links, file types, sizes, U+0000).
///
/// Each fixture writes its files into a directory under a table name it is given, so that any
/// number of them can share one catalog. Left out: `duplicate-table` (only an in-memory builder
/// adds one table twice), `too-many-entries` (Tests/Limits), `vanished-file` (a race),
/// `unknown-parse-error` (never seen) and, when the tests run as root, `unreadable-file`.
enum LoadingDiagnosticFixtures {
    struct Fixture: Sendable, CustomStringConvertible {
        /// The code the fixture's files give.
        let code: String
        /// What in them gives it, for messages.
        let what: String
        let write: @Sendable (_ directory: LintFixture, _ table: String) -> Void

        var description: String { "\(code) (\(what))" }
    }

    /// A `.strings` table `en.lproj/<table>.strings` holding `bytes`.
    private static func strings(_ code: String, _ what: String, _ bytes: [UInt8]) -> Fixture {
        Fixture(code: code, what: what) { directory, table in directory.write("en.lproj/\(table).strings", bytes: bytes) }
    }

    private static func strings(_ code: String, _ text: String) -> Fixture {
        strings(code, text, Array(text.utf8))
    }

    private static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n"
    }

    /// A `.stringsdict` table whose one entry `k` is `entry` (a `<dict>` body).
    private static func stringsDict(_ code: String, _ what: String, entry: String) -> Fixture {
        Fixture(code: code, what: what) { directory, table in
            directory.write("en.lproj/\(table).stringsdict", plist("<dict><key>k</key>\(entry)</dict>"))
        }
    }

    private static func pluralVariable(_ variants: String, valueType: Bool = true) -> String {
        "<dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + (valueType ? "<key>NSStringFormatValueTypeKey</key><string>lld</string>" : "") + variants + "</dict>"
    }

    /// A String Catalog `<table>.xcstrings` of `text`.
    private static func stringCatalog(_ code: String, _ what: String, _ text: String) -> Fixture {
        Fixture(code: code, what: what) { directory, table in directory.write("\(table).xcstrings", text) }
    }

    /// A String Catalog whose one key `k` has `localization` in English.
    private static func stringCatalog(_ code: String, _ what: String, localization: String) -> Fixture {
        stringCatalog(code, what, "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": "
            + "{\"en\": \(localization)}}}, \"version\": \"1.0\"}")
    }

    private static func unit(_ value: String) -> String {
        "{\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(value)\"}}"
    }

    /// A JSON table `en.lproj/<table>.json` of `text`.
    private static func json(_ code: String, _ what: String, _ text: String) -> Fixture {
        Fixture(code: code, what: what) { directory, table in directory.write("en.lproj/\(table).json", text) }
    }

    /// `name` (bytes, perhaps not UTF-8) created empty inside `directory`.
    private static func create(_ name: [UInt8], in directory: String) {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) } }
        }
        if let descriptor, descriptor >= 0 { close(descriptor) }
    }

    static let all: [Fixture] = {
        var fixtures: [Fixture] = [
            // .strings failures, as CoreFoundation fails them
            strings("missing-semicolon", "\"a\" = \"b\"\n\n\"c\" = \"d\";"),
            strings("missing-equals", "\"a\" \"b\";"),
            strings("unexpected-character", "\"a\" = ;"),
            strings("unexpected-end-of-file", "\"a\" ="),
            strings("unterminated-string", "\"a\" = \"b;"),
            strings("unterminated-escape", "\"a\" = \"b\\"),
            strings("junk-after-plist", "{ \"a\" = \"b\"; } x"),
            strings("unterminated-dictionary", "\"a\" = { \"k\" = \"v\"; ;"),
            strings("unterminated-array", "\"a\" = (\"x\" \"y\");"),
            strings("missing-array-comma", "\"a\" = (\"x\""),
            strings("malformed-data", "\"a\" = <0fb>;"),
            strings("unterminated-data", "\"a\" = <0f"),
            strings("too-deep", "\"a\" = " + String(repeating: "{\"a\" = ", count: 600) + "\"x\";" + String(repeating: "};", count: 600)),
            strings("invalid-utf8", "a Latin-1 byte", Array("\"a\" = \"caf".utf8) + [0xE9] + Array("\";".utf8)),
            strings("invalid-encoding", "UTF-32 past U+10FFFF", [0xFF, 0xFE, 0x00, 0x00, 0x00, 0x00, 0x11, 0x00]),
            strings("empty-text", "only a byte-order mark", [0xEF, 0xBB, 0xBF]),
            strings("invalid-xml-plist", "<plist><dict><key>a</key></plist>"),
            strings("invalid-binary-plist", "a truncated binary plist", Array("bplist00".utf8) + [0x00, 0x01]),
            strings("not-a-table", "\"a lone string\""),
            // .strings warnings
            strings("empty-file", "0 bytes", []),
            strings("duplicate-key", "\"a\" = \"1\";\n\"a\" = \"2\";"),
            strings("silent-truncation", "\"a\" = \"b\";;\n\"c\" = \"d\";"),
            strings("unterminated-comment", "\"a\" = \"b\";\n/* TODO"),
            strings("lowercase-u-escape", "\"a\" = \"\\u203A\";"),
            strings("bomless-utf16", "UTF-16 without its mark",
                    Array("\"a\" = \"b\";".utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] })),
            strings("whitespace-lookalike", "\"a\"\u{A0}= \"b\";"),
            strings("lone-surrogate", "\"a\" = \"\\UD83D\";"),
            strings("non-string-value", plist("<dict><key>a</key><integer>42</integer></dict>")),
            strings("nul-in-value", "\"a\" = \"x\\U0000y\";"),
            // .stringsdict
            Fixture(code: "not-a-dictionary", what: "an array at the top") { directory, table in
                directory.write("en.lproj/\(table).stringsdict", plist("<array/>"))
            },
            Fixture(code: "empty-file", what: "an empty .stringsdict") { directory, table in
                directory.write("en.lproj/\(table).stringsdict", bytes: [])
            },
            stringsDict("missing-format-key", "no format", entry: "<dict><key>n</key>\(pluralVariable("<key>other</key><string>x</string>"))</dict>"),
            stringsDict("undefined-variable", "%#@n@ without n", entry: "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>"),
            stringsDict("unknown-rule-type", "a made-up rule", entry: "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>Bogus</string><key>other</key><string>x</string></dict></dict>"),
            stringsDict("missing-other-variant", "a plural without other", entry: "<dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@n@</string><key>n</key>\(pluralVariable("<key>one</key><string>x</string>"))</dict>"),
            stringsDict("unexpected-value-type", "an entry that is an array", entry: "<array/>"),
            stringsDict("missing-rule-type", "a dictionary that is no variable", entry: "<dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>x</string><key>n</key><dict><key>other</key><string>x</string></dict></dict>"),
            stringsDict("missing-value-type", "a plural without value type", entry: "<dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@n@</string><key>n</key>\(pluralVariable("<key>other</key><string>x</string>", valueType: false))</dict>"),
            stringsDict("unknown-plural-category", "a variant 'seven'", entry: "<dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@n@</string><key>n</key>\(pluralVariable("<key>seven</key><string>7</string><key>other</key><string>x</string>"))</dict>"),
            Fixture(code: "nul-in-value", what: "U+0000 in a variant") { directory, table in
                directory.write("en.lproj/\(table).stringsdict", "{ \"k\" = { NSStringLocalizedFormatKey = \"%#@n@\"; "
                    + "n = { NSStringFormatSpecTypeKey = NSStringPluralRuleType; NSStringFormatValueTypeKey = lld; "
                    + "other = \"x\\U0000y\"; }; }; }")
            },
            // String Catalogs
            stringCatalog("not-an-object", "an array", "[]"),
            stringCatalog("missing-source-language", "no sourceLanguage", "{\"strings\": {}}"),
            stringCatalog("missing-strings", "no strings", "{\"sourceLanguage\": \"en\"}"),
            stringCatalog("unexpected-value-type", "a number for sourceLanguage", "{\"sourceLanguage\": 1, \"strings\": {}}"),
            stringCatalog("invalid-json", "an unclosed object", "{"),
            stringCatalog("nesting-too-deep", "129 nested arrays", String(repeating: "[", count: 129) + String(repeating: "]", count: 129)),
            stringCatalog("byte-order-mark", "a UTF-8 byte-order mark", "\u{FEFF}{\"sourceLanguage\": \"en\", \"strings\": {}}"),
            stringCatalog("duplicate-key", "sourceLanguage twice", "{\"sourceLanguage\": \"en\", \"sourceLanguage\": \"en\", \"strings\": {}}"),
            stringCatalog("lone-surrogate", "\\uD800 alone", localization: unit("\\uD800")),
            stringCatalog("missing-value", "a unit without value", localization: "{\"stringUnit\": {\"state\": \"translated\"}}"),
            stringCatalog("unknown-state", "a made-up state", localization: "{\"stringUnit\": {\"state\": \"weird\", \"value\": \"x\"}}"),
            stringCatalog("missing-string-unit", "an empty localization", localization: "{}"),
            stringCatalog("unsupported-string-set", "a string set", localization: "{\"stringSet\": {\"values\": [\"a\"]}}"),
            stringCatalog("unsupported-variations", "width variations", localization: "{\"variations\": {\"width\": {}}}"),
            stringCatalog("missing-other-variant", "a plural without other",
                          localization: "{\"variations\": {\"plural\": {\"one\": \(unit("x"))}}}"),
            stringCatalog("undefined-variable", "%#@n@ without n", localization: unit("%#@n@")),
            stringCatalog("invalid-arg-num", "argNum 0", localization: "{\"stringUnit\": {\"state\": \"translated\", \"value\": \"%#@n@\"}, "
                + "\"substitutions\": {\"n\": {\"argNum\": 0, \"formatSpecifier\": \"lld\", \"variations\": {\"plural\": {\"other\": \(unit("%arg"))}}}}}"),
            stringCatalog("missing-format-specifier", "no formatSpecifier", localization: "{\"stringUnit\": {\"state\": \"translated\", \"value\": \"%#@n@\"}, "
                + "\"substitutions\": {\"n\": {\"variations\": {\"plural\": {\"other\": \(unit("%arg"))}}}}}"),
            stringCatalog("unknown-plural-category", "a variant 'seven'",
                          localization: "{\"variations\": {\"plural\": {\"seven\": \(unit("7")), \"other\": \(unit("x"))}}}"),
            stringCatalog("unknown-localization", "a language that is no locale",
                          "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"not a locale!\": \(unit("x"))}}}}"),
            stringCatalog("nul-in-value", "U+0000 in a text", localization: unit("x\\u0000y")),
            Fixture(code: "misplaced-string-catalog", what: "a String Catalog inside a .lproj") { directory, table in
                directory.write("en.lproj/\(table).xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {}}")
            },
            Fixture(code: "invalid-utf8", what: "a String Catalog with a byte 0xFF") { directory, table in
                directory.write("\(table).xcstrings", bytes: Array("{\"sourceLanguage\": \"en\", \"strings\": {\"".utf8) + [0xFF]
                    + Array("\": {}}}".utf8))
            },
            // JSON tables
            json("not-an-object", "an array", "[]"),
            json("unexpected-value-type", "a number", "{\"k\": 1}"),
            json("missing-other-variant", "a plural without other", "{\"k\": {\"one\": \"x\"}}"),
            json("unknown-plural-category", "a variant 'seven'", "{\"k\": {\"seven\": \"7\", \"other\": \"x\"}}"),
            json("nul-in-value", "U+0000 in a text", "{\"k\": \"x\\u0000y\"}"),
            // The directory
            Fixture(code: "unknown-localization", what: "a .lproj that is no locale") { directory, table in
                directory.write("not a locale!.lproj/\(table).strings", "\"a\" = \"b\";")
            },
            Fixture(code: "unsupported-file-type", what: "a directory named like a table") { directory, table in
                _ = mkdir(directory.root + "/\(table).strings", 0o755)
            },
            Fixture(code: "unsupported-file-type", what: "a FIFO named like a table") { directory, table in
                _ = mkdir(directory.root + "/en.lproj", 0o755)
                _ = mkfifo(directory.root + "/en.lproj/\(table).strings", 0o644)
            },
            Fixture(code: "outside-catalog", what: "a link to a table outside") { directory, table in
                _ = symlink(TestSupport.exampleCatalog + "/en.lproj/Localizable.strings", directory.root + "/\(table).strings")
            },
            Fixture(code: "link-loop", what: "a link to itself") { directory, table in
                _ = symlink("\(table).strings", directory.root + "/\(table).strings")
            },
            Fixture(code: "invalid-file-name", what: "a table named in Latin-1") { directory, table in
                _ = mkdir(directory.root + "/en.lproj", 0o755)
                create(Array(table.utf8) + [0xE9] + Array(".strings".utf8), in: directory.root + "/en.lproj")
            },
            Fixture(code: "file-too-large", what: "a table past the size limit") { directory, table in
                directory.write("en.lproj/\(table).strings", "")
                _ = truncate(directory.root + "/en.lproj/\(table).strings", off_t(Limits.maximumTableFileBytes + 1))
            },
        ]
        if getuid() != 0 {
            fixtures.append(Fixture(code: "unreadable-file", what: "a table nobody may read") { directory, table in
                directory.write("en.lproj/\(table).strings", "\"a\" = \"b\";")
                _ = chmod(directory.root + "/en.lproj/\(table).strings", 0)
            })
        }
        return fixtures
    }()

    /// A catalog directory holding the fixtures, each under its own table (`T0`, `T1`...), and
    /// a good table in English so that every catalog has one.
    static func directory(with fixtures: [Fixture]) throws -> LintFixture {
        let directory = try LintFixture()
        directory.write("en.lproj/Localizable.strings", "\"title\" = \"Title\";")
        for (index, fixture) in fixtures.enumerated() { fixture.write(directory, "T\(index)") }
        return directory
    }
}
