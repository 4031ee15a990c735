/// CF's failures, each with our message, recorded out of line.
///
/// The parser recurses once per nested container (up to CF's 512 levels) and may run on a
/// caller's small thread stack, so the recursive functions must have small frames. Building a
/// message (string interpolation, character description) needs a lot of stack; doing it in
/// these `@inline(never)` functions keeps that space off every recursion level.
extension OldStylePropertyListParser {
    /// Records a failure (CF's `parseInfo_setError` replaces any earlier one).
    @inline(never)
    mutating func fail(
        _ kind: PropertyListParseFailure.Kind, at offset: Int, reportedAt reported: Int? = nil, message: String
    ) {
        failure = PropertyListParseFailure(kind, at: offset, reportedAt: reported, message: message)
    }

    /// CF clears its error on some success paths. Usually there is none, and then not storing
    /// `nil` spares destroying the old value on every string parsed.
    @inline(__always)
    mutating func clearFailure() {
        if failure != nil { failure = nil }
    }

    @inline(never)
    mutating func failJunkAfterPlist() {
        fail(.junkAfterPlist, at: position,
             message: "unexpected \(describeCharacter(at: position)) after the complete property list")
    }

    @inline(never)
    mutating func failTooDeep() {
        fail(.tooDeep, at: position, message: "more than \(Self.maximumDepth) nested arrays or dictionaries")
    }

    @inline(never)
    mutating func failUnexpectedEndOfFile() {
        fail(.unexpectedEndOfFile, at: position, message: "the file ends where a value was expected")
    }

    /// A value cannot start with the character at the cursor.
    @inline(never)
    mutating func failUnexpectedCharacter() {
        fail(.unexpectedCharacter(utf16Unit(at: position)), at: position,
             message: "unexpected \(describeCharacter(at: position)) where a value was expected")
    }

    @inline(never)
    mutating func failUnterminatedDictionary() {
        fail(.unterminatedDictionary, at: position,
             message: "expected '}' to close the dictionary, found \(describeCharacter(at: position))")
    }

    @inline(never)
    mutating func failArrayAtEndOfFile() {
        fail(.expectedArrayComma, at: position, message: "the file ends inside an array")
    }

    @inline(never)
    mutating func failUnterminatedArray() {
        fail(.unterminatedArray, at: position,
             message: "expected ',' or ')' in the array, found \(describeCharacter(at: position))")
    }

    /// CF reports the cursor's line (the next token); we report where the `;` belongs.
    @inline(never)
    mutating func failMissingSemicolon(after key: String, isValue: Bool, endingAt end: Int) {
        let subject = isValue ? "the value of \(quotedForMessage(key))" : "key \(quotedForMessage(key))"
        fail(.missingSemicolon, at: position, reportedAt: end, message: "missing ';' after \(subject)")
    }

    @inline(never)
    mutating func failMissingEquals(after key: String) {
        fail(.expectedSemicolonOrEquals, at: position,
             message: "expected '=' or ';' after key \(quotedForMessage(key)), found \(describeCharacter(at: position))")
    }
}
