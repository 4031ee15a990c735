/// Conversions between Swift objects and the opaque handles C sees (`ef_catalog *`, …).
///
/// A handle is a retained reference: `make` retains, `release` (called by the `*_free`
/// functions) balances it. Every box class behind a handle is final and, except the builders,
/// immutable, which is what makes the header's thread-safety promise true.
/// Results and lookups are not objects but blocks the caller owns (OwnedStrings.swift).
enum Handle {
    static func make<Object: AnyObject>(_ object: Object) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// The object behind `handle` without changing its retain count; `nil` for a NULL handle.
    static func borrow<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type) -> Object? {
        guard let handle else { return nil }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// `body` applied to the object behind `handle`, without retaining it: the caller's handle
    /// keeps the object alive for the whole call, and a retain and release per call cost as much
    /// as reading a lookup's value. `nil` for a NULL handle.
    static func withBorrowed<Object: AnyObject, Result>(
        _ handle: OpaquePointer?, as type: Object.Type, _ body: (Object) -> Result
    ) -> Result? {
        guard let handle else { return nil }
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef(body)
    }

    /// Balances `make`. A NULL handle is a no-op, as every `*_free` function promises.
    static func release<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type) {
        guard let handle else { return }
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
