/// The library's size limits, in one place; the C header states the same numbers (EF_MAX_*).
///
/// Every input is bounded so that a hostile catalog or caller costs bounded memory and time:
/// a limit is never a silent cut, it is reported (a diagnostic, or a status, as each says).
public enum Limits {
    /// Largest table file read, in bytes. Larger files are skipped with an `file-too-large`
    /// error diagnostic (lenient) or fail the open with `.unreadable` (strict). The largest real
    /// table seen in the corpus is under 1 MB.
    public static let maximumTableFileBytes = 64 << 20

    /// Most localizations a catalog directory may hold (`<loc>.lproj` plus `<loc>.json`); the
    /// rest are skipped with a `too-many-entries` error diagnostic.
    public static let maximumLocalizations = 1_024

    /// Most table files read for one catalog directory, all localizations together; the rest
    /// are skipped with a `too-many-entries` error diagnostic.
    public static let maximumTableFiles = 16_384

    /// Most entries listed in one directory of a catalog (the root or a `.lproj`); the rest
    /// (in byte order of their names) are skipped with a `too-many-entries` error diagnostic.
    public static let maximumDirectoryEntries = 65_536

    /// Most preferences in one list passed to a format or lookup call.
    public static let maximumPreferenceCount = 256

    /// Most bytes of all preferences of one list together (without terminators).
    public static let maximumPreferenceBytes = 16_384

    /// Longest key, table name or error domain a caller may pass, in bytes.
    public static let maximumKeyBytes = 65_536
}
