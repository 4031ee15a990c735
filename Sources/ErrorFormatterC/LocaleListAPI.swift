#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_locale_list *`: preferences as read, ready to pass to `ef_format`.
final class LocaleListBox {
    let preferences: [String]
    let strings: CStringArena

    init(_ preferences: [String]) {
        self.preferences = preferences
        strings = CStringArena.make(preferences)
    }

    var count: Int { preferences.count }
}

/// The variables gettext reads, from the process environment, as bytes: a value that is not
/// UTF-8 is skipped by `Locales.preferencesFromEnvironmentBytes(_:)`, never repaired.
private func localeEnvironment() -> [String: [UInt8]] {
    var environment: [String: [UInt8]] = [:]
    for name in Locales.environmentVariableNames {
        if let value = getenv(name) {
            environment[name] = Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
        }
    }
    return environment
}

@_cdecl("ef_locale_list_from_environment") @implementation
public func ef_locale_list_from_environment(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        out.pointee = Handle.make(LocaleListBox(Locales.preferencesFromEnvironmentBytes(localeEnvironment()).preferences))
    }
}

@_cdecl("ef_locale_list_from_accept_language") @implementation
public func ef_locale_list_from_accept_language(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ header: UnsafePointer<CChar>?,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let header = try CInput.string(header, name: "header")
        out.pointee = Handle.make(LocaleListBox(Locales.preferencesFromAcceptLanguage(header)))
    }
}

@_cdecl("ef_locale_list_count") @implementation
public func ef_locale_list_count(_ list: OpaquePointer?) -> Int {
    Handle.borrow(list, as: LocaleListBox.self)?.count ?? 0
}

@_cdecl("ef_locale_list_entry") @implementation
public func ef_locale_list_entry(_ list: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let box = Handle.borrow(list, as: LocaleListBox.self), index >= 0, index < box.count else { return nil }
    return box.strings[index]
}

@_cdecl("ef_locale_list_packed") @implementation
public func ef_locale_list_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ list: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    writingPacked(out_length, buffer, capacity, err) { () throws(Failure) in
        guard let box = Handle.borrow(list, as: LocaleListBox.self) else {
            throw Failure.invalidArgument("list must not be NULL")
        }
        return LocaleListLayout.items(box.preferences)
    }
}

@_cdecl("ef_locale_list_free") @implementation
public func ef_locale_list_free(_ list: OpaquePointer?) {
    Handle.release(list, as: LocaleListBox.self)
}
