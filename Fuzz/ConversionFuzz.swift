// libFuzzer target for table conversion (Sources/ErrorFormatter/Conversion): any input that a
// loader reads is written in every format and read back. Built by mk/fuzz-convert.mk together
// with the library sources, in one module.
//
// The input's first byte picks the source format (0 .strings, 1 .stringsdict, 2 .xcstrings,
// 3 JSON table, modulo 4); the rest is the file. Findings: a crash, a sanitizer report, or a
// writer's output that reads back different from what it was given without saying so:
// - .strings and .stringsdict written from .strings, and .stringsdict from any single-language
//   source, must read back to the same table, except the entries reported left out;
// - every target must read back every text it did not report, unchanged.

@testable import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

private func violated(_ message: String) -> Never {
    // On stderr, unbuffered: abort() does not flush stdout, and the message is the finding.
    var line = "invariant violated: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConversion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let formats: [TableFile.Format] = [.strings, .stringsDict, .stringCatalog, .json]
    let source = formats[Int(bytes[0] % 4)]
    guard let document = TableDocument.read(bytes: Array(bytes.dropFirst()), format: source, language: "en").document
    else { return 0 }
    for target in formats {
        guard let written = TableConversion.write(document, as: target) else { violated("no output for the source language") }
        let back = TableDocument.read(bytes: written.bytes, format: target, language: document.sourceLanguage)
        guard let again = back.document else {
            violated("\(source.fileExtension) → \(target.fileExtension) does not read back: \(back.failure?.description ?? "")")
        }
        let languages = target == .stringCatalog ? document.languages : Array(document.languages.prefix(1))
        for language in languages {
            let left = ConversionDiagnostic.leftOutKeys(written.diagnostics, in: language)
            let other = again.language(named: language.name)
            var values: [TableKey: TableDocument.Value] = [:]
            for entry in other?.entries ?? [] { values[entry.key] = entry.value }
            let exact = target == .stringsDict || (source == .strings && target == .strings)
            for entry in language.entries where !left.contains(entry.key) {
                switch entry.value {
                case .text, .propertyList:
                    if values[entry.key] != entry.value {
                        violated("\(source.fileExtension) → \(target.fileExtension): \(entry.key) changed")
                    }
                case .variable:
                    if exact, values[entry.key] != entry.value {
                        violated("\(source.fileExtension) → \(target.fileExtension): variable \(entry.key) changed")
                    }
                    if values[entry.key] == nil {
                        violated("\(source.fileExtension) → \(target.fileExtension): variable \(entry.key) lost silently")
                    }
                }
            }
        }
    }
    return 0
}
