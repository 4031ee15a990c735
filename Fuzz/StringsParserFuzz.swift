// libFuzzer target for PropertyListParser (.strings, XML and binary property lists).
//
// Built by `make fuzz-smoke` / `make fuzz-strings` (mk/fuzz.mk) together with the parser's
// sources, so the parser is instrumented and no Swift package is involved. Besides "never
// crash", it checks the result's contract: a value or an error (never both, never neither),
// CF's message with every error, positions that are valid lines and columns, and strings that
// are valid UTF-8 (the parser cuts them out of validated text without validating them again),
// and that sharing another table's keys gives the same result.

@testable import ErrorFormatter

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
    if let value = result.value { checkStringsAreValidUTF8(value) }
    // The array and the raw-buffer entry points must agree.
    let viaArray = PropertyListParser.parse(Array(buffer))
    precondition(viaArray.value == result.value && viaArray.foundationMessage == result.foundationMessage,
                 "entry points disagree")
    // Sharing the keys of a table (this input's own: every key found, in order; the previous
    // input's: mostly not) changes nothing; `==` both ways looks every key up in both tables.
    for source in [result.value?.dictionaryValue, previousTable] {
        let sharing = PropertyListParser.parse(buffer, sharingKeysWith: source)
        precondition(sharing.value == result.value && result.value == sharing.value
                     && sharing.error == result.error && sharing.diagnostics == result.diagnostics,
                     "sharing keys changed the result")
    }
    if let table = result.value?.dictionaryValue { previousTable = table }
    return 0
}

/// The last table parsed, whose keys the next input shares (libFuzzer runs one input at a time).
nonisolated(unsafe) var previousTable: PropertyListDictionary?

/// Every key and string of `value` passes the standard library's own UTF-8 validation.
func checkStringsAreValidUTF8(_ value: PropertyListValue) {
    func check(_ string: String) {
        precondition(String(validating: string.utf8, as: UTF8.self) != nil, "a string that is not valid UTF-8")
        // The parser also tells the string whether it is ASCII; a wrong "yes" would show here,
        // where UTF-16 lengths come from that flag.
        let fresh = String(decoding: Array(string.utf8), as: UTF8.self)
        precondition(fresh.utf16.count == string.utf16.count, "a string with a wrong ASCII flag")
    }
    switch value {
    case .string(let string):
        check(string)
    case .data:
        break
    case .array(let elements):
        elements.forEach(checkStringsAreValidUTF8)
    case .dictionary(let dictionary):
        for (key, element) in dictionary {
            check(key.string)
            checkStringsAreValidUTF8(element)
        }
    }
}
