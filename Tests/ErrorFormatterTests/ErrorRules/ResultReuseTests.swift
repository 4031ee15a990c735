import Testing
@testable import ErrorFormatter

/// The one decision of what a formatted error may answer later calls with, under which key, and
/// the memo that keeps such results bounded in bytes.
@Suite struct ResultReuseTests {
    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Something Went Wrong";
        "errors.message" = "Please try again.";
        "errors.D.1.title" = "One";
        "errors.D.1.message" = "The first error.";
        "errors.D.2.title" = "Two: %@";
        """

    let formatter: ErrorMessageFormatter

    init() throws {
        formatter = ErrorMessageFormatter(catalog: try TestSupport.catalog([("en", Self.english)]))
    }

    /// What the C layer keeps of a result, reduced to its texts and rules for these tests.
    static func bytes(_ result: FormattedError) -> [UInt8] {
        Array(([result.title, result.message, result.button] + result.provenance.map(\.rule)).joined(separator: "\0").utf8)
    }

    /// The key of `error` for `preferences`: the error's part as ResultReuse writes it, then the
    /// preferences, each followed by a NUL (as the C layer appends them).
    static func key(_ error: ErrorInfo, preferences: [String] = ["en"]) -> [UInt8] {
        let texts = ResultReuse.presentTexts(
            description: ResultReuse.isPresent(error.description),
            failureReason: ResultReuse.isPresent(error.failureReason),
            recoverySuggestion: ResultReuse.isPresent(error.recoverySuggestion))
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = Array(error.table.utf8).withUnsafeBytes { table in
            Array(error.domain.utf8).withUnsafeBytes { domain in
                buffer.withUnsafeMutableBytes {
                    ResultReuse.writeErrorKey(code: error.code, presentTexts: texts, table: table, domain: domain, into: $0)
                }
            }
        }
        return Array(buffer.prefix(count ?? 0)) + preferences.flatMap { Array($0.utf8) + [0] }
    }

    /// Offers `error`'s result to `memo` as the C layer does; returns the result and whether it was kept.
    func offer(_ error: ErrorInfo, to memo: ResultReuse) -> (FormattedError, Bool) {
        let result = formatter.format(error, preferences: ["en"])
        let kept = Self.bytes(result).withUnsafeBytes { output in
            Self.key(error).withUnsafeBytes {
                memo.remember(output, under: $0, hasArguments: !error.arguments.isEmpty,
                              showsCallerText: result.showsCallerText)
            }
        }
        return (result, kept)
    }

    func found(_ error: ErrorInfo, in memo: ResultReuse) -> [UInt8]? {
        Self.key(error).withUnsafeBytes { memo.find($0, hasArguments: !error.arguments.isEmpty).map { Array($0) } }
    }

    @Test func aShownDescriptionIsNeverReused() {
        let memo = ResultReuse(byteBudget: 1 << 16)
        let shown = ErrorInfo(domain: "D", code: 3, description: "Described.")
        let (result, kept) = offer(shown, to: memo)
        #expect(result.message == "Described.")
        #expect(!kept)
        #expect(found(shown, in: memo) == nil)
        // Another call with a description, whatever it says, is never answered with this one.
        #expect(found(ErrorInfo(domain: "D", code: 3, description: "Something else."), in: memo) == nil)
    }

    @Test func anUnshownDescriptionIsReusedAndAnswersAsWithoutIt() {
        let memo = ResultReuse(byteBudget: 1 << 16)
        let unshown = ErrorInfo(domain: "D", code: 1, description: "Unused: the key wins.")
        let (result, kept) = offer(unshown, to: memo)
        #expect(result.message == "The first error.")
        #expect(kept)
        // Any other description is passed over by the same rules: the same answer.
        let other = ErrorInfo(domain: "D", code: 1, description: "Another text.")
        #expect(found(other, in: memo) == Self.bytes(result))
        #expect(Self.bytes(formatter.format(other, preferences: ["en"])) == Self.bytes(result))
        // Without a description the rules give the same answer too; the key says only what is
        // certain, so that call has a key of its own.
        let without = ErrorInfo(domain: "D", code: 1)
        #expect(formatter.format(without, preferences: ["en"]) == result)
        #expect(found(without, in: memo) == nil)
        #expect(offer(without, to: memo).1)
        #expect(found(without, in: memo) == Self.bytes(result))
    }

    /// Why which texts are present is part of the key: a result made without a description
    /// would be wrong for the same error with one.
    @Test func anAbsentTextIsPartOfTheKey() {
        let memo = ResultReuse(byteBudget: 1 << 16)
        let without = ErrorInfo(domain: "D", code: 3)
        let (result, kept) = offer(without, to: memo)
        #expect(result.message == "Please try again.")
        #expect(kept)
        let described = ErrorInfo(domain: "D", code: 3, description: "Described.")
        #expect(found(described, in: memo) == nil)
        #expect(formatter.format(described, preferences: ["en"]).message == "Described.")
        // An empty text counts as absent, as the rules count it.
        #expect(found(ErrorInfo(domain: "D", code: 3, description: ""), in: memo) == Self.bytes(result))
    }

    @Test func resultsWithArgumentsAreNeverReused() {
        let memo = ResultReuse(byteBudget: 1 << 16)
        let withArgument = ErrorInfo(domain: "D", code: 2, arguments: [.string("x")])
        let (result, kept) = offer(withArgument, to: memo)
        #expect(result.title == "Two: x")
        #expect(!result.showsCallerText)
        #expect(!kept)
        // Kept without arguments, never handed to a call that has some (the keys are equal).
        let without = ErrorInfo(domain: "D", code: 2)
        #expect(offer(without, to: memo).1)
        #expect(Self.key(without) == Self.key(withArgument))
        #expect(found(withArgument, in: memo) == nil)
        #expect(found(without, in: memo) != nil)
        #expect(!ResultReuse.mayReuse(hasArguments: true, showsCallerText: false))
    }

    @Test func keysTellTheirPartsApart() {
        #expect(Self.key(ErrorInfo(domain: "D", code: 1)) != Self.key(ErrorInfo(domain: "D", code: 2)))
        #expect(Self.key(ErrorInfo(domain: "D", code: 1)) != Self.key(ErrorInfo(domain: "E", code: 1)))
        #expect(Self.key(ErrorInfo(domain: "c", code: 1, table: "ab")) != Self.key(ErrorInfo(domain: "bc", code: 1, table: "a")))
        #expect(Self.key(ErrorInfo(domain: "D", code: 1), preferences: ["fr"]) != Self.key(ErrorInfo(domain: "D", code: 1)))
        for (error, bit) in [(ErrorInfo(domain: "D", code: 1, description: "d"), 1),
                             (ErrorInfo(domain: "D", code: 1, failureReason: "f"), 2),
                             (ErrorInfo(domain: "D", code: 1, recoverySuggestion: "r"), 4)] {
            #expect(Self.key(error)[8] == UInt8(bit))
        }
        // A key that does not fit is not made.
        var small = [UInt8](repeating: 0, count: 12)
        let written = Array("Localizable".utf8).withUnsafeBytes { table in
            Array("D".utf8).withUnsafeBytes { domain in
                small.withUnsafeMutableBytes {
                    ResultReuse.writeErrorKey(code: 1, presentTexts: 0, table: table, domain: domain, into: $0)
                }
            }
        }
        #expect(written == nil)
    }

    /// Keys and copies together never cost more than the budget: once it is spent nothing more
    /// is kept, and what was kept is still found whole.
    @Test func theMemoIsBoundedInBytes() {
        let budget = 4_096
        let memo = ResultReuse(byteBudget: budget)
        let output = [UInt8](repeating: 0x41, count: 300)
        var keptKeys: [[UInt8]] = []
        var spent = 0
        for code in 0..<100 {
            let key = Self.key(ErrorInfo(domain: "D", code: Int64(code)))
            let kept = output.withUnsafeBytes { bytes in
                key.withUnsafeBytes { memo.remember(bytes, under: $0, hasArguments: false, showsCallerText: false) }
            }
            if kept {
                keptKeys.append(key)
                // What each entry costs at least: its key and its copy (plus a fixed header).
                spent += key.count + output.count
            }
        }
        #expect(!keptKeys.isEmpty)
        #expect(keptKeys.count < 100)
        #expect(spent <= budget)
        for key in keptKeys {
            #expect(key.withUnsafeBytes { memo.find($0, hasArguments: false).map { Array($0) } } == output)
        }
        // A result larger than the whole budget is never kept.
        let huge = [UInt8](repeating: 0x42, count: budget + 1)
        let key = Self.key(ErrorInfo(domain: "Huge", code: 1))
        #expect(!huge.withUnsafeBytes { bytes in
            key.withUnsafeBytes { ResultReuse(byteBudget: budget).remember(bytes, under: $0, hasArguments: false,
                                                                         showsCallerText: false) }
        })
    }
}
