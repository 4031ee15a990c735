import Testing
@testable import ErrorFormatter

/// Every `.strings` file of the shared real-world corpus must come out exactly as Foundation
/// parsed it: same accept/reject, and for accepted files the same table, byte for byte in the
/// corpus's canonical JSON.
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct StringsCorpusConformanceTests {
    struct Row {
        var path: String
        var isAccepted: Bool
        var keyCount: Int
    }

    static func rows() throws -> [Row] {
        let tsv = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/foundation-results.tsv")
        let lines = String(decoding: tsv, as: UTF8.self).split(separator: "\n").dropFirst()
        return lines.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return Row(path: String(fields[0]), isAccepted: fields[1] == "OK", keyCount: Int(fields[2]) ?? -1)
        }
    }

    @Test func everyFileMatchesFoundation() throws {
        let rows = try Self.rows()
        #expect(rows.count == 2643)
        var mismatches: [String] = []
        var compared = 0
        for row in rows {
            let bytes = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + row.path)
            let result = PropertyListParser.parse(bytes)
            let table = result.value?.dictionaryValue
            guard row.isAccepted else {
                if table != nil { mismatches.append("\(row.path): accepted, Foundation rejects it") }
                continue
            }
            guard let table else {
                mismatches.append("\(row.path): rejected (\(result.error?.description ?? "not a dictionary")), Foundation accepts it")
                continue
            }
            let expected = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/expected/" + row.path + ".json")
            let actual = CanonicalJSON.serialize(.dictionary(table))
            compared += 1
            if actual != expected {
                mismatches.append("\(row.path): table differs (\(table.count) keys, Foundation \(row.keyCount)); first difference: \(Self.firstDifference(actual, expected))")
            }
        }
        #expect(compared == 2472)
        #expect(mismatches.isEmpty, "\(mismatches.count) files disagree:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test func zeroByteFilesAreRejectedLikeFoundation() throws {
        let empty = try Self.rows().filter { !$0.isAccepted && $0.keyCount == 0 }
        var zeroByte = 0
        for row in empty {
            let bytes = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + row.path)
            guard bytes.isEmpty else { continue }
            zeroByte += 1
            let result = PropertyListParser.parse(bytes)
            #expect(result.error?.code == "empty-file")
            #expect(result.foundationMessage == "Cannot parse a NULL or zero-length data")
        }
        #expect(zeroByte == 168)
    }

    /// The three shipped files with real syntax errors; CF logs the line in its console message.
    @Test(arguments: [
        ("MonitorControl__MonitorControl/MonitorControl/UI/cs.lproj/Main.strings", "Missing ';' on line 215"),
        ("MonitorControl__MonitorControl/MonitorControl/UI/pt-BR.lproj/Main.strings", "Missing ';' on line 302"),
        ("MonitorControl__MonitorControl/MonitorControl/UI/pt-PT.lproj/Main.strings", "Missing ';' on line 302"),
    ])
    func shippedSyntaxErrors(path: String, message: String) throws {
        let bytes = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + path)
        let result = PropertyListParser.parse(bytes)
        #expect(result.value == nil)
        #expect(result.foundationMessage == message)
        #expect(result.error?.code == "missing-semicolon")
    }

    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
        let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (mine, theirs)) in zip(actualLines, expectedLines).enumerated() where mine != theirs || !mine.utf8.elementsEqual(theirs.utf8) {
            return "line \(index + 1): ours \(mine.prefix(120)) | Foundation \(theirs.prefix(120))"
        }
        return "line counts \(actualLines.count) vs \(expectedLines.count)"
    }
}
