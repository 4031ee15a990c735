/// The library's limits, in one place: every other file reads its bound from here.
///
/// Every input is bounded so that a hostile catalog, caller or translation costs bounded memory
/// and time: a limit is never a silent cut, it is reported (a diagnostic, a status or a format
/// failure, as each says). A limit the C header publishes names its macro (`EF_MAX_*`) in its
/// comment; `make test-limits` (Tests/Limits/check_limits.py) checks that the two agree, and that
/// the bindings' copies agree with the header.
public enum Limits {
    // MARK: Catalog files and directories

    /// Largest table file read, in bytes (`EF_MAX_TABLE_FILE_BYTES`). Larger files are skipped
    /// with a `file-too-large` error diagnostic (lenient) or fail the open with `.unreadable`
    /// (strict). The largest real table seen in the corpus is under 1 MB.
    public static let maximumTableFileBytes = 64 << 20

    /// Largest compiled catalog file read or written, in bytes (`errfmt compile`,
    /// docs/compiled-catalog.md). A compiled catalog holds a whole directory, so it is allowed
    /// 16 of the largest table files; a section is read whole into memory when its localization is
    /// needed, so the bound is also the most memory one hostile file can make an open allocate.
    /// The largest corpus catalog compiles to a few megabytes.
    public static let maximumCompiledCatalogBytes = 16 * maximumTableFileBytes

    /// Most localizations a catalog directory may hold, `<loc>.lproj` plus `<loc>.json`
    /// (`EF_MAX_LOCALIZATIONS`); the rest are skipped with a `too-many-entries` error diagnostic.
    public static let maximumLocalizations = 1_024

    /// Most table files read for one catalog directory, all localizations together
    /// (`EF_MAX_TABLE_FILES`); the rest are skipped with a `too-many-entries` error diagnostic.
    public static let maximumTableFiles = 16_384

    /// Most entries listed in one directory of a catalog, the root or a `.lproj`
    /// (`EF_MAX_DIRECTORY_ENTRIES`); the rest (in byte order of their names) are skipped with a
    /// `too-many-entries` error diagnostic.
    public static let maximumDirectoryEntries = 65_536

    // MARK: What callers pass

    /// Most preferences read from one list passed to a format or lookup call
    /// (`EF_MAX_PREFERENCES`); the rest are ignored as the least preferred.
    public static let maximumPreferenceCount = 256

    /// Most bytes of the preferences of one list read together, without terminators
    /// (`EF_MAX_PREFERENCE_BYTES`); the entries past them are ignored as the least preferred.
    public static let maximumPreferenceBytes = 16_384

    /// Longest key, table name or error domain a caller may pass, in bytes (`EF_MAX_KEY_BYTES`).
    public static let maximumKeyBytes = 65_536

    /// Longest locale identifier accepted, in bytes (`EF_MAX_LOCALE_BYTES`); longer ones are
    /// refused (ICU itself fails from 157 on; real identifiers are short).
    public static let maximumLocaleBytes = 100

    /// Longest part of an `Accept-Language` header read, in bytes
    /// (`EF_MAX_ACCEPT_LANGUAGE_BYTES`); the rest is ignored at the last `,` before it. Browsers
    /// send well under 200 bytes; the bound keeps hostile headers cheap.
    public static let maximumAcceptLanguageBytes = 4_096

    /// Most language ranges read from one `Accept-Language` header, in the header's order before
    /// sorting by q-value (`EF_MAX_ACCEPT_LANGUAGE_RANGES`). Real headers carry under 10.
    public static let maximumAcceptLanguageRanges = 64

    /// Most positional arguments one error takes (`EF_MAX_ARGUMENTS`); appending another is
    /// refused with `.invalidArgument`. No real message has more.
    public static let maximumArguments = 1_000

    // MARK: Formats (translations come from files other people write)

    /// Longest format accepted, in UTF-8 bytes (`format-too-long`).
    public static let maximumFormatLength = 65_536

    /// Most specifiers (and variable references) in one format (`too-many-specifiers`).
    public static let maximumSpecifierCount = 1_024

    /// Largest explicit position `%N$` (`position-out-of-range`); rendering also requires
    /// `N <= arguments.count` (`missing-argument`).
    public static let maximumPosition = 64

    /// Largest field width (`width-too-large`).
    public static let maximumWidth = 1_024

    /// Largest precision (`precision-too-large`).
    public static let maximumPrecision = 1_024

    /// Longest rendered result, in UTF-8 bytes (`output-too-large`).
    public static let maximumOutputLength = 1_048_576

    /// Deepest nesting of variables inside variants (`variable-depth-exceeded`).
    public static let maximumVariableDepth = 8

    /// Most variable references substituted while rendering one variable format, counting nested
    /// ones (`too-many-substitutions`): bounds the work of variants that reference several
    /// variables each.
    public static let maximumSubstitutions = 256

    /// What a catalog may keep to answer repeated calls faster (its memos: results, plans,
    /// texts, lookups, negotiated stacks), in bytes, unless its opener says otherwise
    /// (EF_DEFAULT_MEMO_BYTES).
    public static let defaultMemoBytes = 8 << 20
    /// The largest memo budget a catalog may be given (EF_MAX_MEMO_BYTES).
    public static let maximumMemoBytes = 1 << 30
}
