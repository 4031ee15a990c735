/// Writes a problem response's packed output (``ProblemLayout``) straight into the output, in one
/// pass: the header item, the header fields, then the body, whose strings are escaped once, as
/// they are written, by the project's JSON escaper (``JSONText``).
///
/// The body's members, in this order (RFC 9457 §3): `type`, `title`, `status`, `detail` (left out
/// when the message is empty), `instance` (when given), then the extension members asked for,
/// `code`, `domain` and `button`. It is compact JSON (no space, no newline), so the same response
/// is the same bytes everywhere.
enum ProblemWriter {
    /// Where the parts that differ between calls are in a written response: what a catalog keeps
    /// of a response (``KeptProblem``, ``ProblemTemplate``) is the rest.
    struct Marks {
        /// Where the `instance` member starts and ends (equal when there is none).
        var instance: Range<Int>
        /// Where the text of the title, the detail and the button starts inside its quotes, for
        /// each field written empty as one a later call writes (`-1`: not such a field).
        var title = -1, detail = -1, button = -1
    }

    /// Writes the response; returns where its per-call parts are.
    ///
    /// - Parameter perCall: the fields whose texts each call of a plan writes
    ///   (``ProblemTemplate``): written empty and marked, and the detail member written even
    ///   though its text is empty now.
    @discardableResult
    static func write(
        _ fields: ProblemFields, contentLanguage: UnsafeRawBufferPointer, parameters: ProblemParameters,
        domain: UnsafeRawBufferPointer, code: Int64, perCall: PerCallFields = [], to output: inout ProblemOutput
    ) -> Marks {
        output.append(decimal: Int64(parameters.status))
        output.append(byte: UInt8(ascii: " "))
        output.append(decimal: Int64(ProblemLayout.fieldCount))
        output.endItem()
        field("Content-Type", value: "application/problem+json", to: &output)
        output.append("Content-Language")
        output.endItem()
        output.append(contentLanguage)
        output.endItem()
        field("Vary", value: "Accept-Language", to: &output)

        output.append("{\"type\":\"")
        ProblemType.write(template: parameters.typeTemplate, domain: domain, code: code, to: &output)
        output.append("\",\"title\":")
        var marks = Marks(instance: 0..<0)
        writeText(fields.title, perCall: perCall.contains(.title), mark: &marks.title, to: &output)
        output.append(",\"status\":")
        output.append(decimal: Int64(parameters.status))
        if fields.message.count > 0 || perCall.contains(.message) {
            output.append(",\"detail\":")
            writeText(fields.message, perCall: perCall.contains(.message), mark: &marks.detail, to: &output)
        }
        let instanceStart = output.length
        if let instance = parameters.instance { writeInstance(instance, to: &output) }
        marks.instance = instanceStart..<output.length
        if parameters.members.contains(.code) {
            output.append(",\"code\":")
            output.append(decimal: code)
        }
        if parameters.members.contains(.domain) {
            output.append(",\"domain\":")
            JSONText.writeQuoted(domain, to: &output)
        }
        if parameters.members.contains(.button) {
            output.append(",\"button\":")
            writeText(fields.button, perCall: perCall.contains(.button), mark: &marks.button, to: &output)
        }
        output.append("}")
        output.endItem()
        return marks
    }

    /// A text member's value: `text` quoted, or (a per-call text) empty quotes, `mark` set to
    /// where the call's text goes.
    @inline(__always)
    private static func writeText(
        _ text: UnsafeRawBufferPointer, perCall: Bool, mark: inout Int, to output: inout ProblemOutput
    ) {
        guard perCall else { return JSONText.writeQuoted(text, to: &output) }
        output.append(byte: UInt8(ascii: "\""))
        mark = output.length
        output.append(byte: UInt8(ascii: "\""))
    }

    /// The shown fields whose texts each call of a plan writes.
    struct PerCallFields: OptionSet {
        let rawValue: UInt8
        static let title = PerCallFields(rawValue: 1)
        static let message = PerCallFields(rawValue: 2)
        static let button = PerCallFields(rawValue: 4)
    }

    /// The `instance` member, with the comma before it.
    static func writeInstance(_ instance: UnsafeRawBufferPointer, to output: inout ProblemOutput) {
        output.append(",\"instance\":")
        JSONText.writeQuoted(instance, to: &output)
    }

    private static func field(_ name: StaticString, value: StaticString, to output: inout ProblemOutput) {
        output.append(name)
        output.endItem()
        output.append(value)
        output.endItem()
    }
}
