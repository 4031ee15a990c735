import Foundation
import Testing

/// The `errfmt` executable of the same build, if it was built.
enum BuiltErrfmt {
    static let path: String? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("errfmt").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()
}

/// `errfmt dump` output is a tooling contract; these run the built `errfmt` next to the test
/// bundle (skipped when it has not been built, e.g. `swift build --product` of tests only).
@Suite(.enabled(if: BuiltErrfmt.path != nil, "errfmt is not built next to the test bundle"))
struct DumpCommandOutputTests {
    static var errfmt: String? { BuiltErrfmt.path }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String], files: [String: [UInt8]]) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("errfmt-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in files {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: errfmt ?? "/nonexistent")
        process.arguments = ["dump"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    static let files: [String: [UInt8]] = [
        "good.strings": Array("\"a\" = \"1\";\n\"n\" = (\"x\", <0aff>);\n\"a\" = \"2\";\n".utf8),
        "bad.strings": Array("\"a\" = \"b\"\n\n\"c\" = \"d\";\n".utf8),
        "string.strings": Array("\"just a string\"".utf8),
        "empty.strings": [],
    ]

    @Test func json() throws {
        let run = try Self.run(["--json", "good.strings", "bad.strings", "string.strings", "empty.strings"], files: Self.files)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"file":"good.strings","ok":true,"entries":{"a":"2","n":["x",{"$data":"0aff"}]},"diagnostics":[{"severity":"warning","code":"duplicate-key","line":3,"column":1,"message":"duplicate key \"a\"; this later value replaces the earlier one"},{"severity":"note","code":"duplicate-key","line":1,"column":1,"message":"earlier definition of \"a\", ignored"}]}"#,
            #"{"file":"bad.strings","ok":false,"error":{"code":"missing-semicolon","message":"missing ';' after the value of \"a\"","line":1,"column":10,"foundationMessage":"Missing ';' on line 3"},"diagnostics":[]}"#,
            #"{"file":"string.strings","ok":false,"error":{"code":"not-a-table","message":"the property list is a string, not a dictionary, so it is not a string table","line":1,"column":1,"foundationMessage":null},"diagnostics":[]}"#,
            #"{"file":"empty.strings","ok":false,"error":{"code":"empty-file","message":"the file is empty (0 bytes)","line":1,"column":1,"foundationMessage":"Cannot parse a NULL or zero-length data"},"diagnostics":[]}"#,
        ])
    }

    @Test func count() throws {
        let run = try Self.run(["--count", "good.strings", "bad.strings"], files: Self.files)
        #expect(run.status == 1)
        #expect(run.output == "good.strings\tok\t2\nbad.strings\terror\t0\n")
    }

    @Test func textReadsBackAndReportsOnStandardError() throws {
        let run = try Self.run(["good.strings"], files: Self.files)
        #expect(run.status == 0)
        #expect(run.output == "\"a\" = \"2\";\n\"n\" = (\"x\", <0aff>);\n")
        #expect(run.errors.hasPrefix("good.strings:3:1: warning: duplicate key \"a\""))
        #expect(run.errors.contains("[duplicate-key]"))
    }

    @Test func usage() throws {
        #expect(try Self.run([], files: [:]).status == 2)
        #expect(try Self.run(["--json", "--count", "x"], files: [:]).status == 2)
        #expect(try Self.run(["--bogus"], files: [:]).status == 2)
        let help = try Self.run(["--help"], files: [:])
        #expect(help.status == 0)
        #expect(help.output.contains("usage: errfmt dump"))
    }
}
