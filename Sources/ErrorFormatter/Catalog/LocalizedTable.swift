/// One table of one localization as the catalog serves it: the parsed table, with everything a
/// render needs that does not depend on the arguments worked out once, when the catalog is built.
///
/// This is where the layers meet: `Tables/` parses (and knows nothing of rendering), the format
/// engine prepares and renders (and knows nothing of catalogs), and the catalog pairs each
/// table with its localization, its variable formats prepared and the plural rules of its
/// locale. A lookup stack is a list of these, so a render never looks a locale or a rule up.
import Synchronization

final class LocalizedTable: Sendable {
    /// The localization as spelled in the catalog (`""` for the unlocalized tables).
    let localization: String
    let table: StringTable
    /// The locale whose plural rules choose this table's variants (``Catalog/pluralLocale(of:)``).
    let pluralLocale: String
    /// Those rules, opened when the catalog is built if the table has variable formats; `nil`
    /// when it has none, or when ICU cannot open them (the render then reports why).
    let pluralRules: PluralRules?
    /// The number symbols of the same locale, read when a render first writes localized numbers.
    private let numberSymbols: NumberSymbolsSlot
    /// `table.variables`, each prepared for rendering once.
    private let variables: PreparedVariableIndex
    /// The texts with format specifiers, each compiled the first time it renders.
    private let compiledTexts: CompiledTexts
    /// Every key's rendering without arguments (``ArgumentFreeTexts``), made the first time a
    /// gettext-shaped call reads this table and published with a compare-and-swap: a retained
    /// reference's bits, 0 until then. Made on first use rather than with the catalog because
    /// it copies every key and text, a cost of the order of the parse itself, which most
    /// programs, never making that call, would pay for.
    private let argumentFreeSlot = Atomic<UInt>(0)
    /// For a table read in place from a compiled catalog, the argument-free texts made one key
    /// at a time instead (``ArgumentFreeTextsByKey``): the whole-table road would decode it.
    private let argumentFreeTextsByKey: ArgumentFreeTextsByKey?

    init(localization: String, table: StringTable, pluralLocale: String) {
        self.localization = localization
        self.table = table
        self.pluralLocale = pluralLocale
        variables = PreparedVariableIndex(table.variables)
        compiledTexts = CompiledTexts(entryCount: table.entryCount)
        argumentFreeTextsByKey = table.isReadInPlace ? ArgumentFreeTextsByKey() : nil
        pluralRules = table.variables.isEmpty ? nil : try? PluralRules.cardinal(for: pluralLocale)
        numberSymbols = NumberSymbolsSlot(locale: pluralLocale)
    }

    /// The symbols `style` writes this table's numbers with: none for the C locale.
    @inline(__always)
    func numbers(_ style: NumberStyle) -> NumberSymbols? {
        switch style {
        case .cLocale: nil
        case .localized: numberSymbols.symbols
        }
    }

    deinit {
        if let made = UnsafeRawPointer(bitPattern: argumentFreeSlot.load(ordering: .acquiring)) {
            Unmanaged<ArgumentFreeTexts>.fromOpaque(made).release()
        }
    }

    /// The argument-free texts, read in place (valid while this table lives); made now if no
    /// call made them yet. Two threads may both make them: one wins, the other's are freed.
    var argumentFreeTexts: ArgumentFreeTexts.View {
        if let made = UnsafeRawPointer(bitPattern: argumentFreeSlot.load(ordering: .acquiring)) {
            return Unmanaged<ArgumentFreeTexts>.fromOpaque(made)._withUnsafeGuaranteedRef { $0.view }
        }
        let texts = Unmanaged.passRetained(ArgumentFreeTexts(Self.renderedWithoutArguments(
            table, variables: variables, pluralLocale: pluralLocale, rules: pluralRules)))
        let bits = UInt(bitPattern: texts.toOpaque())
        let (exchanged, current) = argumentFreeSlot.compareExchange(
            expected: 0, desired: bits, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return texts._withUnsafeGuaranteedRef { $0.view } }
        texts.release()
        guard let winner = UnsafeRawPointer(bitPattern: current) else { return ArgumentFreeTexts.View.empty }
        return Unmanaged<ArgumentFreeTexts>.fromOpaque(winner)._withUnsafeGuaranteedRef { $0.view }
    }

    /// The text the key whose UTF-8 is `key` (keyed hash `hash`, ``ArgumentFreeTexts/hash(of:secrets:)``)
    /// shows with no arguments, valid while this table lives; `nil` when it has no value that
    /// renders without arguments. A table read in place answers key by key while it has room
    /// (``ArgumentFreeTextsByKey``), then as every other table does.
    @inline(__always)
    func argumentFreeText(forKey key: UnsafeRawBufferPointer, hash: UInt64) -> UnsafePointer<CChar>? {
        if let argumentFreeTextsByKey {
            let answer = argumentFreeTextsByKey.text(forKey: key, hash: hash) {
                Self.renderedWithoutArguments(
                    variable: variables.format(forKeyBytes: key, hash: hash),
                    plain: table.string(forKeyBytes: key, hash: hash),
                    pluralLocale: pluralLocale, rules: pluralRules)
            }
            switch answer {
            case .text(let text): return text
            case .absent: return nil
            case .unknown: break
            }
        }
        return argumentFreeTexts.text(forKey: key, hash: hash)
    }

    /// Each key whose value renders without arguments, with that rendering (what
    /// ``render(_:arguments:)`` gives for no arguments).
    private static func renderedWithoutArguments(
        _ table: StringTable, variables: PreparedVariableIndex, pluralLocale: String, rules: PluralRules?
    ) -> [(key: TableKey, text: String)] {
        var rendered: [(key: TableKey, text: String)] = []
        let entries = table.entries
        rendered.reserveCapacity(entries.count + table.variables.count)
        for key in table.keys {
            if let text = renderedWithoutArguments(
                variable: variables[key], plain: entries[key]?.stringValue, pluralLocale: pluralLocale, rules: rules)
            {
                rendered.append((key, text))
            }
        }
        return rendered
    }

    /// What a key's variable format, else its plain text, shows with no arguments; `nil` when
    /// it has neither or needs arguments.
    private static func renderedWithoutArguments(
        variable: PreparedVariableFormat?, plain: String?, pluralLocale: String, rules: PluralRules?
    ) -> String? {
        do throws(FormatFailure) {
            if let variable {
                return try VariableFormatRenderer.render(variable, arguments: [], language: pluralLocale, rules: rules)
            }
            guard let plain else { return nil }
            return try StringFormat.render(plain, arguments: [])
        } catch {
            return nil
        }
    }

    /// The value of `key` as rendering needs it: a prepared variable format, else the text.
    func preparedValue(forKey key: TableKey) -> PreparedValue? {
        if let variable = variables[key] { return .variable(variable) }
        guard let text = table.plainString(forKey: key) else { return nil }
        // Plain text renders as itself (``StringFormat/render(_:arguments:)``): nothing to compile.
        guard text.utf8.count <= Limits.maximumFormatLength, PercentSearch.contains(text) else {
            return .text(text)
        }
        return .compiled(compiledTexts.compiled(text, forKey: key))
    }

    /// The same for the key whose UTF-8 is `key`, with its keyed hash
    /// (``PropertyListKeyIndex/hash(ofBytes:secrets:)``): no key is made.
    func preparedValue(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> PreparedValue? {
        if let variable = variables.format(forKeyBytes: key, hash: hash) { return .variable(variable) }
        guard let text = table.string(forKeyBytes: key, hash: hash) else { return nil }
        guard text.utf8.count <= Limits.maximumFormatLength, PercentSearch.contains(text) else {
            return .text(text)
        }
        return .compiled(compiledTexts.compiled(text, forKeyBytes: key, hash: hash))
    }

    /// `value` rendered with `arguments` in this table's locale, its numbers written in `style`.
    func render(_ value: PreparedValue, arguments: [FormatArgument], numbers style: NumberStyle)
        throws(FormatFailure) -> String
    {
        switch value {
        case .text(let format):
            try StringFormat.render(format, arguments: arguments, numbers: numbers(style))
        case .compiled(let text):
            try StringFormat.render(text.format.get(), arguments: arguments, numbers: numbers(style))
        case .variable(let format):
            try VariableFormatRenderer.render(format, arguments: arguments, language: pluralLocale,
                                              rules: pluralRules, numbers: numbers(style))
        }
    }
}

extension LocalizedTable {
    /// `value` rendered with `arguments` in this table's locale, as UTF-8 written into `buffer`
    /// when it is a format that fits there, else as a `String` (a plain text is its own
    /// rendering; a variable format or a long result is made as a `String`). What a caller that
    /// copies the text anyway uses: a format's rendering becomes no `String`.
    func render(
        _ value: PreparedValue, arguments: [FormatArgument], numbers style: NumberStyle,
        into buffer: UnsafeMutableRawBufferPointer
    ) throws(FormatFailure) -> FieldText {
        if case .compiled(let text) = value, let count = try StringFormat.render(
            text.format.get(), arguments: arguments, numbers: numbers(style), into: buffer)
        {
            return .utf8(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
        }
        return .string(try render(value, arguments: arguments, numbers: style))
    }
}

/// A table value ready to render: ``LocalizedValue`` with its variable format prepared.
enum PreparedValue {
    case text(String)
    /// A text with format specifiers, compiled with its table (``CompiledTexts``).
    case compiled(CompiledText)
    case variable(PreparedVariableFormat)
}
