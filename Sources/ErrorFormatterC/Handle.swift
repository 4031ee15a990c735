/// Conversions between Swift objects and the opaque handles C sees (`ef_catalog *`, …).
///
/// A handle is a retained reference: `make` retains, `release` (called by the `*_free`
/// functions) balances it. Every box class behind a handle is final and, except the builders,
/// immutable, which is what makes the header's thread-safety promise true.
///
/// A *shared* handle (``shared(_:)``) is an object the catalog owns and hands to every caller
/// that asks for the same thing (a memoized argument-free result): its address with the low
/// bit set. Objects are at least 16-byte aligned, so no made handle has that bit; borrowing
/// clears it, and releasing a shared handle does nothing — no reference count is touched, so
/// threads sharing a result never contend on it.
enum Handle {
    private static let sharedBit = UInt(1)
    static func make<Object: AnyObject>(_ object: Object) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// A handle to the object at `object`, which its owner keeps alive (see the type's comment).
    @inline(__always)
    static func shared(_ object: UnsafeRawPointer) -> OpaquePointer? {
        OpaquePointer(bitPattern: UInt(bitPattern: object) | sharedBit)
    }

    @inline(__always)
    private static func object(_ handle: OpaquePointer) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: UInt(bitPattern: handle) & ~sharedBit)
    }

    /// The object behind `handle` without changing its retain count; `nil` for a NULL handle.
    static func borrow<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type) -> Object? {
        guard let handle, let object = object(handle) else { return nil }
        return Unmanaged<Object>.fromOpaque(object).takeUnretainedValue()
    }

    /// `body` applied to the object behind `handle`, without retaining it: the caller's handle
    /// keeps the object alive for the whole call, and a retain and release per call cost as much
    /// as reading a lookup's value. `nil` for a NULL handle.
    static func withBorrowed<Object: AnyObject, Result>(
        _ handle: OpaquePointer?, as type: Object.Type, _ body: (Object) -> Result
    ) -> Result? {
        guard let handle, let object = object(handle) else { return nil }
        return Unmanaged<Object>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
    }

    /// Balances `make`. A NULL handle is a no-op, as every `*_free` function promises; so is a
    /// shared handle, whose object its owner frees.
    static func release<Object: AnyObject>(_ handle: OpaquePointer?, as type: Object.Type) {
        guard let handle, UInt(bitPattern: handle) & sharedBit == 0 else { return }
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
