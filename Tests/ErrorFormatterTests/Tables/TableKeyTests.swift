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

    /// Keys of every length the hash reads differently (0…3, 4…16, longer), many enough to make
    /// the index grow several times, each found again and replaced in place.
    @Test func indexFindsEveryKeyAcrossGrowth() {
        var dictionary = PropertyListDictionary()
        var keys: [String] = [""]
        for length in 1...40 { keys.append(String(repeating: "k", count: length)) }
        for number in 0..<3000 { keys.append("key.\(number)") }
        keys.append("caf\u{E9}")
        keys.append("cafe\u{301}")
        for (index, key) in keys.enumerated() {
            #expect(dictionary.updateValue(.string("\(index)"), forKey: TableKey(key)) == nil)
        }
        #expect(dictionary.count == keys.count)
        for (index, key) in keys.enumerated() {
            #expect(dictionary[key] == .string("\(index)"))
            #expect(dictionary.updateValue(.string("again"), forKey: TableKey(key)) == index)
        }
        #expect(dictionary.count == keys.count)
        #expect(dictionary.keys.map(\.string) == keys)
        #expect(dictionary["absent"] == nil)
        #expect(PropertyListDictionary()["absent"] == nil)
        #expect(PropertyListDictionary(minimumCapacity: 100)["absent"] == nil)
    }

    @Test func keyedHashDependsOnEveryByteAndTheSecrets() {
        func hash(_ bytes: [UInt8], _ secrets: KeyedHash.Secrets = KeyedHash.secrets) -> UInt64 {
            bytes.withUnsafeBytes { KeyedHash.hash($0, secrets: secrets) }
        }
        var seen = Set<UInt64>()
        for length in 0...40 {
            let base = [UInt8](repeating: 0x61, count: length)
            #expect(hash(base) == hash(base))
            seen.insert(hash(base))
            for position in 0..<length {
                var changed = base
                changed[position] = 0x62
                seen.insert(hash(changed))
            }
        }
        #expect(seen.count == 41 + (0...40).reduce(0, +))
        var generator = SystemRandomNumberGenerator()
        let other = KeyedHash.Secrets(using: &generator)
        #expect(hash(Array("errors.title".utf8)) != hash(Array("errors.title".utf8), other))
    }
}
