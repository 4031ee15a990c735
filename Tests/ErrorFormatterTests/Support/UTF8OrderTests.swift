import Testing
@testable import ErrorFormatter

/// Byte order of UTF-8, checked by hand and against the standard library's own walk.
@Suite struct UTF8OrderTests {
    @Test func handCheckedPairs() {
        #expect("a".precedesInUTF8Order("b"))
        #expect("a".precedesInUTF8Order("ab"))
        #expect("".precedesInUTF8Order("a"))
        #expect("Z".precedesInUTF8Order("a"))  // 0x5A before 0x61, whatever a collation says
        #expect("z".precedesInUTF8Order("é"))  // 0x7A before 0xC3
        #expect("zh-Hans".precedesInUTF8Order("zh-Hant"))
        #expect(!"b".precedesInUTF8Order("a"))
        #expect(!"ab".precedesInUTF8Order("a"))
        #expect(!"same".precedesInUTF8Order("same"))
        #expect(!"".precedesInUTF8Order(""))
        // Past the 15 bytes a string keeps inline, differing in the last byte.
        #expect("a long localization nameA".precedesInUTF8Order("a long localization nameB"))
    }

    @Test func agreesWithTheElementWalk() {
        let words = ["", "a", "ab", "abc", "b", "Base", "en", "en-GB", "en_GB", "é", "e\u{301}", "日本", "🙂",
                     "a much longer string than fifteen bytes", "a much longer string than fifteen bytez"]
        for left in words {
            for right in words {
                #expect(left.precedesInUTF8Order(right) == left.utf8.lexicographicallyPrecedes(right.utf8),
                        "\(left) < \(right)")
            }
        }
    }
}
