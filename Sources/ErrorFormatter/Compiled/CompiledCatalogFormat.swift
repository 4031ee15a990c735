/// The constants of the compiled catalog format, version 1 (docs/compiled-catalog.md describes
/// the layout byte by byte; this file and that page change together).
///
/// A compiled catalog is little-endian throughout: a header, a directory of sections covered by
/// one checksum, then the sections one after the other, each with its own checksum. Offsets are
/// from the start of the file, so the file can be copied, embedded or read from anywhere.
enum CompiledCatalogFormat {
    /// The first eight bytes: a non-ASCII byte (no text file starts so), `EFC`, then CR LF, EOF
    /// (^Z) and LF, which a transfer that rewrites line ends or stops at ^Z breaks visibly.
    static let magic: [UInt8] = [0x89, 0x45, 0x46, 0x43, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Written as a little-endian `u32` right after the magic: a file written or rewritten with
    /// the other byte order reads back as `0x0D0C0B0A`.
    static let byteOrderMark: UInt32 = 0x0A0B_0C0D
    /// A reader reads the files of its own major version only.
    static let majorVersion: UInt16 = 1
    /// Within a major version, a later minor version may add section kinds, which a reader of an
    /// earlier minor version skips. Version 1.1 added the negotiation and strict refusal
    /// sections; a file with neither is written as version 1.0, which it then is.
    static let minorVersion: UInt16 = 1

    /// Bytes of the fixed header: magic, byte-order mark, major and minor version, file length,
    /// directory length, section count.
    static let headerSize = 32
    /// Bytes of a checksum (CRC-32C, ``CRC32C``).
    static let checksumSize = 4
    /// The largest directory accepted, in bytes: every section's entry (kind, name, offset, length,
    /// checksum) at most 125 bytes for `Limits.maximumLocalizations` localizations, with room.
    static let maximumDirectoryBytes = 1 << 20
    /// The most sections a file may have: the catalog section, every localization and the
    /// unlocalized tables (what a reader of version 1.0 accepts: a writer leaves the negotiation
    /// section out rather than go past it, and refuses a catalog that would need the strict
    /// refusal section past it).
    static let maximumSectionCount = Limits.maximumLocalizations + 2

    /// Sections longer than this (16 MiB) are checked against their checksum a piece at a time
    /// before they are read whole (``CompiledByteSource/checksumReadInPieces(at:count:)``): one
    /// more read of a section that large, which no real catalog has, so that a hostile file
    /// near the size limit costs its reading but never its size in memory.
    static let sectionCheckedInPiecesBytes = 16 << 20

    /// What a section holds.
    enum SectionKind: UInt8 {
        /// The catalog's own diagnostics; exactly one, first, with an empty name.
        case catalog = 0
        /// The tables of one localization (named by it; `""` for the unlocalized tables).
        case localization = 1
        /// What negotiation asks ICU about each localization name, and which ICU answered
        /// (``PrecomputedNegotiation``); at most one, after the localizations, with an empty
        /// name. Since 1.1.
        case negotiation = 2
        /// What a strict open of the catalog's sources failed with, when it was compiled from a
        /// lenient open past it (``CompiledStrictRefusalSection``); at most one, last, with an
        /// empty name. Since 1.1.
        case strictRefusal = 3

        /// The first minor version of major version 1 that has this kind.
        var sinceMinorVersion: UInt16 {
            switch self {
            case .catalog, .localization: 0
            case .negotiation, .strictRefusal: 1
            }
        }
    }

    /// The kind of a level of a locale's fallback chain.
    static func code(of kind: LocaleChainEntry.Kind) -> UInt8 {
        switch kind {
        case .bundle: 0
        case .alias: 1
        case .abstract: 2
        }
    }

    static func chainEntryKind(code: UInt8) -> LocaleChainEntry.Kind? {
        switch code {
        case 0: .bundle
        case 1: .alias
        case 2: .abstract
        default: nil
        }
    }

    /// The tag before each value of a table entry (property-list values).
    enum ValueTag: UInt8 {
        case string = 0, data = 1, array = 2, dictionary = 3
    }

    /// The rule type of a variable (`NSStringFormatSpecTypeKey`).
    static func code(of ruleType: VariableFormat.Variable.RuleType) -> UInt8 {
        switch ruleType {
        case .plural: 0
        case .device: 1
        case .width: 2
        }
    }

    static func ruleType(code: UInt8) -> VariableFormat.Variable.RuleType? {
        switch code {
        case 0: .plural
        case 1: .device
        case 2: .width
        default: nil
        }
    }

    /// The status a strict refusal fails an open with: only these two refuse a strict open.
    static func code(of kind: CatalogError.Kind) -> UInt8? {
        switch kind {
        case .parse: 0
        case .unreadable: 1
        case .notFound, .invalidLocale, .invalidArgument: nil
        }
    }

    static func refusalKind(code: UInt8) -> CatalogError.Kind? {
        switch code {
        case 0: .parse
        case 1: .unreadable
        default: nil
        }
    }

    static func code(of severity: Diagnostic.Severity) -> UInt8 {
        switch severity {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    static func severity(code: UInt8) -> Diagnostic.Severity? {
        switch code {
        case 0: .error
        case 1: .warning
        case 2: .note
        default: nil
        }
    }

    /// Whether `bytes`, the start of a file, is the start of a compiled catalog (or what is left
    /// of one: a file cut inside the magic is still reported as a broken compiled catalog).
    static func startsLikeCompiledCatalog(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && magic.starts(with: bytes.prefix(magic.count))
    }
}
