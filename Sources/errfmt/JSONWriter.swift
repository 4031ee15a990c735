import ErrorFormatter

/// A minimal JSON emitter for the CLI's machine-readable output.
///
/// The CLI's `--json` output is a contract for tooling: one object per line, members in the
/// order they are written, strings escaped as RFC 8259 requires (`"`, `\`, control characters)
/// plus U+2028 and U+2029, which line-based readers split on; everything else verbatim UTF-8.
/// No Foundation: the CLI links only the core.
struct JSONValue {
    fileprivate var text: String

    static let null = JSONValue(text: "null")

    static func string(_ value: String) -> JSONValue { JSONValue(text: quoted(value)) }
    static func bool(_ value: Bool) -> JSONValue { JSONValue(text: value ? "true" : "false") }
    static func int(_ value: some BinaryInteger) -> JSONValue { JSONValue(text: String(value)) }
    static func double(_ value: Double) -> JSONValue {
        value.isFinite ? JSONValue(text: "\(value)") : .null
    }

    static func array(_ values: [JSONValue]) -> JSONValue {
        JSONValue(text: "[" + values.map(\.text).joined(separator: ",") + "]")
    }

    /// An object whose members keep the given order.
    static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        object(members.map { ($0.key, $0.value) })
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(text: "{" + members.map { quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}")
    }

    static func optionalString(_ value: String?) -> JSONValue { value.map(string) ?? .null }

    /// The serialized form, on one line.
    var serialized: String { text }

    private static func quoted(_ value: String) -> String {
        JSONText.quoted(value, escapingLineSeparators: true)
    }
}
