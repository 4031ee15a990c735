#if canImport(Glibc)
import Glibc
#endif

/// A problem response laid out once around the texts a plan (``ResultTemplate``) leaves to each
/// call, so that a later C call with the same key writes its response without a block, a header
/// to read or a language to work out: the template keeps every byte of the output but the
/// title, detail and button that a format or the error's own text makes per call, and the
/// `instance`; a call writes the kept bytes and, between them, its own texts, JSON-escaped as
/// they are written (once, as on the full road), and its instance.
///
/// A catalog keeps it in its memos (their `problemTemplate` kind) under the key of a kept
/// response (``KeptProblem/writeKey(_:kind:request:header:locales:count:parameters:)``) followed
/// by the arguments' kinds, as a plan is kept under a result's key and the kinds. It answers a
/// call with the bytes the full road writes for it, or not at all: when the plan cannot answer
/// the call, or when a per-call message comes out empty (which leaves the detail and its
/// language out of the response), the call takes the full road.
final class ProblemTemplate {
    /// What renders each call's texts; the memo keeps it too, under the plan's own key.
    private let plan: ResultTemplate
    /// The response without its per-call texts and without an instance member.
    private let bytes: UnsafeMutableRawPointer
    private let count: Int
    /// Where the title's, detail's and button's texts go in `bytes` (-1: fixed, kept among the
    /// bytes), and where the instance member goes; in this order in the output.
    private let title: Int, detail: Int, instance: Int, button: Int

    /// The template of the responses `plan` makes for `parameters` (their instance aside), or
    /// `nil` when it cannot be made: the plan is a mark (no plan), or memory ran out. The
    /// parameters and the type's length were checked by the call that makes it.
    init?(
        plan: ResultTemplate, catalog: Catalog, parameters: ProblemParameters, domain: UnsafeRawBufferPointer,
        code: Int64
    ) {
        guard let block = plan.block else { return nil }
        var perCall: ProblemWriter.PerCallFields = []
        if plan.isPerCall(ErrorField.title.rawValue) { perCall.insert(.title) }
        if plan.isPerCall(ErrorField.message.rawValue) { perCall.insert(.message) }
        if plan.isPerCall(ErrorField.button.rawValue) { perCall.insert(.button) }
        var withoutInstance = parameters
        withoutInstance.instance = nil
        let made = ProblemFields.withFields(ofBlock: block) { fields in
            ContentLanguage.withValue(
                title: fields.titleSource,
                detail: fields.message.count > 0 || perCall.contains(.message) ? fields.messageSource : nil,
                catalog: catalog
            ) { language -> (UnsafeMutableRawPointer, Int, ProblemWriter.Marks)? in
                func write(into buffer: UnsafeMutableRawPointer?, capacity: Int) -> (Int, ProblemWriter.Marks) {
                    var output = ProblemOutput(buffer: buffer, capacity: capacity)
                    let marks = ProblemWriter.write(fields, contentLanguage: language, parameters: withoutInstance,
                                                    domain: domain, code: code, perCall: perCall, to: &output)
                    return (output.length, marks)
                }
                let (length, _) = write(into: nil, capacity: -1)
                guard let bytes = malloc(max(length, 1)) else { return nil }
                let (written, marks) = write(into: bytes, capacity: length)
                return (bytes, written, marks)
            }
        }
        guard let (bytes, count, marks) = made else { return nil }
        self.plan = plan
        self.bytes = bytes
        self.count = count
        title = marks.title
        detail = marks.detail
        instance = marks.instance.lowerBound
        button = marks.button
    }

    deinit { free(bytes) }

    /// What it costs the memo's budget.
    var cost: Int { 64 + count }

    /// Writes the response of a call whose error has `arguments` and whose texts `text` reads,
    /// with `instance` (`nil`: none); `false`, with nothing to keep of `output`, when the
    /// template cannot answer the call.
    func write(
        arguments: [FormatArgument], text: (FormatPlan.CallerText) -> UnsafeRawBufferPointer?,
        instance: UnsafeRawBufferPointer?, to output: inout ProblemOutput
    ) -> Bool {
        plan.withPerCallTexts(arguments: arguments, text: text) { title, message, button -> Bool? in
            // An empty detail is left out, and its language with it: the full road's response.
            if detail >= 0, message.count == 0 { return nil }
            var copied = 0
            if self.title >= 0 {
                copy(from: &copied, to: self.title, into: &output)
                JSONText.writeEscaped(title, to: &output)
            }
            if detail >= 0 {
                copy(from: &copied, to: detail, into: &output)
                JSONText.writeEscaped(message, to: &output)
            }
            copy(from: &copied, to: self.instance, into: &output)
            if let instance { ProblemWriter.writeInstance(instance, to: &output) }
            if self.button >= 0 {
                copy(from: &copied, to: self.button, into: &output)
                JSONText.writeEscaped(button, to: &output)
            }
            copy(from: &copied, to: count, into: &output)
            return true
        } ?? false
    }

    /// Writes the kept bytes from `copied` up to `end`, and moves `copied` there.
    @inline(__always)
    private func copy(from copied: inout Int, to end: Int, into output: inout ProblemOutput) {
        output.append(UnsafeRawBufferPointer(start: bytes + copied, count: end - copied))
        copied = end
    }

    /// The template at `address` (unretained: the memo keeps it alive).
    static func kept(at address: UnsafeRawPointer) -> Unmanaged<ProblemTemplate> {
        Unmanaged<ProblemTemplate>.fromOpaque(address)
    }
}
