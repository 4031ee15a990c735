// libFuzzer target for the JSON parser and the loaders built on it (String Catalogs and flat
// JSON tables). Built by mk/fuzz-catalog.mk together with the library sources it needs, in one
// module, so internal invariants can be checked too.
//
// A crash, a sanitizer report or a failed check below is a finding: the loaders run inside C
// calls, where a Swift trap kills the host process.

@testable import ErrorFormatter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the run with a message libFuzzer records along with the input.
private func violated(_ message: String) -> Never {
    print("invariant violated: \(message)")
    abort()
}

/// Every diagnostic has a stable code and a position that is either unknown (0) or 1-based.
private func check(_ diagnostics: [Diagnostic], _ what: String) {
    for diagnostic in diagnostics {
        if diagnostic.code.isEmpty { violated("\(what): diagnostic without a code") }
        if diagnostic.line < 0 || diagnostic.column < 0 || (diagnostic.line == 0) != (diagnostic.column == 0) {
            violated("\(what): bad position \(diagnostic.line):\(diagnostic.column) for \(diagnostic.code)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    let parsed = JSONParser.parse(bytes)
    if (parsed.value == nil) == (parsed.error == nil) { violated("JSON: exactly one of value and error") }
    check(parsed.diagnostics + (parsed.error.map { [$0] } ?? []), "JSON")

    let catalog = StringCatalogFile.load(bytes: bytes)
    check(catalog.diagnostics + (catalog.failure.map { [$0] } ?? []), "catalog")
    if let failure = catalog.failure {
        if !catalog.tables.isEmpty || failure.severity != .error { violated("catalog: failure with tables") }
    } else if let source = catalog.sourceLanguage {
        if catalog.tables[source] == nil { violated("catalog: no table for the source language") }
        if parsed.value == nil { violated("catalog: loaded what the JSON parser rejects") }
    } else {
        violated("catalog: neither failure nor source language")
    }

    let table = JSONTableFile.load(bytes: bytes)
    check(table.diagnostics + (table.failure.map { [$0] } ?? []), "JSON table")
    if (table.contents == nil) == (table.failure == nil) { violated("JSON table: exactly one of contents and failure") }
    return 0
}
