#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter
import Testing

/// The error rules' keys: a code with a title and no message (or the reverse) in the
/// development table, and keys that look like error keys but can never be read.
@Suite struct LintErrorKeyTests {
    @Test func theOriginalTablesTwoBugs() throws {
        let seed = SharedCorpus.root + "/seed/Localizable.strings"
        guard access(seed, R_OK) == 0 else {
            print("skipped: ../shared/seed/Localizable.strings is absent")
            return
        }
        let bytes = try FileSystem.readBytes(atPath: seed)
        let fixture = try LintFixture().write("en.lproj/Localizable.strings", bytes: bytes)
        // Code 9 has a title and no message; code 8's message is defined twice (the note at the
        // first one follows the warning).
        #expect(try fixture.findings() == [
            "en.lproj/Localizable.strings:9:1: error-title-without-message",
            "en.lproj/Localizable.strings:10:1: duplicate-key",
            "en.lproj/Localizable.strings:8:1: duplicate-key",
        ])
    }

    @Test func pairsAndShapes() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.title" = "Error";
                "errors.D.1.title" = "T";
                "errors.D.1.message" = "M";
                "errors.D.2.message" = "only a message";
                "errors.D.3.titel" = "typo";
                "errors.D.x.title" = "not a code";
                "errors.D.-4.title" = "negative codes are codes";
                "errors.D.-4.message" = "m";
                "errors.network_unavailable" = "an app's own key";
                """)
            .write("fr.lproj/Localizable.strings", "\"errors.D.1.title\" = \"T\";\n")
        #expect(try fixture.findings(codes: ["error-title-without-message", "error-message-without-title",
                                             "error-key-unknown-field", "error-key-non-integer-code"]) == [
            "en.lproj/Localizable.strings:4:1: error-message-without-title",
            "en.lproj/Localizable.strings:5:1: error-key-unknown-field",
            "en.lproj/Localizable.strings:6:1: error-key-non-integer-code",
        ])
    }
}
