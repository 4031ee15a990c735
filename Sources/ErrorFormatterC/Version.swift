import CErrorFormatter
import ErrorFormatter

@_cdecl("ef_version_number") @implementation
public func ef_version_number() -> UInt32 {
    UInt32(ErrorFormatterVersion.number)
}

@_cdecl("ef_version_string") @implementation
public func ef_version_string() -> UnsafePointer<CChar>? {
    StaticCString.pointer("1.3.0\0")
}
