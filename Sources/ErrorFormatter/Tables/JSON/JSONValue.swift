/// A JSON value (RFC 8259) with where it starts in its file, as `JSONParser` reads it, so that
/// loaders of JSON tables can point every diagnostic at the value it is about.
package struct JSONValue: Sendable, Equatable {
    /// What the value is.
    package indirect enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// The number's text exactly as written (`-1.5e3`): tables never compute with numbers,
        /// and keeping the text loses nothing.
        case number(String)
        /// A string, escapes decoded (a lone surrogate escape is U+FFFD).
        case string(String)
        /// An array, elements in order.
        case array([JSONValue])
        /// An object (duplicate keys resolved: the last value wins).
        case object(JSONObject)

        /// Code-unit exact equality (`String ==` would merge NFC and NFD spellings).
        package static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.number(let a), .number(let b)): a.utf8.elementsEqual(b.utf8)
            case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a == b
            default: false
            }
        }
    }

    /// What the value is.
    package var kind: Kind
    /// 1-based line of the value's first character.
    package var line: Int
    /// 1-based column (in Unicode scalars) of the value's first character.
    package var column: Int

    /// A value at a position.
    package init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// The string, if this value is one.
    package var stringValue: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    /// The object, if this value is one.
    package var objectValue: JSONObject? {
        if case .object(let object) = kind { return object }
        return nil
    }

    /// The boolean, if this value is one.
    package var boolValue: Bool? {
        if case .bool(let bool) = kind { return bool }
        return nil
    }

    /// "a string", "an object"… for messages.
    package var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Equal kinds; positions are not compared.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }
}

/// A JSON object: members in file order, keys compared by code units, and a later duplicate
/// replacing the earlier value in place (what JavaScript and Xcode do; the parser reports it).
package struct JSONObject: Sendable, Equatable, Sequence {
    /// One `"key": value` member.
    package struct Member: Sendable, Equatable {
        /// The key.
        package var key: String
        /// 1-based line of the key's opening quote.
        package var keyLine: Int
        /// 1-based column (in Unicode scalars) of the key's opening quote.
        package var keyColumn: Int
        /// The value.
        package var value: JSONValue

        /// Equal keys (code units) and values; positions are not compared.
        package static func == (lhs: Member, rhs: Member) -> Bool {
            lhs.key.utf8.elementsEqual(rhs.key.utf8) && lhs.value == rhs.value
        }
    }

    /// The members, in the order their keys first appear.
    package private(set) var members: [Member] = []
    private var indexByKey: [TableKey: Int] = [:]

    /// An empty object.
    package init() {}

    /// The number of distinct keys.
    package var count: Int { members.count }

    /// Stores `member`, replacing the value (and position) of an existing member with its key.
    ///
    /// - Returns: The replaced member, if there was one.
    @discardableResult
    package mutating func insert(_ member: Member) -> Member? {
        let key = TableKey(member.key)
        if let index = indexByKey[key] {
            let replaced = members[index]
            members[index] = member
            return replaced
        }
        indexByKey[key] = members.count
        members.append(member)
        return nil
    }

    /// The member with `key` (code-unit exact).
    package func member(_ key: String) -> Member? {
        guard let index = indexByKey[TableKey(key)] else { return nil }
        return members[index]
    }

    /// The value of `key` (code-unit exact).
    package subscript(key: String) -> JSONValue? { member(key)?.value }

    /// Iterates the members in order.
    package func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Equal when they hold the same keys with equal values, whatever the order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs.member($0.key) == $0 }
    }
}
