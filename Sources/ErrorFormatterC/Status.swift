import CErrorFormatter
import ErrorFormatter

/// The macro name and the English description of a status code, in one place so that a new
/// code (numbers are append-only) is added once.
private func describe(_ status: ef_status) -> (name: StaticString, text: StaticString) {
    switch status {
    case ef_status(EF_OK): ("EF_OK\0", "success\0")
    case ef_status(EF_E_INVALID_ARGUMENT): ("EF_E_INVALID_ARGUMENT\0", "invalid argument\0")
    case ef_status(EF_E_INVALID_UTF8): ("EF_E_INVALID_UTF8\0", "a string is not valid UTF-8\0")
    case ef_status(EF_E_NOT_FOUND): ("EF_E_NOT_FOUND\0", "no such file or directory\0")
    case ef_status(EF_E_IO): ("EF_E_IO\0", "cannot read the file or directory\0")
    case ef_status(EF_E_PARSE): ("EF_E_PARSE\0", "a table cannot be parsed\0")
    case ef_status(EF_E_INVALID_LOCALE): ("EF_E_INVALID_LOCALE\0", "malformed locale identifier\0")
    case ef_status(EF_E_INTERNAL): ("EF_E_INTERNAL\0", "internal error\0")
    case ef_status(EF_E_KEY_NOT_FOUND): ("EF_E_KEY_NOT_FOUND\0", "no usable value for the key\0")
    case ef_status(EF_E_REJECTED): ("EF_E_REJECTED\0", "a string the arguments cannot satisfy was found\0")
    default: ("EF_E_UNKNOWN\0", "unknown status code\0")
    }
}

@_cdecl("ef_status_name") @implementation
public func ef_status_name(_ status: ef_status) -> UnsafePointer<CChar>? {
    StaticCString.pointer(describe(status).name)
}

@_cdecl("ef_status_string") @implementation
public func ef_status_string(_ status: ef_status) -> UnsafePointer<CChar>? {
    StaticCString.pointer(describe(status).text)
}
