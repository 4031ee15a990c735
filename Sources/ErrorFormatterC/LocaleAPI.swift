import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_locale_chain *`.
final class LocaleChainBox {
    let normalized: String
    let untranslated: Bool
    let entries: [LocaleChainEntry]
    /// [normalized, entry ids…]
    let strings: CStringArena

    init(normalized: String, untranslated: Bool, entries: [LocaleChainEntry]) {
        self.normalized = normalized
        self.untranslated = untranslated
        self.entries = entries
        strings = CStringArena.make([normalized] + entries.map(\.id))
    }
}

/// Normalizes the caller's locale string, mapping failures to statuses.
private func normalizedLocale(_ locale: UnsafePointer<CChar>?) throws(Failure) -> LocaleNormalization {
    let input = try CInput.string(locale, name: "locale")
    do throws(LocaleError) {
        return try Locales.normalize(input)
    } catch {
        throw Failure(error)
    }
}

@_cdecl("ef_locale_normalize") @implementation
public func ef_locale_normalize(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ out_untranslated: UnsafeMutablePointer<Int32>?,
    _ locale: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let out else { throw Failure.invalidArgument("out must not be NULL") }
        out.pointee = nil
        out_untranslated?.pointee = 0
        let id: String
        switch try normalizedLocale(locale) {
        case .locale(let normalized): id = normalized
        case .untranslated:
            id = ""
            out_untranslated?.pointee = 1
        }
        guard let copy = OwnedCString.make(id) else {
            throw Failure(status: ef_status(EF_E_INTERNAL), message: "out of memory")
        }
        out.pointee = copy
    }
}

@_cdecl("ef_locale_chain_new") @implementation
public func ef_locale_chain_new(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ locale: UnsafePointer<CChar>?,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        switch try normalizedLocale(locale) {
        case .locale(let id):
            out.pointee = Handle.make(LocaleChainBox(normalized: id, untranslated: false,
                                                     entries: Locales.chain(for: id)))
        case .untranslated:
            out.pointee = Handle.make(LocaleChainBox(normalized: "", untranslated: true, entries: []))
        }
    }
}

@_cdecl("ef_locale_chain_normalized") @implementation
public func ef_locale_chain_normalized(_ chain: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(chain, as: LocaleChainBox.self)?.strings[0] ?? StaticCString.empty
}

@_cdecl("ef_locale_chain_untranslated") @implementation
public func ef_locale_chain_untranslated(_ chain: OpaquePointer?) -> Int32 {
    (Handle.borrow(chain, as: LocaleChainBox.self)?.untranslated ?? false) ? 1 : 0
}

@_cdecl("ef_locale_chain_count") @implementation
public func ef_locale_chain_count(_ chain: OpaquePointer?) -> Int {
    Handle.borrow(chain, as: LocaleChainBox.self)?.entries.count ?? 0
}

@_cdecl("ef_locale_chain_id") @implementation
public func ef_locale_chain_id(_ chain: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let box = Handle.borrow(chain, as: LocaleChainBox.self), box.entries.indices.contains(index) else {
        return nil
    }
    return box.strings[index + 1]
}

@_cdecl("ef_locale_chain_kind") @implementation
public func ef_locale_chain_kind(_ chain: OpaquePointer?, _ index: Int) -> Int32 {
    guard let box = Handle.borrow(chain, as: LocaleChainBox.self), box.entries.indices.contains(index) else {
        return -1
    }
    return Int32(LocaleChainLayout.number(of: box.entries[index].kind))
}

@_cdecl("ef_locale_chain_packed") @implementation
public func ef_locale_chain_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ chain: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    writingPacked(out_length, buffer, capacity, err) { () throws(Failure) in
        guard let box = Handle.borrow(chain, as: LocaleChainBox.self) else {
            throw Failure.invalidArgument("chain must not be NULL")
        }
        return LocaleChainLayout.items(normalized: box.normalized, untranslated: box.untranslated,
                                       entries: box.entries)
    }
}

@_cdecl("ef_locale_chain_free") @implementation
public func ef_locale_chain_free(_ chain: OpaquePointer?) {
    Handle.release(chain, as: LocaleChainBox.self)
}
