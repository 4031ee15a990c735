#if canImport(Glibc)
import Glibc
#endif

/// The argument-free texts (``ArgumentFreeTexts``) of a table read in place from a compiled
/// catalog, made one key at a time, the first time a gettext-shaped call asks for each.
///
/// ``ArgumentFreeTexts`` renders every key of its table at once, which reads the whole table:
/// for a table read in place that would decode it (``StringTable/entries``), the copy reading in
/// place exists to avoid. Here each text asked for is rendered alone and kept, NUL-terminated,
/// for the life of the table (the C API hands the pointer out for the life of the catalog).
///
/// Bounded: at most ``slotCount`` three quarters filled and ``byteBudget`` bytes. When they
/// are spent, ``text(forKey:hash:render:)`` answers `nil` and its caller takes the whole-table
/// road, whose one block bounds a table's texts anyway.
final class ArgumentFreeTextsByKey: Sendable {
    private static let slotCount = 256
    private static let byteBudget = 64 << 10
    private let cache = ConcurrentByteCache(slotCount: slotCount, byteBudget: byteBudget)

    /// One text, NUL-terminated, owned here.
    private final class Text: @unchecked Sendable {
        // @unchecked: the bytes are written in `init`, read-only afterwards.
        let pointer: UnsafeMutablePointer<CChar>

        init?(_ text: String) {
            let count = text.utf8.count
            guard let block = malloc(count + 1) else { return nil }
            let copied = UTF8Bytes.copy(text, to: block)
            (block + copied).storeBytes(of: 0, as: UInt8.self)
            pointer = block.bindMemory(to: CChar.self, capacity: count + 1)
        }

        deinit { free(pointer) }
    }

    /// The text of the key whose UTF-8 is `key` (its keyed hash `hash`): the one kept, else
    /// `render()` kept now. `.absent` when `render` says the key has no argument-free text;
    /// `.unknown` when there is no room left to keep it.
    func text(forKey key: UnsafeRawBufferPointer, hash: UInt64, render: () -> String?) -> Answer {
        if let kept = cache.find(key, hash: hash) { return .text(Self.pointer(of: kept)) }
        guard let rendered = render() else { return .absent }
        guard let text = Text(rendered),
              let kept = cache.insert(key, hash: hash, value: text, cost: rendered.utf8.count + 1)
        else { return .unknown }
        return .text(Self.pointer(of: kept))
    }

    enum Answer {
        case text(UnsafePointer<CChar>)
        case absent
        case unknown
    }

    private static func pointer(of kept: UnsafeRawPointer) -> UnsafePointer<CChar> {
        UnsafePointer(Unmanaged<Text>.fromOpaque(kept).takeUnretainedValue().pointer)
    }
}
