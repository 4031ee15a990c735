#if canImport(Glibc)
import Glibc
#endif

/// A formatted error's block (``ItemBlock``) laid out once from a ``FormatPlan``, so that a later
/// call with the plan's key makes its result by rendering its own argument values and copying:
/// every item the plan fixes (rules, keys, localizations, tables, the stack, the rejections,
/// fixed texts) is kept as the bytes the block holds, and only the field texts the plan leaves
/// to each call (a table format, a caller's text) are written per call, between them.
///
/// One template answers every road: a C result (``block(arguments:text:)``), a packed output
/// (``writePacked(arguments:text:complete:into:capacity:)``) and a Swift value
/// (``formattedError(arguments:text:)``, from the template's own decoding). Each is
/// byte-identical (or equal) to what the full road makes for the same call, or not made at all
/// (`nil`: the caller then takes the full road).
final class ResultTemplate {
    /// `nil` for a key whose resolution depends on more than the key (``FormatPlan``): kept all
    /// the same, so that its calls take the full road without trying to plan it again.
    private let plan: FormatPlan?
    /// The block with every per-call text empty; `nil` for the mark of a key that has no plan.
    private let storage: UnsafeMutableRawPointer?
    /// Where each field's text item starts in `block` (for a per-call text: its NUL, where the
    /// call's bytes go), by ``ErrorField/rawValue``.
    private let textStarts: (Int, Int, Int)
    /// Where each field's text comes from, by ``ErrorField/rawValue``: read on every call, so a
    /// plain value (an enum with a payload would be copied, with its references, each time).
    private let perCall: (TextSource, TextSource, TextSource)

    private enum TextSource: UInt8 {
        /// Among the template's bytes.
        case fixed
        /// The plan's format for the field, rendered with the call's arguments.
        case format
        /// A text the call's error carries.
        case description, failureReason, recoverySuggestion

        init(_ source: FormatPlan.Source) {
            switch source {
            case .fixed: self = .fixed
            case .format: self = .format
            case .callerText(.description): self = .description
            case .callerText(.failureReason): self = .failureReason
            case .callerText(.recoverySuggestion): self = .recoverySuggestion
            }
        }

        var callerText: FormatPlan.CallerText? {
            switch self {
            case .fixed, .format: nil
            case .description: .description
            case .failureReason: .failureReason
            case .recoverySuggestion: .recoverySuggestion
            }
        }
    }
    /// The Swift value of `block`, whose per-call texts each call sets.
    private let skeleton: FormattedError

    /// The bytes kept beyond the object, for the memo's budget.
    let cost: Int

    /// The mark of a key that has no plan.
    init() {
        plan = nil
        storage = nil
        textStarts = (0, 0, 0)
        perCall = (.fixed, .fixed, .fixed)
        skeleton = FormattedError(title: "", message: "", button: "", provenance: [], stack: [], isUntranslated: false)
        cost = 64
    }

    /// The template of `plan` down a stack of `stack` (`untranslated` as the stack says), or
    /// `nil` when it cannot be made: memory ran out, or a fixed string holds U+0000 (a block
    /// cuts it, a Swift value keeps it: such a result answers no other call).
    init?(_ plan: FormatPlan, stack: [String], untranslated: Bool) {
        guard plan.fields.count == ResultLayout.fieldCount else { return nil }
        var sources: [TextSource] = []
        let made = ResultWriter.withWriter { writer -> UnsafeMutableRawPointer? in
            for (index, field) in plan.fields.enumerated() {
                guard let which = ErrorField(rawValue: index) else { return nil }
                let text: String
                if case .fixed(let fixed) = field.source { text = fixed } else { text = "" }
                sources.append(TextSource(field.source))
                func write(key: UnsafeRawBufferPointer?) {
                    writer.write(which, text: .string(text), rule: field.rule, key: key,
                                 localization: field.localization, table: field.table, rejections: field.rejections)
                }
                if let key = field.key { key.withUnsafeBytes { write(key: $0) } } else { write(key: nil) }
            }
            guard !writer.sawNUL else { return nil }
            return writer.finish(stack: stack, untranslated: untranslated)
        }
        guard let made else { return nil }
        self.plan = plan
        storage = made
        func start(_ field: Int) -> Int {
            let item = ResultLayout.item(made, ResultLayout.firstText + field)
            return item.map { UnsafeRawPointer($0) - UnsafeRawPointer(made) } ?? 0
        }
        textStarts = (start(0), start(1), start(2))
        perCall = (sources[0], sources[1], sources[2])
        skeleton = ResultLayout.formattedError(made, showsCallerText: plan.showsCallerText)
        cost = 64 + ItemBlock.size(made) * 3 + plan.byteCost
    }

    deinit { free(storage) }

    /// Whether this is the mark of a key that has no plan.
    var isMark: Bool { plan == nil }

    // MARK: - Per call

    private func textStart(_ field: Int) -> Int {
        switch field {
        case 0: textStarts.0
        case 1: textStarts.1
        default: textStarts.2
        }
    }

    @inline(__always)
    private func source(_ field: Int) -> TextSource {
        switch field {
        case 0: perCall.0
        case 1: perCall.1
        default: perCall.2
        }
    }

    /// `body` applied to the template's block and this call's per-call texts: each field's bytes
    /// in its part of a scratch buffer (`lengths`: -1 for a fixed text), or `nil` when the plan cannot answer the call (a
    /// format fails or does not fit ``FormatPlan/renderCapacity``, a shown caller text is absent,
    /// empty or longer than that).
    @inline(__always)
    private func withTexts<Result>(
        arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafeRawBufferPointer?,
        _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, (Int, Int, Int)) -> Result?
    ) -> Result? {
        // Tested, not bound: binding the plan would retain it for the call.
        guard plan != nil, let block = storage else { return nil }
        let part = FormatPlan.renderCapacity
        return withUnsafeTemporaryAllocation(byteCount: part * ResultLayout.fieldCount, alignment: 8) {
            scratch -> Result? in
            guard let base = scratch.baseAddress else { return nil }
            var lengths = (-1, -1, -1)
            for field in 0..<ResultLayout.fieldCount {
                let into = UnsafeMutableRawBufferPointer(start: base + field * part, count: part)
                let written: Int
                let source = source(field)
                if source == .fixed { continue }
                if let which = source.callerText {
                    guard let shown = text(which), let bytes = shown.baseAddress, !shown.isEmpty,
                          shown.count <= part, let target = into.baseAddress
                    else { return nil }
                    memcpy(target, bytes, shown.count)
                    written = shown.count
                } else {
                    guard let count = plan?.render(field, arguments: arguments, into: into) else { return nil }
                    written = ItemBlockWriter.itemLength(UnsafeRawBufferPointer(rebasing: into[..<count]))
                }
                switch field {
                case 0: lengths.0 = written
                case 1: lengths.1 = written
                default: lengths.2 = written
                }
            }
            return body(block, base, lengths)
        }
    }

    private static func length(_ lengths: (Int, Int, Int), _ field: Int) -> Int {
        switch field {
        case 0: lengths.0
        case 1: lengths.1
        default: lengths.2
        }
    }

    /// The per-call bytes inserted before each item: none before the title, the title's before
    /// the message, the title's and message's before the button, all of them after it.
    private struct Shifts {
        let message: Int, button: Int, rest: Int

        init(_ lengths: (Int, Int, Int)) {
            message = max(0, lengths.0)
            button = message + max(0, lengths.1)
            rest = button + max(0, lengths.2)
        }

        @inline(__always)
        func before(_ index: Int) -> Int {
            switch index {
            case ..<(ResultLayout.firstText + 1): 0
            case ResultLayout.firstText + 1: message
            case ResultLayout.firstText + 2: button
            default: rest
            }
        }
    }

    /// Copies the template's bytes from `from` to `to` into `destination`, inserting each
    /// per-call text (`lengths[field]` bytes at the field's part of `scratch`) at its place;
    /// returns the bytes written.
    @inline(__always)
    private func copyItems(
        of block: UnsafeMutableRawPointer, from: Int, to: Int, lengths: (Int, Int, Int),
        scratch: UnsafeMutableRawPointer, into destination: UnsafeMutableRawPointer
    ) -> Int {
        var copied = from, written = 0
        for field in 0..<ResultLayout.fieldCount {
            let length = Self.length(lengths, field)
            let at = textStart(field)
            guard length >= 0, at >= from, at < to else { continue }
            memcpy(destination + written, block + copied, at - copied)
            written += at - copied
            memcpy(destination + written, scratch + field * FormatPlan.renderCapacity, length)
            written += length
            copied = at
        }
        memcpy(destination + written, block + copied, to - copied)
        return written + to - copied
    }

    /// The block of a call whose error has `arguments` and whose texts `text` reads, the
    /// caller's to free, or `nil` when the plan cannot answer it.
    func block(arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafeRawBufferPointer?)
        -> UnsafeMutableRawPointer?
    {
        withTexts(arguments: arguments, text: text) { block, scratch, lengths -> UnsafeMutableRawPointer? in
            let shifts = Shifts(lengths)
            let added = shifts.rest
            let size = ItemBlock.size(block)
            guard let made = malloc(size + added) else { return nil }
            let count = ItemBlock.count(block)
            let itemsStart = ItemBlock.itemsStart(count: count, metadata: ResultLayout.metadataCount)
            let offsetsStart = itemsStart - count * 8
            memcpy(made, block, offsetsStart)
            made.storeBytes(of: size + added, as: Int.self)
            made.storeBytes(of: ItemBlock.packedLength(block) + added, toByteOffset: 16, as: Int.self)
            // The header and the texts move by what comes before each; every later item by all.
            // Offsets are of memory this object holds, and `added` of the scratch's: no sum
            // can overflow.
            let from = UnsafeRawPointer(block + offsetsStart).assumingMemoryBound(to: Int.self)
            let to = (made + offsetsStart).bindMemory(to: Int.self, capacity: count)
            let texts = min(count, ResultLayout.button + 1)
            for index in 0..<texts { to[index] = from[index] &+ shifts.before(index) }
            for index in texts..<count { to[index] = from[index] &+ added }
            _ = copyItems(of: block, from: itemsStart, to: size, lengths: lengths, scratch: scratch, into: made + itemsStart)
            return made
        }
    }

    /// Writes the packed output of the same call (the 1.1 items, or every item when `complete`)
    /// into `buffer` when it fits `capacity` bytes (negative: room for anything); returns the
    /// output's length either way, or `nil` when the plan cannot answer the call.
    func writePacked(
        arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafeRawBufferPointer?, complete: Bool,
        into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) -> Int? {
        withTexts(arguments: arguments, text: text) { block, scratch, lengths -> Int? in
            let items = ItemBlock.items(block, metadata: ResultLayout.metadataCount, complete: complete)
            let start = items.baseAddress.map { $0 - UnsafeRawPointer(block) } ?? 0
            // Lengths of memory this object and the scratch hold: their sum cannot overflow.
            let total = items.count &+ Shifts(lengths).rest
            guard let buffer, capacity < 0 || total <= capacity else { return total }
            return copyItems(of: block, from: start, to: start + items.count, lengths: lengths, scratch: scratch, into: buffer)
        }
    }

    /// The template's block, each per-call text empty, or `nil` for the mark of a key that has no
    /// plan: what every call's block has but its per-call texts (a problem response's template
    /// is written from it, ``ProblemTemplate``).
    var block: UnsafeRawPointer? { plan == nil ? nil : storage.map(UnsafeRawPointer.init) }

    /// Whether `field` (by ``ErrorField/rawValue``) is written per call: a format rendered with
    /// the call's arguments, or a text the call's error carries.
    func isPerCall(_ field: Int) -> Bool { source(field) != .fixed }

    /// `body` applied to this call's per-call texts, by field (a fixed field's: empty, its text
    /// is the block's), or `nil` when the plan cannot answer the call, as for
    /// ``block(arguments:text:)``. Each text is what the call's block would hold: cut at a
    /// U+0000 a rendering holds, as the block's item is.
    @inline(__always)
    func withPerCallTexts<Result>(
        arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafeRawBufferPointer?,
        _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        withTexts(arguments: arguments, text: text) { _, scratch, lengths -> Result? in
            func perCall(_ field: Int) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(start: scratch + field * FormatPlan.renderCapacity,
                                       count: max(0, Self.length(lengths, field)))
            }
            return body(perCall(0), perCall(1), perCall(2))
        }
    }

    /// The Swift value of a call whose error has `arguments` and whose texts `text` gives, or
    /// `nil` when the plan cannot answer it. Caller texts are shown as given, whole.
    func formattedError(arguments: [FormatArgument], text: (FormatPlan.CallerText) -> String?) -> FormattedError? {
        guard let plan else { return nil }
        // Only the per-call texts are held here; a fixed field's text is read once, from the
        // skeleton, as the result is made.
        var perCall: (title: String?, message: String?, button: String?) = (nil, nil, nil)
        for field in 0..<ResultLayout.fieldCount {
            let shown: String
            let source = source(field)
            switch source {
            case .fixed:
                continue
            case .format:
                let rendered = withUnsafeTemporaryAllocation(byteCount: FormatPlan.renderCapacity, alignment: 1) {
                    buffer -> String? in
                    guard let count = plan.render(field, arguments: arguments, into: buffer), let base = buffer.baseAddress
                    else { return nil }
                    return KnownValidUTF8.string(UnsafeBufferPointer(
                        start: base.assumingMemoryBound(to: UInt8.self), count: count))
                }
                guard let rendered else { return nil }
                shown = rendered
            case .description, .failureReason, .recoverySuggestion:
                guard let which = source.callerText, let given = text(which), !given.isEmpty else { return nil }
                shown = given
            }
            switch field {
            case 0: perCall.title = consume shown
            case 1: perCall.message = consume shown
            default: perCall.button = consume shown
            }
        }
        return skeleton.replacingTexts(title: perCall.title, message: perCall.message, button: perCall.button)
    }
}
