/// Writes a problem response's packed output (``ProblemLayout``) straight into the output, in one
/// pass: the header item, the header fields, then the body, whose strings are escaped once, as
/// they are written, by the project's JSON escaper (``JSONText``).
///
/// The body's members, in this order (RFC 9457 §3): `type`, `title`, `status`, `detail` (left out
/// when the message is empty), `instance` (when given), then the extension members asked for,
/// `code`, `domain` and `button`. It is compact JSON (no space, no newline), so the same response
/// is the same bytes everywhere.
enum ProblemWriter {
    /// Writes the response; returns where the `instance` member starts and ends in the output
    /// (equal when there is none), which is all that differs between calls whose responses a
    /// catalog keeps (``KeptProblem``).
    @discardableResult
    static func write(
        _ fields: ProblemFields, contentLanguage: UnsafeRawBufferPointer, parameters: ProblemParameters,
        domain: UnsafeRawBufferPointer, code: Int64, to output: inout ProblemOutput
    ) -> Range<Int> {
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
        JSONText.writeQuoted(fields.title, to: &output)
        output.append(",\"status\":")
        output.append(decimal: Int64(parameters.status))
        if fields.message.count > 0 {
            output.append(",\"detail\":")
            JSONText.writeQuoted(fields.message, to: &output)
        }
        let instanceStart = output.length
        if let instance = parameters.instance { writeInstance(instance, to: &output) }
        let instanceEnd = output.length
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
            JSONText.writeQuoted(fields.button, to: &output)
        }
        output.append("}")
        output.endItem()
        return instanceStart..<instanceEnd
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
