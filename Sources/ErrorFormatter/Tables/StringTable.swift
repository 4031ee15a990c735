/// One table of one localization, ready for lookups: what its `.strings` file and its
/// `.stringsdict` file (or a String Catalog, or a JSON table) say, merged.
///
/// A table is immutable, and a class so that the layers of a lookup stack hand it around with
/// one reference count rather than one per collection it holds. Non-string values of a `.strings` file (arrays, dictionaries, data:
/// legal, useless as text) are kept in `entries` for tools but never returned as values.
final class StringTable: Sendable {
    /// The table name, e.g. `Localizable` for `Localizable.strings`.
    let name: String
    /// The entries as parsed; empty when they are read in place (`inPlace`).
    private let parsedEntries: PropertyListDictionary
    /// The entries of a table read from a compiled catalog, answered from the file's bytes
    /// (``EntriesReadInPlace``); `nil` for a parsed table.
    let inPlace: (any EntriesReadInPlace)?
    /// Variable formats (`.stringsdict` entries, String Catalog variations). They replace a
    /// plain entry of the same key, as a `.stringsdict` entry replaces a `.strings` one on Apple
    /// platforms.
    let variables: [TableKey: VariableFormat]
    /// What the parsers noticed (duplicate keys, truncation, malformed entries…), with files.
    let diagnostics: [Diagnostic]

    init(
        name: String, entries: PropertyListDictionary, variables: [TableKey: VariableFormat] = [:],
        diagnostics: [Diagnostic] = []
    ) {
        self.name = name
        parsedEntries = entries
        inPlace = nil
        self.variables = variables
        self.diagnostics = diagnostics
    }

    /// A table whose entries are read in place from a compiled catalog's section.
    init(name: String, inPlace entries: any EntriesReadInPlace, variables: [TableKey: VariableFormat], diagnostics: [Diagnostic]) {
        self.name = name
        parsedEntries = PropertyListDictionary()
        inPlace = entries
        self.variables = variables
        self.diagnostics = diagnostics
    }

    /// Every entry of the `.strings` side, in file order (a later duplicate replaced the earlier
    /// value in place). For what needs the whole table (tools, merging, the argument-free
    /// texts): a table read in place is decoded for it, once. Lookups use
    /// ``plainString(forKey:)`` and ``string(forKeyBytes:hash:)``, which never decode.
    var entries: PropertyListDictionary {
        if let inPlace { return inPlace.decoded }
        return parsedEntries
    }

    /// How many entries the `.strings` side has.
    var entryCount: Int {
        if let inPlace { return inPlace.count }
        return parsedEntries.count
    }

    /// Whether this table's entries are read in place from a compiled catalog.
    var isReadInPlace: Bool { inPlace != nil }

    /// The plain string stored under `key`, or `nil` if the key is missing, its value is not a
    /// string, or a variable format replaces it. An empty string is a real value.
    func string(forKey key: TableKey) -> String? {
        if !variables.isEmpty, variables[key] != nil { return nil }
        return plainString(forKey: key)
    }

    /// The string of the entry `key` of the `.strings` side, variable formats aside.
    func plainString(forKey key: TableKey) -> String? {
        if let inPlace { return inPlace.string(forKey: key) }
        return parsedEntries[key]?.stringValue
    }

    /// The plain string of the entry whose key's UTF-8 is `key`, whose keyed hash is `hash`
    /// (``PropertyListKeyIndex/hash(ofBytes:secrets:)``), read from the entries only: what a
    /// caller that has looked the variable formats up already asks. The entries are read here,
    /// through `self`, so that the probe borrows their arrays rather than retaining each.
    @inline(never)
    func string(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> String? {
        if let inPlace { return inPlace.string(forKeyBytes: key, hash: hash) }
        return parsedEntries.value(forKeyBytes: key, hash: hash)?.stringValue
    }

    /// The keys whose text or variable format (its format or any variant) holds U+0000, which
    /// a C string cannot carry whole: texts in file order, then variable formats by key, each
    /// key once.
    var keysHoldingNUL: [TableKey] {
        var keys: [TableKey]
        if let inPlace {
            keys = inPlace.keysHoldingNUL
        } else {
            keys = []
            for (key, value) in parsedEntries where value.stringValue?.utf8.contains(0) ?? false { keys.append(key) }
        }
        let formats = variables.compactMap { $0.value.holdsNUL ? $0.key : nil }
        guard !formats.isEmpty else { return keys }
        let texts = Set(keys)
        keys += formats.sorted().filter { !texts.contains($0) }
        return keys
    }

    /// The value of `key`: a variable format if there is one, else the plain string.
    func value(forKey key: TableKey) -> LocalizedValue? {
        if !variables.isEmpty, let variable = variables[key] { return .variable(variable) }
        return plainString(forKey: key).map(LocalizedValue.text)
    }

    /// Every key that has a value (texts and variable formats), texts in file order first.
    var keys: [TableKey] {
        let entries = self.entries
        return entries.keys + variables.keys.filter { entries[$0] == nil }.sorted()
    }

    /// This table with `contents` merged over it: texts are added (a later text replaces an
    /// earlier one), variable formats replace texts and earlier variables of the same key.
    func merging(_ contents: TableContents, diagnostics more: [Diagnostic] = []) -> StringTable {
        var entries = self.entries
        for (key, text) in contents.texts { entries.updateValue(.string(text), forKey: key) }
        var variables = self.variables
        for (key, variable) in contents.variables { variables[key] = variable }
        return StringTable(name: name, entries: entries, variables: variables, diagnostics: diagnostics + more)
    }
}
