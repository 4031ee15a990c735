#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// The bytes that key the hot path's memos, written from the caller's arguments into a
/// temporary buffer: no `String` is made and nothing is validated, because only arguments that
/// were validated (on the slow path) ever got an entry, and equal bytes are equally valid.
enum CallerKey {
    /// Longer keys are not memoized: their calls take the slow path, correct, only slower.
    static let capacity = 1_024

    /// `body` applied to [preference count (8 bytes)] `head` [NUL] (each preference [NUL]) `tail`.
    /// `head` holds no NUL of its own after any fixed-size prefix the caller defines, and
    /// preferences hold none, so different calls make different keys. `nil` (no key) when a
    /// preference is NULL, there are more than a call reads (EF_MAX_PREFERENCES: the rest would
    /// be ignored, so two lists that differ only there answer alike but would key apart), or the
    /// key would be longer than `capacity`.
    @inline(__always)
    static func with<Result>(
        head: UnsafeRawBufferPointer, locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int,
        tail: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        guard count >= 0, count <= Limits.maximumPreferenceCount, count == 0 || locales != nil else { return nil }
        return withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer -> Result? in
            guard let base = buffer.baseAddress else { return nil }
            base.storeBytes(of: count, as: Int.self)
            var length = 8
            guard append(head, to: base, at: &length) else { return nil }
            for index in 0..<count {
                guard let locales, let locale = locales[index] else { return nil }
                guard append(UnsafeRawBufferPointer(start: locale, count: strlen(locale)), to: base, at: &length)
                else { return nil }
            }
            guard tail.count <= capacity - length else { return nil }
            if let source = tail.baseAddress, tail.count > 0 { memcpy(base + length, source, tail.count) }
            return body(UnsafeRawBufferPointer(start: base, count: length + tail.count))
        }
    }

    /// Appends `bytes` and a NUL at `length`, if they fit in `capacity` bytes.
    @inline(__always)
    private static func append(_ bytes: UnsafeRawBufferPointer, to base: UnsafeMutableRawPointer, at length: inout Int)
        -> Bool
    {
        guard bytes.count < capacity - length else { return false }
        if let source = bytes.baseAddress, bytes.count > 0 { memcpy(base + length, source, bytes.count) }
        (base + length + bytes.count).storeBytes(of: 0, as: UInt8.self)
        length += bytes.count + 1
        return true
    }

    /// The bytes of a C string (none for NULL), without its NUL.
    @inline(__always)
    static func bytes(_ string: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer {
        guard let string else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: string, count: strlen(string))
    }

    /// `body` applied to the key of an error passed as parts (`ef_format_packed`): the error's
    /// part as ``ResultReuse`` writes it, then the preferences as in
    /// ``with(head:locales:count:tail:_:)``, then `tail`. `nil` when it does not fit.
    @inline(__always)
    static func withError<Result>(
        code: Int64, texts: UInt8, table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int,
        tail: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        withUnsafeTemporaryAllocation(byteCount: capacity / 2, alignment: 8) { head -> Result? in
            guard let length = ResultReuse.writeErrorKey(
                code: code, presentTexts: texts, table: bytes(table), domain: bytes(domain), into: head)
            else { return nil }
            return with(head: UnsafeRawBufferPointer(start: head.baseAddress, count: length), locales: locales,
                        count: count, tail: tail, body)
        }
    }

    /// Which of an error's texts are present, as ``ResultReuse`` keys them.
    @inline(__always)
    static func presentTexts(
        description: UnsafePointer<CChar>?, failureReason: UnsafePointer<CChar>?,
        recoverySuggestion: UnsafePointer<CChar>?
    ) -> UInt8 {
        ResultReuse.presentTexts(
            description: ResultReuse.isPresent(description), failureReason: ResultReuse.isPresent(failureReason),
            recoverySuggestion: ResultReuse.isPresent(recoverySuggestion))
    }

    /// Whether a text the caller passed is NULL or valid UTF-8: what the slow path would accept.
    /// A memoized answer does not read the text, but must reject what the slow path rejects.
    @inline(__always)
    static func isAcceptable(_ text: UnsafePointer<CChar>?) -> Bool {
        guard let text else { return true }
        return UTF8Validation.isStrictlyValid(
            UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    /// The caller's preferences as strings, for the slow path after they were validated.
    static func preferences(_ locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int) -> [String] {
        (0..<max(0, count)).compactMap { index in locales?[index].map { String(cString: $0) } }
    }
}

/// The hot path's memos: the answer of a call made before with the same bytes, found with one
/// hash and one probe, without a lock or a reference count.
///
/// - `ef_catalog_text`: (table, preferences, key) → the text, which the catalog owns;
/// - `ef_format`: (error, preferences) → the result's block; each caller gets a copy of it;
/// - `ef_catalog_lookup` without arguments: (table, preferences, key) → the lookup's block, kept
///   only when it found a value (a miss owes the caller error details anyway); each caller gets
///   a copy of it;
/// - `ef_format_packed`: (error, preferences) → the packed output.
///
/// Which formatted results are kept, and under which key, is ``ResultReuse``'s decision; this
/// layer only writes the caller's bytes into keys and copies blocks in and out.
extension CatalogBox {
    @inline(__always)
    func memoizedText(
        table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>, locales: UnsafePointer<UnsafePointer<CChar>?>?,
        count: Int
    ) -> UnsafePointer<CChar>? {
        CallerKey.with(head: CallerKey.bytes(table), locales: locales, count: count, tail: CallerKey.bytes(key)) {
            textMemo.find($0, hash: textMemo.hash($0))?.assumingMemoryBound(to: CChar.self)
        }
    }

    func memoize(
        text: UnsafePointer<CChar>, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) {
        _ = CallerKey.with(head: CallerKey.bytes(table), locales: locales, count: count, tail: CallerKey.bytes(key)) {
            textMemo.insert($0, hash: textMemo.hash($0), pointer: UnsafeRawPointer(text), cost: 0)
        }
    }

    /// The block memoized for this error and these preferences, which the catalog keeps: the
    /// caller hands out a copy of it.
    @inline(__always)
    func memoizedResult(info: ErrorInfoBox, locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int)
        -> UnsafeRawPointer?
    {
        // No key is written for a call whose result the memo would never hold.
        guard ResultReuse.mayReuse(hasArguments: info.hasArguments, showsCallerText: false) else { return nil }
        return info.withMemoKey { error in
            CallerKey.with(head: error, locales: locales, count: count, tail: UnsafeRawBufferPointer(start: nil, count: 0)) {
                resultMemo.find($0, hasArguments: info.hasArguments)?.baseAddress
            }
        }
    }

    /// Offers `result`, a formatted error's block, to the memo, which keeps a copy if it may be
    /// reused (``ResultReuse``).
    func memoize(
        result: UnsafeRawPointer, showingCallerText showsCallerText: Bool, info: ErrorInfoBox,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) {
        guard ResultReuse.mayReuse(hasArguments: info.hasArguments, showsCallerText: showsCallerText) else { return }
        let block = UnsafeRawBufferPointer(start: result, count: OwnedStrings.byteCount(result))
        _ = info.withMemoKey { error in
            CallerKey.with(head: error, locales: locales, count: count, tail: UnsafeRawBufferPointer(start: nil, count: 0)) {
                resultMemo.remember(block, under: $0, hasArguments: info.hasArguments, showsCallerText: showsCallerText)
            }
        }
    }

    @inline(__always)
    func memoizedPacked(
        code: Int64, texts: UInt8, hasArguments: Bool, table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) -> UnsafeRawBufferPointer? {
        guard ResultReuse.mayReuse(hasArguments: hasArguments, showsCallerText: false) else { return nil }
        return CallerKey.withError(code: code, texts: texts, table: table, domain: domain, locales: locales, count: count) {
            packedMemo.find($0, hasArguments: hasArguments)
        }
    }

    /// Offers `packed`, the output of a formatted error, to the memo, which keeps a copy if it
    /// may be reused (``ResultReuse``).
    func memoize(
        packed: UnsafeRawBufferPointer, showingCallerText showsCallerText: Bool, hasArguments: Bool, code: Int64,
        texts: UInt8, table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) {
        guard ResultReuse.mayReuse(hasArguments: hasArguments, showsCallerText: showsCallerText) else { return }
        _ = CallerKey.withError(code: code, texts: texts, table: table, domain: domain, locales: locales, count: count) {
            packedMemo.remember(packed, under: $0, hasArguments: hasArguments, showsCallerText: showsCallerText)
        }
    }

    /// The block memoized for this lookup, which the catalog keeps: the caller hands out a
    /// copy of it.
    @inline(__always)
    func memoizedLookup(
        table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>, locales: UnsafePointer<UnsafePointer<CChar>?>?,
        count: Int
    ) -> UnsafeRawPointer? {
        CallerKey.with(head: CallerKey.bytes(table), locales: locales, count: count, tail: CallerKey.bytes(key)) {
            lookupMemo.find($0, hash: lookupMemo.hash($0)).flatMap { KeptBytes.bytes(at: $0).baseAddress }
        }
    }

    /// Keeps a copy of `lookup`, the block of a lookup without arguments that found a value.
    func memoize(
        lookup: UnsafeRawPointer, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) {
        guard let key else { return }
        _ = CallerKey.with(head: CallerKey.bytes(table), locales: locales, count: count, tail: CallerKey.bytes(key)) {
            memoKey -> Void? in
            guard let kept = KeptBytes(copying: UnsafeRawBufferPointer(start: lookup, count: OwnedStrings.byteCount(lookup)))
            else { return nil }
            lookupMemo.insert(memoKey, hash: lookupMemo.hash(memoKey), value: kept, cost: OwnedStrings.byteCount(lookup))
            return ()
        }
    }
}
