#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// A result block (``ResultBlock``) laid out from a ``FormatPlan`` once, so that a call with the
/// plan's key makes its block by rendering its arguments and copying: every string the plan
/// fixes (rules, keys, localizations, tables, the stack, the rejections, fixed texts) is kept
/// here as the bytes the block holds, in block order; only the field texts the plan leaves to the
/// call (a table format, a caller text) are written per call, between them.
///
/// The block is byte-identical to the one ``ResultBlock/make(_:layers:formatter:)`` makes for the
/// same call, or not made at all (``block(arguments:text:)`` returns `nil`, and the caller takes
/// that road).
final class PlannedResult {
    /// `nil` for a key whose resolution depends on more than the key (``FormatPlan``): kept all
    /// the same, so that its calls take the full road without trying to plan it again.
    private let plan: FormatPlan?
    private let stringCount: Int
    private let metadata: UnsafeMutablePointer<Int>
    /// Where each string starts among the fixed bytes (for a per-call text: where it goes),
    /// -1 for a NULL string.
    private let starts: UnsafeMutablePointer<Int>
    private let fixed: UnsafeMutableRawPointer
    private let fixedCount: Int
    /// What each field's text is, by ``ErrorField/rawValue``.
    private let texts: (TextSource, TextSource, TextSource)

    private enum TextSource {
        /// Among the fixed bytes.
        case fixed
        /// The plan's format for the field, rendered with the call's arguments.
        case format
        /// A text the call's error carries.
        case callerText(FormatPlan.CallerText)
    }

    /// The bytes kept beyond the object, for the memo's budget: the layout and the plan.
    var cost: Int { 64 + (ResultBlock.metadataCount + stringCount) * 8 + fixedCount + (plan?.byteCost ?? 0) }

    /// The layout of `plan`'s blocks (`nil`: the mark of a key that has no plan), or `nil` if
    /// the plan is not one of three fields.
    init?(_ plan: FormatPlan?) {
        self.plan = plan
        let stack = plan?.stack ?? []
        var strings: [[UInt8]?] = []
        var sources: [TextSource] = []
        var rejections: [[String]] = []
        for field in plan?.fields ?? [] {
            switch field.source {
            case .fixed(let text):
                sources.append(.fixed)
                strings.append(Array(text.utf8))
            case .format:
                sources.append(.format)
                strings.append([])
            case .callerText(let which):
                sources.append(.callerText(which))
                strings.append([])
            }
            strings.append(Array(field.rule.utf8))
            strings.append(field.key)
            strings.append(field.localization.map { Array($0.utf8) })
            strings.append(field.table.map { Array($0.utf8) })
            rejections.append(field.rejections.map(\.description))
        }
        guard plan == nil || sources.count == ResultBlock.fieldCount else { return nil }
        texts = plan == nil ? (.fixed, .fixed, .fixed) : (sources[0], sources[1], sources[2])
        for entry in stack { strings.append(Array(entry.utf8)) }
        for field in rejections { for message in field { strings.append(Array(message.utf8)) } }

        stringCount = strings.count
        metadata = .allocate(capacity: ResultBlock.metadataCount)
        // As ``ResultBlockWriter/finish(stack:)`` writes them: the stack count, then where each
        // field's rejections start, then where they end.
        metadata[0] = stack.count
        var end = ResultBlock.fieldCount * ResultBlock.stringsPerField + stack.count
        for field in 0..<ResultBlock.fieldCount {
            metadata[1 + field] = end
            end += rejections.indices.contains(field) ? rejections[field].count : 0
        }
        metadata[ResultBlock.metadataCount - 1] = end

        starts = .allocate(capacity: stringCount)
        // A per-call text takes no fixed bytes: its bytes and NUL are inserted at its start.
        var length = 0
        for (index, string) in strings.enumerated() {
            guard let string else {
                starts[index] = -1
                continue
            }
            starts[index] = length
            if !Self.isPerCall(index, sources) { length += string.count + 1 }
        }
        fixedCount = length
        fixed = .allocate(byteCount: max(length, 1), alignment: 1)
        for (index, string) in strings.enumerated() where !Self.isPerCall(index, sources) {
            guard let string else { continue }
            string.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress, !bytes.isEmpty { memcpy(fixed + starts[index], source, bytes.count) }
            }
            fixed.storeBytes(of: 0, toByteOffset: starts[index] + string.count, as: UInt8.self)
        }
    }

    deinit {
        metadata.deallocate()
        starts.deallocate()
        fixed.deallocate()
    }

    /// Whether string `index` of the block is a field text written per call.
    private static func isPerCall(_ index: Int, _ sources: [TextSource]) -> Bool {
        guard index % ResultBlock.stringsPerField == 0, index / ResultBlock.stringsPerField < sources.count else {
            return false
        }
        if case .fixed = sources[index / ResultBlock.stringsPerField] { return false }
        return true
    }

    private func source(_ field: Int) -> TextSource {
        switch field {
        case 0: texts.0
        case 1: texts.1
        default: texts.2
        }
    }

    /// The block of a call whose error has `arguments` and whose texts `text` reads, or `nil`
    /// when the plan cannot answer it: a format fails or does not fit
    /// ``FormatPlan/renderCapacity``, a shown caller text is longer than that or absent.
    @inline(__always)
    func block(arguments: [FormatArgument], text: (FormatPlan.CallerText) -> String?) -> UnsafeMutableRawPointer? {
        // Tested, not bound: binding the plan would retain it for the call.
        guard plan != nil else { return nil }
        let capacity = FormatPlan.renderCapacity
        return withUnsafeTemporaryAllocation(byteCount: capacity * ResultBlock.fieldCount, alignment: 8) {
            scratch -> UnsafeMutableRawPointer? in
            guard let base = scratch.baseAddress else { return nil }
            // Each field's per-call text goes to its own part of the scratch; -1: a fixed text.
            var lengths = (-1, -1, -1)
            for field in 0..<ResultBlock.fieldCount {
                let part = UnsafeMutableRawBufferPointer(start: base + field * capacity, count: capacity)
                let written: Int
                switch source(field) {
                case .fixed:
                    continue
                case .format:
                    guard let count = plan?.render(field, arguments: arguments, into: part) else { return nil }
                    written = count
                case .callerText(let which):
                    guard let count = Self.copy(text(which), into: part) else { return nil }
                    written = count
                }
                switch field {
                case 0: lengths.0 = written
                case 1: lengths.1 = written
                default: lengths.2 = written
                }
            }
            return assemble(scratch: base, lengths: lengths)
        }
    }

    /// Copies the UTF-8 of a shown caller text into `buffer`; `nil` when it is absent or empty
    /// (the plan assumed it present) or does not fit.
    private static func copy(_ text: String?, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard var text, !text.isEmpty, let target = buffer.baseAddress else { return nil }
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count <= buffer.count, let source = bytes.baseAddress else { return nil }
            memcpy(target, source, bytes.count)
            return bytes.count
        }
    }

    /// The block: the fixed bytes in runs, each per-call text (`lengths[field]` bytes at the
    /// field's part of `scratch`) and its NUL inserted where it goes.
    private func assemble(scratch: UnsafeMutableRawPointer, lengths: (Int, Int, Int)) -> UnsafeMutableRawPointer? {
        func length(_ field: Int) -> Int {
            switch field {
            case 0: lengths.0
            case 1: lengths.1
            default: lengths.2
            }
        }
        var perCall = 0
        for field in 0..<ResultBlock.fieldCount where length(field) >= 0 { perCall += length(field) + 1 }
        let stringsStart = OwnedStrings.stringsStart(count: stringCount, metadataCount: ResultBlock.metadataCount)
        guard let allocated = OwnedStrings.allocate(
            size: stringsStart + fixedCount + perCall, count: stringCount, metadataCount: ResultBlock.metadataCount)
        else { return nil }
        let (block, offsets) = (allocated.block, allocated.offsets)
        allocated.metadata.update(from: metadata, count: ResultBlock.metadataCount)
        let strings = block + stringsStart
        // `shift`: the per-call bytes inserted so far; `copied`: the fixed bytes copied so far.
        var shift = 0, copied = 0
        for field in 0..<ResultBlock.fieldCount where length(field) >= 0 {
            let index = field * ResultBlock.stringsPerField
            let start = starts[index]
            memcpy(strings + copied + shift, fixed + copied, start - copied)
            copied = start
            memcpy(strings + start + shift, scratch + field * FormatPlan.renderCapacity, length(field))
            strings.storeBytes(of: 0, toByteOffset: start + shift + length(field), as: UInt8.self)
            shift += length(field) + 1
        }
        memcpy(strings + copied + shift, fixed + copied, fixedCount - copied)
        // Each string moves by the per-call bytes inserted before it; a per-call text starts
        // where it was inserted. Field by field: only a field's text (its first string) inserts.
        shift = 0
        var index = 0
        for field in 0..<ResultBlock.fieldCount {
            for _ in 0..<ResultBlock.stringsPerField {
                let start = starts[index]
                offsets[index] = start < 0 ? 0 : stringsStart + start + shift
                if index == field * ResultBlock.stringsPerField, length(field) >= 0 { shift += length(field) + 1 }
                index += 1
            }
        }
        while index < stringCount {
            let start = starts[index]
            offsets[index] = start < 0 ? 0 : stringsStart + start + shift
            index += 1
        }
        return block
    }
}

extension CatalogBox {
    /// The block of `info` formatted for these preferences made from a kept plan, or `nil`
    /// when there is none or it cannot answer this call (the caller takes the full road).
    @inline(__always)
    func plannedResult(info: ErrorInfoBox, locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int)
        -> UnsafeMutableRawPointer?
    {
        let arguments = info.arguments
        return withPlanKey(info: info, arguments: arguments, locales: locales, count: count) { key in
            guard let kept = planMemo.find(key) else { return nil }
            return Unmanaged<PlannedResult>.fromOpaque(kept)._withUnsafeGuaranteedRef {
                $0.block(arguments: arguments, text: info.text)
            }
        }
    }

    /// Keeps the plan of `info` down `layers` for these preferences unless one is kept already;
    /// when the resolution depends on more than a plan's key (``FormatPlan``), keeps the mark
    /// that says so, so that later calls with the key do not plan it again.
    func rememberPlan(
        info: ErrorInfoBox, layers: TableLayers, formatter: ErrorMessageFormatter,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
    ) {
        let arguments = info.arguments
        _ = withPlanKey(info: info, arguments: arguments, locales: locales, count: count) { key -> Void? in
            guard planMemo.find(key) == nil,
                  let planned = PlannedResult(formatter.plan(info.info, layers: layers)) else { return nil }
            planMemo.remember(planned, under: key, cost: planned.cost)
            return ()
        }
    }

    /// `body` applied to a plan's key (``FormatPlanReuse``): the error's key, the preferences,
    /// then the arguments' kinds. `nil` when there is no such key.
    @inline(__always)
    private func withPlanKey<Result>(
        info: ErrorInfoBox, arguments: [FormatArgument], locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int,
        _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        let capacity = FormatPlanReuse.kindsCapacity
        return withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { kinds -> Result? in
            guard let written = FormatPlanReuse.writeArgumentKinds(of: arguments, into: kinds) else {
                return nil
            }
            return info.withMemoKey { error in
                CallerKey.with(head: error, locales: locales, count: count,
                               tail: UnsafeRawBufferPointer(start: kinds.baseAddress, count: written), body)
            }
        }
    }
}
