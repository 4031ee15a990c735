/// A value of an Apple property list, as CoreFoundation's parsers produce it.
///
/// Old-style (`.strings`) files only ever produce strings, arrays, dictionaries and data;
/// numbers, booleans and dates exist only in XML and binary plists and are not used by tables.
///
/// Not `indirect`: arrays and dictionaries already store their elements out of line, and
/// boxing every string would cost one allocation per table value.
package enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary(PropertyListDictionary)

    /// The string, if this value is one.
    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The dictionary, if this value is one.
    package var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// Code-unit exact equality (`String ==` would merge NFC and NFD spellings).
    package static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a == b
        default: false
        }
    }
}

/// An insertion-ordered dictionary with CF key semantics: keys compared by code units, and a
/// later value for an existing key replaces the earlier one in place (last duplicate wins).
package struct PropertyListDictionary: Sendable, Equatable, Sequence {
    package private(set) var keys: [TableKey] = []
    package private(set) var values: [PropertyListValue] = []
    private var index = PropertyListKeyIndex()

    package init() {}

    package init(minimumCapacity: Int) {
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
        index = PropertyListKeyIndex(minimumCapacity: minimumCapacity)
    }

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    /// Stores `value` under `key`. Returns the index of the entry that was replaced, if any.
    ///
    /// Both are taken owned: a parser hands over what it just made without a reference count
    /// going up here and down again in the caller.
    @discardableResult @inline(__always)
    package mutating func updateValue(_ value: __owned PropertyListValue, forKey key: __owned TableKey) -> Int? {
        // One probe: it finds the existing entry or claims the next index (parsing spends
        // its time here).
        if let existing = index.findOrInsert(key, in: keys), existing < values.count {
            values[existing] = value
            return existing
        }
        keys.append(key)
        values.append(value)
        return nil
    }

    /// `updateValue(_:forKey:)` for a key whose hash, as ``value(forKeyBytes:hash:)`` takes it,
    /// the caller has already computed (looking the key up in another table).
    @discardableResult @inline(__always)
    package mutating func updateValue(_ value: __owned PropertyListValue, forKey key: __owned TableKey, hash: UInt64) -> Int? {
        if let existing = index.findOrInsert(key, hash: hash, in: keys), existing < values.count {
            values[existing] = value
            return existing
        }
        keys.append(key)
        values.append(value)
        return nil
    }

    package subscript(key: TableKey) -> PropertyListValue? {
        guard let entry = index.find(key, in: keys), entry < values.count else { return nil }
        return values[entry]
    }

    package subscript(key: String) -> PropertyListValue? { self[TableKey(key)] }

    /// The value of the key whose UTF-8 is `key` (``PropertyListKeyIndex/find(bytes:hash:in:)``).
    @inline(__always)
    package func value(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> PropertyListValue? {
        guard let entry = index.find(bytes: key, hash: hash, in: keys), entry < values.count else { return nil }
        return values[entry]
    }

    /// The index in `keys` of the key whose UTF-8 is `key` (hashed as for
    /// ``value(forKeyBytes:hash:)``): a parser reuses its storage for the same key of another table.
    @inline(__always)
    package func keyIndex(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard let entry = index.find(bytes: key, hash: hash, in: keys), entry < keys.count else { return nil }
        return entry
    }

    package func makeIterator() -> Zip2Sequence<[TableKey], [PropertyListValue]>.Iterator {
        zip(keys, values).makeIterator()
    }

    /// Equal when they hold the same keys with equal values, whatever the order.
    package static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }
}
