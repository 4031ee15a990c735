import Testing
@testable import ErrorFormatter

@Suite struct TableKeyTests {
    @Test func canonicallyEquivalentSpellingsStayTwoKeys() {
        let composed = TableKey("caf\u{E9}")
        let decomposed = TableKey("cafe\u{301}")
        #expect("caf\u{E9}" == "cafe\u{301}")  // Swift's String == would merge them
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
    }

    @Test func lastDuplicateWinsInPlace() {
        var dictionary = PropertyListDictionary()
        dictionary.updateValue(.string("one"), forKey: TableKey("a"))
        dictionary.updateValue(.string("two"), forKey: TableKey("b"))
        let replaced = dictionary.updateValue(.string("three"), forKey: TableKey("a"))
        #expect(replaced == 0)
        #expect(dictionary.keys.map(\.string) == ["a", "b"])
        #expect(dictionary["a"] == .string("three"))
    }
}
