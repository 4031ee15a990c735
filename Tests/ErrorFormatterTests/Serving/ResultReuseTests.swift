import Testing
@testable import ErrorFormatter

/// The one decision of what a formatted error may answer later calls with, under which key, and
/// the catalog's memo that keeps such results bounded in bytes, as every caller meets them
/// (here through the Swift API; the C roads share the same entries).
@Suite struct ResultReuseTests {
    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Something Went Wrong";
        "errors.message" = "Please try again.";
        "errors.D.1.title" = "One";
        "errors.D.1.message" = "The first error.";
        "errors.D.2.title" = "Two: %@";
        """

    static func catalog(memoBudget: Int = Limits.defaultMemoBytes) throws -> Catalog {
        try TestSupport.catalog([("en", Self.english)]).withMemoBudget(memoBudget)
    }

    /// The key a call of `error` for `preferences` keeps its result under, as the roads write it.
    static func resultKey(_ error: ErrorInfo, preferences: [String] = ["en"]) -> [UInt8]? {
        MemoKey.writing { key -> [UInt8]? in
            key.append(byte: MemoFamily.Kind.result.rawValue)
            ErrorKeyPart.append(error, to: &key)
            key.appendPreferences(preferences)
            return key.bytes.map { Array($0) }
        }
    }

    /// The result the catalog keeps for `error`, if any.
    static func kept(_ error: ErrorInfo, in catalog: Catalog, preferences: [String] = ["en"]) -> FormattedError? {
        Serving.find(catalog) { key in
            key.append(byte: MemoFamily.Kind.result.rawValue)
            ErrorKeyPart.append(error, to: &key)
            key.appendPreferences(preferences)
        }.map(ServedResult.formatted(at:))
    }

    @Test func aShownDescriptionIsNeverReused() throws {
        let catalog = try Self.catalog()
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let shown = ErrorInfo(domain: "D", code: 3, description: "Described.")
        let result = formatter.format(shown, preferences: ["en"])
        #expect(result.message == "Described.")
        #expect(result.showsCallerText)
        #expect(Self.kept(shown, in: catalog) == nil)
        // Another call with a description, whatever it says, gets its own.
        let other = ErrorInfo(domain: "D", code: 3, description: "Something else.")
        #expect(formatter.format(other, preferences: ["en"]).message == "Something else.")
        #expect(formatter.format(shown, preferences: ["en"]).message == "Described.")
    }

    @Test func anUnshownDescriptionIsReusedAndAnswersAsWithoutIt() throws {
        let catalog = try Self.catalog()
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let unshown = ErrorInfo(domain: "D", code: 1, description: "Unused: the key wins.")
        let result = formatter.format(unshown, preferences: ["en"])
        #expect(result.message == "The first error.")
        #expect(Self.kept(unshown, in: catalog) == result)
        // Any other description is passed over by the same rules: the same answer, kept.
        let other = ErrorInfo(domain: "D", code: 1, description: "Another text.")
        #expect(Self.kept(other, in: catalog) == result)
        #expect(formatter.format(other, preferences: ["en"]) == result)
        // Without a description the rules give the same answer too; the key says only what is
        // certain, so that call has a key of its own.
        let without = ErrorInfo(domain: "D", code: 1)
        #expect(Self.kept(without, in: catalog) == nil)
        #expect(formatter.format(without, preferences: ["en"]) == result)
        #expect(Self.kept(without, in: catalog) == result)
    }

    /// Why which texts are present is part of the key: a result made without a description
    /// would be wrong for the same error with one.
    @Test func anAbsentTextIsPartOfTheKey() throws {
        let catalog = try Self.catalog()
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let without = ErrorInfo(domain: "D", code: 3)
        let result = formatter.format(without, preferences: ["en"])
        #expect(result.message == "Please try again.")
        #expect(Self.kept(without, in: catalog) == result)
        let described = ErrorInfo(domain: "D", code: 3, description: "Described.")
        #expect(Self.kept(described, in: catalog) == nil)
        #expect(formatter.format(described, preferences: ["en"]).message == "Described.")
        // An empty text counts as absent, as the rules count it.
        #expect(Self.kept(ErrorInfo(domain: "D", code: 3, description: ""), in: catalog) == result)
    }

    @Test func resultsWithArgumentsAreNeverReused() throws {
        let catalog = try Self.catalog()
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let withArgument = ErrorInfo(domain: "D", code: 2, arguments: [.string("x")])
        let result = formatter.format(withArgument, preferences: ["en"])
        #expect(result.title == "Two: x")
        #expect(!result.showsCallerText)
        // The key is that of the same error without arguments, which is never handed to a call
        // with some: the next call's own value is shown.
        #expect(Self.resultKey(withArgument) == Self.resultKey(ErrorInfo(domain: "D", code: 2)))
        #expect(Self.kept(withArgument, in: catalog) == nil)
        #expect(formatter.format(ErrorInfo(domain: "D", code: 2, arguments: [.string("y")]),
                                 preferences: ["en"]).title == "Two: y")
        #expect(!ResultReuse.mayReuse(hasArguments: true, showsCallerText: false))
    }

    @Test func keysTellTheirPartsApart() {
        func key(_ error: ErrorInfo, _ preferences: [String] = ["en"]) -> [UInt8]? {
            Self.resultKey(error, preferences: preferences)
        }
        #expect(key(ErrorInfo(domain: "D", code: 1)) != key(ErrorInfo(domain: "D", code: 2)))
        #expect(key(ErrorInfo(domain: "D", code: 1)) != key(ErrorInfo(domain: "E", code: 1)))
        #expect(key(ErrorInfo(domain: "c", code: 1, table: "ab")) != key(ErrorInfo(domain: "bc", code: 1, table: "a")))
        #expect(key(ErrorInfo(domain: "D", code: 1), ["fr"]) != key(ErrorInfo(domain: "D", code: 1)))
        #expect(key(ErrorInfo(domain: "D", code: 1), ["fr", "en"]) != key(ErrorInfo(domain: "D", code: 1), ["fren"]))
        // "" and the default name are one table, as the rules read them.
        #expect(key(ErrorInfo(domain: "D", code: 1, table: "")) == key(ErrorInfo(domain: "D", code: 1)))
        for (error, bit) in [(ErrorInfo(domain: "D", code: 1, description: "d"), 1),
                             (ErrorInfo(domain: "D", code: 1, failureReason: "f"), 2),
                             (ErrorInfo(domain: "D", code: 1, recoverySuggestion: "r"), 4)] {
            #expect(key(error)?[1 + ErrorKeyPart.presentTextsOffset] == UInt8(bit))
        }
        // A name holding U+0000 would end its part early: such an error is not keyed at all.
        #expect(key(ErrorInfo(domain: "D\u{0}x", code: 1)) == nil)
        #expect(key(ErrorInfo(domain: "D", code: 1), ["fr\u{0}"]) == nil)
        // Nor is one too long for a key.
        #expect(key(ErrorInfo(domain: String(repeating: "d", count: MemoKey.capacity), code: 1)) == nil)
    }

    /// Whatever callers send, the memo keeps no more than the catalog's budget: once it is spent
    /// nothing more is kept, what was kept is still found whole, and every call still gets the
    /// right answer.
    @Test func theMemoIsBoundedInBytes() throws {
        let budget = 16_384
        let catalog = try Self.catalog(memoBudget: budget)
        let unremembering = try Self.catalog(memoBudget: 0)
        let formatter = ErrorMessageFormatter(catalog: catalog)
        var keptCount = 0
        for code in 0..<200 {
            let error = ErrorInfo(domain: "Domain \(code)", code: Int64(code))
            let result = formatter.format(error, preferences: ["en"])
            #expect(result == ErrorMessageFormatter(catalog: unremembering).format(error, preferences: ["en"]))
            if let kept = Self.kept(error, in: catalog) {
                #expect(kept == result)
                keptCount += 1
            }
        }
        // Each kept result costs at least its key and its block (a few hundred bytes).
        #expect(keptCount > 0)
        #expect(keptCount < 200)
        #expect(keptCount * 300 <= budget)
        // A budget of 0 keeps nothing.
        #expect(Self.kept(ErrorInfo(domain: "Domain 0", code: 0), in: unremembering) == nil)
        #expect(catalog.memos.byteBudget == budget)
        #expect(try Self.catalog(memoBudget: Limits.maximumMemoBytes + 1).memos.byteBudget == Limits.maximumMemoBytes)
    }

    /// A custom rule set takes the full road: nothing it formats is kept for the default rules.
    @Test func customRulesAreNeverRemembered() throws {
        let catalog = try Self.catalog()
        var rules = RuleSet.default
        rules.title = [.builtin("Custom")]
        let custom = ErrorMessageFormatter(catalog: catalog, rules: rules)
        let error = ErrorInfo(domain: "D", code: 1)
        #expect(custom.format(error, preferences: ["en"]).title == "Custom")
        #expect(Self.kept(error, in: catalog) == nil)
        #expect(ErrorMessageFormatter(catalog: catalog).format(error, preferences: ["en"]).title == "One")
        #expect(RuleSet.default.isDefault)
        #expect(!rules.isDefault)
        let equal = RuleSet(title: RuleSet.default.title.map { $0 }, message: RuleSet.default.message,
                            button: RuleSet.default.button)
        #expect(equal.isDefault)
    }
}
