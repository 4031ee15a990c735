/// The negotiation section of a compiled catalog (kind 2, since format 1.1): for every
/// localization a user's preferences are matched against, what negotiation would ask ICU about
/// its name (``NegotiationTable``), with the ``PrecomputedNegotiation/identity`` of the library
/// and ICU that answered. A reader with the same identity negotiates from it without asking ICU
/// about any localization; a reader with another one asks ICU as if the section were not there.
enum CompiledNegotiationSection {
    typealias Format = CompiledCatalogFormat

    /// The localizations the section describes, in its order: every localization name but the
    /// unlocalized `""` and `Base` (which negotiation never matches), in byte order.
    static func describedNames(_ localizations: [String]) -> [String] {
        localizations.filter { !$0.isEmpty && $0 != Catalog.baseLocalization }
    }

    /// The section for `localizations` (as ``describedNames(_:)`` keeps them): what `known`
    /// says of a name, else what ICU says now. `nil` when there is nothing to describe or a name
    /// is not a locale identifier (no catalog that loads has one).
    static func bytes(identity: String, localizations: [String], known: PrecomputedNegotiation? = nil)
        throws(CatalogError) -> [UInt8]?
    {
        let names = describedNames(localizations)
        guard !names.isEmpty else { return nil }
        var encoder = CompiledEncoder()
        try encoder.string(identity)
        try encoder.count(names.count)
        for name in names {
            let table = known?.tables[name] ?? NegotiationTable(name: name)
            guard let spelling = table.spelling, let key = table.key else { return nil }
            try encoder.string(name)
            try encoder.string(spelling)
            try encoder.string(key)
            try encoder.count(table.chain.count)
            for level in table.chain {
                encoder.u8(Format.code(of: level.kind))
                try encoder.string(level.id)
            }
        }
        return encoder.bytes
    }

    /// The identity of the library and ICU that wrote the section: the first thing in it.
    static func identity(_ decoder: inout CompiledDecoder) throws(CatalogError) -> String {
        try decoder.string()
    }

    /// The rest of the section, after ``identity(_:)``: the tables of `localizations`, which
    /// it must describe exactly, in order.
    static func tables(_ decoder: inout CompiledDecoder, localizations: [String])
        throws(CatalogError) -> [String: NegotiationTable]
    {
        let names = describedNames(localizations)
        let count = try decoder.count(of: "localizations")
        guard count == names.count else {
            throw decoder.failure("\(count) localizations described, the directory lists \(names.count)")
        }
        var tables: [String: NegotiationTable] = [:]
        tables.reserveCapacity(count)
        for expected in names {
            let name = try decoder.string()
            guard name == expected else {
                throw decoder.failure("'\(name)' is described where the directory lists '\(expected)'")
            }
            let spelling = try localeID(&decoder, of: name)
            let key = try localeID(&decoder, of: name)
            let levels = try decoder.count(of: "chain levels")
            var chain: [LocaleChainEntry] = []
            chain.reserveCapacity(levels)
            for _ in 0..<levels {
                let code = try decoder.u8()
                guard let kind = Format.chainEntryKind(code: code) else {
                    throw decoder.failure("unknown chain level kind \(code) for '\(name)'")
                }
                chain.append(LocaleChainEntry(id: try localeID(&decoder, of: name), kind: kind))
            }
            tables[name] = NegotiationTable(spelling: spelling, key: key, chain: chain)
        }
        try decoder.expectEnd()
        return tables
    }

    /// A normalized locale ID as ``Locales/normalize(_:)`` makes them: not empty, not root, at
    /// most `Limits.maximumLocaleBytes` of `[A-Za-z0-9_]`.
    private static func localeID(_ decoder: inout CompiledDecoder, of name: String) throws(CatalogError) -> String {
        let id = try decoder.string()
        guard !id.isEmpty, id != "root", id.utf8.count <= Limits.maximumLocaleBytes, LocaleIDText.isSafe(id) else {
            throw decoder.failure("'\(id)', described for '\(name)', is not a normalized locale ID")
        }
        return id
    }
}
