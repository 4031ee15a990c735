import CErrorFormatter
import ErrorFormatter

@_cdecl("ef_status_name") @implementation
public func ef_status_name(_ status: ef_status) -> UnsafePointer<CChar>? {
    switch status {
    case ef_status(EF_OK): StaticCString.pointer("EF_OK\0")
    case ef_status(EF_E_INVALID_ARGUMENT): StaticCString.pointer("EF_E_INVALID_ARGUMENT\0")
    case ef_status(EF_E_INVALID_UTF8): StaticCString.pointer("EF_E_INVALID_UTF8\0")
    case ef_status(EF_E_NOT_FOUND): StaticCString.pointer("EF_E_NOT_FOUND\0")
    case ef_status(EF_E_IO): StaticCString.pointer("EF_E_IO\0")
    case ef_status(EF_E_PARSE): StaticCString.pointer("EF_E_PARSE\0")
    case ef_status(EF_E_INVALID_LOCALE): StaticCString.pointer("EF_E_INVALID_LOCALE\0")
    case ef_status(EF_E_INTERNAL): StaticCString.pointer("EF_E_INTERNAL\0")
    case ef_status(EF_E_KEY_NOT_FOUND): StaticCString.pointer("EF_E_KEY_NOT_FOUND\0")
    default: StaticCString.pointer("EF_E_UNKNOWN\0")
    }
}

@_cdecl("ef_status_string") @implementation
public func ef_status_string(_ status: ef_status) -> UnsafePointer<CChar>? {
    switch status {
    case ef_status(EF_OK): StaticCString.pointer("success\0")
    case ef_status(EF_E_INVALID_ARGUMENT): StaticCString.pointer("invalid argument\0")
    case ef_status(EF_E_INVALID_UTF8): StaticCString.pointer("a string is not valid UTF-8\0")
    case ef_status(EF_E_NOT_FOUND): StaticCString.pointer("no such file or directory\0")
    case ef_status(EF_E_IO): StaticCString.pointer("cannot read the file or directory\0")
    case ef_status(EF_E_PARSE): StaticCString.pointer("a table cannot be parsed\0")
    case ef_status(EF_E_INVALID_LOCALE): StaticCString.pointer("malformed locale identifier\0")
    case ef_status(EF_E_INTERNAL): StaticCString.pointer("internal error\0")
    case ef_status(EF_E_KEY_NOT_FOUND): StaticCString.pointer("no usable value for the key\0")
    default: StaticCString.pointer("unknown status code\0")
    }
}
