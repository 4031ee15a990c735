/// The library's version. Kept equal to `EF_VERSION_*` in `include/errorformatter.h`
/// (a test checks it).
public enum ErrorFormatterVersion {
    public static let major = 1
    public static let minor = 3
    public static let patch = 0
    public static let string = "\(major).\(minor).\(patch)"
    /// `major * 10000 + minor * 100 + patch`, as `EF_VERSION_NUMBER`.
    public static let number = major * 10000 + minor * 100 + patch
}
