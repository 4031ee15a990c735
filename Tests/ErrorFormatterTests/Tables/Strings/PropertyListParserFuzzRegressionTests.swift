import Testing
@testable import ErrorFormatter

/// Replays the fuzzer's seeds and every input that once crashed or misbehaved
/// (`Fuzz/Corpus/strings/regressions/`), checking the result contract the fuzz harness checks.
@Suite struct PropertyListParserFuzzRegressionTests {
    static let corpus = TestSupport.packageRoot + "/Fuzz/Corpus/strings"

    static func inputs() -> [String] {
        var paths: [String] = []
        for directory in [corpus, corpus + "/regressions"] {
            let names = (try? FileSystem.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where FileSystem.entryType(atPath: directory + "/" + name) == .file {
                paths.append(directory + "/" + name)
            }
        }
        return paths
    }

    @Test func seedsArePresent() {
        #expect(Self.inputs().count >= 30)
    }

    @Test(arguments: inputs())
    func replay(_ path: String) throws {
        let bytes = try FileSystem.readBytes(atPath: path)
        let result = PropertyListParser.parse(bytes)
        #expect((result.value == nil) == (result.error != nil))
        if result.value == nil { #expect(result.foundationMessage != nil) }
        for diagnostic in result.diagnostics + (result.error.map { [$0] } ?? []) {
            #expect(diagnostic.line >= 0 && diagnostic.column >= 0)
            #expect((diagnostic.line == 0) == (diagnostic.column == 0))
            #expect(!diagnostic.message.contains("\n"))
        }
        let again = bytes.withUnsafeBytes { PropertyListParser.parse($0) }
        #expect(again.value == result.value)
        #expect(again.diagnostics == result.diagnostics)
    }
}
