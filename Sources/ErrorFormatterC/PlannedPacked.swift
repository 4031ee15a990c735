#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// The packed output of `ef_format_packed_reusable` (its layout is in the header) laid out from
/// a ``FormatPlan`` once, as ``PlannedResult`` lays out a result block: everything the plan fixes
/// is kept as the bytes the output holds, the header item and the field texts it fixes before
/// the texts, the provenance, stack and rejections after them; a call writes only the texts the
/// plan leaves to it (a table format rendered with its arguments, a caller text) between them.
///
/// The output is byte-identical to the one the full road packs for the same call, or not written
/// at all (``write(arguments:text:into:capacity:)`` returns `nil`, and the caller takes that road).
final class PlannedPacked {
    /// `nil` for a key whose resolution depends on more than the key: kept all the same, so
    /// that its calls take the full road without trying to plan it again.
    private let plan: FormatPlan?
    /// The header item: the numbers and the NUL that ends it.
    private let head: UnsafeMutableRawBufferPointer
    /// Each field's text with its NUL when the plan fixes it, else `nil` (written per call).
    private let texts: (UnsafeMutableRawBufferPointer?, UnsafeMutableRawBufferPointer?, UnsafeMutableRawBufferPointer?)
    /// Where each per-call text comes from, by field.
    private let sources: (FormatPlan.Source?, FormatPlan.Source?, FormatPlan.Source?)
    /// The provenance, stack and rejections.
    private let tail: UnsafeMutableRawBufferPointer

    /// The bytes kept beyond the object, for the memo's budget.
    var cost: Int {
        64 + head.count + tail.count + (texts.0?.count ?? 0) + (texts.1?.count ?? 0) + (texts.2?.count ?? 0)
            + (plan?.byteCost ?? 0)
    }

    /// The layout of `plan`'s outputs down `stack` (`nil` plan: the mark of a key that has no
    /// plan), or `nil` if the plan is not one of three fields. The fixed bytes are those
    /// ``pack(_:_:_:stack:into:)`` writes, each per-call text left empty, cut around the texts.
    init?(_ plan: FormatPlan?, stack: LookupStack) {
        guard plan == nil || plan?.fields.count == ResultBlock.fieldCount else { return nil }
        self.plan = plan
        var fields = [PackedField(), PackedField(), PackedField()]
        var perCall: [FormatPlan.Source?] = [nil, nil, nil]
        for (index, field) in (plan?.fields ?? []).enumerated() {
            if case .fixed(let text) = field.source { fields[index].text = text } else { perCall[index] = field.source }
            fields[index].rule = field.rule
            fields[index].key = field.key.map { String(decoding: $0, as: UTF8.self) }
            fields[index].localization = field.localization
            fields[index].table = field.table
            fields[index].rejections = field.rejections
        }
        sources = (perCall[0], perCall[1], perCall[2])
        // Measured, then written: the header item, the three texts, then the rest.
        var measure = PackedWriter(buffer: nil, capacity: 0)
        pack(fields[0], fields[1], fields[2], stack: stack, into: &measure)
        var bytes = [UInt8](repeating: 0, count: measure.length)
        bytes.withUnsafeMutableBytes { buffer in
            var writer = PackedWriter(buffer: buffer.baseAddress, capacity: buffer.count)
            pack(fields[0], fields[1], fields[2], stack: stack, into: &writer)
        }
        // The header item holds no NUL but its last byte; each text takes its UTF-8 and a NUL.
        var at = (bytes.firstIndex(of: 0) ?? bytes.count - 1) + 1
        head = Self.kept(Array(bytes[..<at]))
        var fixedTexts: [UnsafeMutableRawBufferPointer?] = []
        for index in 0..<ResultBlock.fieldCount {
            let end = at + fields[index].text.utf8.count + 1
            fixedTexts.append(perCall[index] == nil ? Self.kept(Array(bytes[at..<end])) : nil)
            at = end
        }
        texts = (fixedTexts[0], fixedTexts[1], fixedTexts[2])
        tail = Self.kept(Array(bytes[at...]))
    }

    deinit {
        head.deallocate()
        tail.deallocate()
        texts.0?.deallocate()
        texts.1?.deallocate()
        texts.2?.deallocate()
    }

    /// `bytes` copied into memory this object owns.
    private static func kept(_ bytes: [UInt8]) -> UnsafeMutableRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress, let to = copy.baseAddress, !source.isEmpty {
                memcpy(to, from, source.count)
            }
        }
        return UnsafeMutableRawBufferPointer(rebasing: copy[0..<bytes.count])
    }

    /// Writes the output of a call whose arguments are `arguments` and whose texts `text` reads
    /// into `buffer` when it fits `capacity` bytes (a negative capacity: room for anything);
    /// returns the output's length either way, or `nil` when the plan cannot answer the call (a
    /// format fails or does not fit ``FormatPlan/renderCapacity``, a shown caller text is
    /// longer than that or absent).
    @inline(__always)
    func write(
        arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafePointer<CChar>?,
        into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) -> Int? {
        // Tested, not bound: binding the plan would retain it for the call.
        guard plan != nil else { return nil }
        let part = FormatPlan.renderCapacity
        return withUnsafeTemporaryAllocation(byteCount: part * ResultBlock.fieldCount, alignment: 8) {
            scratch -> Int? in
            guard let base = scratch.baseAddress else { return nil }
            // Each field's text: its fixed bytes (NUL included), or what this call renders.
            var lengths = (0, 0, 0)
            for field in 0..<ResultBlock.fieldCount {
                let length: Int
                if let fixed = fixedText(field) {
                    length = fixed.count
                } else {
                    let into = UnsafeMutableRawBufferPointer(start: base + field * part, count: part)
                    guard let written = render(field, arguments: arguments, text: text, into: into) else { return nil }
                    length = written + 1
                }
                switch field {
                case 0: lengths.0 = length
                case 1: lengths.1 = length
                default: lengths.2 = length
                }
            }
            // Lengths of memory this object and the scratch hold: their sum cannot overflow.
            let total = head.count &+ lengths.0 &+ lengths.1 &+ lengths.2 &+ tail.count
            guard let buffer, capacity < 0 || total <= capacity else { return total }
            var at = 0
            func append(_ source: UnsafeRawPointer?, _ count: Int) {
                if let source, count > 0 { memcpy(buffer + at, source, count) }
                at += count
            }
            append(head.baseAddress, head.count)
            for field in 0..<ResultBlock.fieldCount {
                if let fixed = fixedText(field) {
                    append(fixed.baseAddress, fixed.count)
                } else {
                    let length = field == 0 ? lengths.0 : field == 1 ? lengths.1 : lengths.2
                    append(base + field * part, length - 1)
                    (buffer + at).storeBytes(of: 0, as: UInt8.self)
                    at += 1
                }
            }
            append(tail.baseAddress, tail.count)
            return total
        }
    }

    private func fixedText(_ field: Int) -> UnsafeMutableRawBufferPointer? {
        switch field {
        case 0: texts.0
        case 1: texts.1
        default: texts.2
        }
    }

    /// Field `field`'s per-call text written into `buffer`: its format rendered, or the caller's
    /// text copied; the number of bytes, or `nil` when it cannot be (see ``write``).
    private func render(
        _ field: Int, arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafePointer<CChar>?,
        into buffer: UnsafeMutableRawBufferPointer
    ) -> Int? {
        let source = field == 0 ? sources.0 : field == 1 ? sources.1 : sources.2
        switch source {
        case .format?:
            return plan?.render(field, arguments: arguments, into: buffer)
        case .callerText(let which)?:
            // The plan assumed it present (not NULL, not empty); the caller checked its UTF-8.
            guard let shown = text(which), let target = buffer.baseAddress else { return nil }
            let count = strlen(shown)
            guard count > 0, count <= buffer.count else { return nil }
            memcpy(target, shown, count)
            return count
        case .fixed?, nil:
            return nil
        }
    }
}

extension CatalogBox {
    /// The packed output of this call written from a kept plan: its length, or `nil` when there
    /// is no plan for its key or the plan cannot answer it (the caller takes the full road).
    /// Every input but the arguments and the texts is part of the key, which only validated
    /// calls made; the caller has checked the texts' UTF-8 and decoded the arguments.
    @inline(__always)
    func plannedPacked(
        code: Int64, texts: UInt8, table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, arguments: [FormatArgument],
        text: (FormatPlan.CallerText) -> UnsafePointer<CChar>?, into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) -> Int? {
        withPackedPlanKey(code: code, texts: texts, table: table, domain: domain, locales: locales, count: count,
                          arguments: arguments) { key -> Int? in
            guard let kept = packedPlanMemo.find(key) else { return nil }
            return Unmanaged<PlannedPacked>.fromOpaque(kept)._withUnsafeGuaranteedRef {
                $0.write(arguments: arguments, text: text, into: buffer, capacity: capacity)
            }
        }
    }

    /// Keeps the plan of `info` down `layers` for this call's key unless one is kept already;
    /// when the resolution depends on more than a plan's key, keeps the mark that says so.
    func rememberPackedPlan(
        info: ErrorInfo, layers: TableLayers, formatter: ErrorMessageFormatter, code: Int64, texts: UInt8,
        table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>, locales: UnsafePointer<UnsafePointer<CChar>?>?,
        count: Int
    ) {
        _ = withPackedPlanKey(code: code, texts: texts, table: table, domain: domain, locales: locales, count: count,
                              arguments: info.arguments) { key -> Void? in
            guard packedPlanMemo.find(key) == nil,
                  let planned = PlannedPacked(formatter.plan(info, layers: layers), stack: layers.stack)
            else { return nil }
            packedPlanMemo.remember(planned, under: key, cost: planned.cost)
            return ()
        }
    }

    /// `body` applied to a packed plan's key: the error's key as the packed memo writes it from
    /// the caller's bytes, the preferences, then the arguments' kinds (``FormatPlanReuse``).
    @inline(__always)
    private func withPackedPlanKey<Result>(
        code: Int64, texts: UInt8, table: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>,
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, arguments: [FormatArgument],
        _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        withUnsafeTemporaryAllocation(byteCount: FormatPlanReuse.kindsCapacity, alignment: 1) { kinds -> Result? in
            guard let written = FormatPlanReuse.writeArgumentKinds(of: arguments, into: kinds) else { return nil }
            return CallerKey.withError(code: code, texts: texts, table: table, domain: domain, locales: locales,
                                       count: count, tail: UnsafeRawBufferPointer(start: kinds.baseAddress, count: written),
                                       body)
        }
    }
}
