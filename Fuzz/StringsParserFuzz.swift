// libFuzzer target for PropertyListParser (.strings, XML and binary property lists).
//
// Built by `make fuzz-smoke` / `make fuzz-strings` (mk/fuzz.mk) together with the parser's
// sources, so the parser is instrumented and no Swift package is involved. Besides "never
// crash", it checks the result's contract: a value or an error (never both, never neither),
// CF's message with every error, positions that are valid lines and columns.

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsParserFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let buffer = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let result = PropertyListParser.parse(buffer)
    if result.value == nil {
        precondition(result.error != nil, "a failure without an error")
        precondition(result.foundationMessage != nil, "a failure without CF's message")
    } else {
        precondition(result.error == nil, "a value together with an error")
    }
    for diagnostic in result.diagnostics + (result.error.map { [$0] } ?? []) {
        precondition(diagnostic.line >= 0 && diagnostic.column >= 0, "negative position")
        precondition((diagnostic.line == 0) == (diagnostic.column == 0), "half a position")
        precondition(!diagnostic.code.isEmpty && !diagnostic.message.contains("\n"), "malformed diagnostic")
    }
    // The array and the raw-buffer entry points must agree.
    let viaArray = PropertyListParser.parse(Array(buffer))
    precondition(viaArray.value == result.value && viaArray.foundationMessage == result.foundationMessage,
                 "entry points disagree")
    return 0
}
