/// A table's prepared variable formats by key, found the way table texts are: through a
/// ``PropertyListKeyIndex`` (keyed wyhash) rather than a `[TableKey: …]` dictionary, whose
/// SipHash probe cost as much as rendering the plural it found.
struct PreparedVariableIndex: Sendable {
    private let keys: [TableKey]
    private let formats: [PreparedVariableFormat]
    private let index: PropertyListKeyIndex

    init(_ variables: [TableKey: VariableFormat]) {
        var keys: [TableKey] = []
        var formats: [PreparedVariableFormat] = []
        var index = PropertyListKeyIndex(minimumCapacity: variables.count)
        keys.reserveCapacity(variables.count)
        formats.reserveCapacity(variables.count)
        for (key, variable) in variables where index.findOrInsert(key, in: keys) == nil {
            keys.append(key)
            formats.append(PreparedVariableFormat(variable))
        }
        self.keys = keys
        self.formats = formats
        self.index = index
    }

    var isEmpty: Bool { keys.isEmpty }

    subscript(key: TableKey) -> PreparedVariableFormat? {
        guard !keys.isEmpty, let entry = index.find(key, in: keys), entry < formats.count else { return nil }
        return formats[entry]
    }

    /// The format of the key whose UTF-8 is `key` (``PropertyListKeyIndex/find(bytes:hash:in:)``).
    @inline(__always)
    func format(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> PreparedVariableFormat? {
        guard !keys.isEmpty, let entry = index.find(bytes: key, hash: hash, in: keys), entry < formats.count
        else { return nil }
        return formats[entry]
    }
}
