/// The fields of a formatted error.
public enum ErrorField: Int, Sendable, CaseIterable, CustomStringConvertible {
    case title = 0
    case message = 1
    case button = 2

    public var description: String {
        switch self {
        case .title: "title"
        case .message: "message"
        case .button: "button"
        }
    }
}

/// One way of producing a field's text; a field takes the first rule that yields a string.
public enum Rule: Sendable, Hashable {
    /// A table key built from a template: `{domain}` and `{code}` are replaced by the error's.
    case key(KeyTemplate)
    /// The error's failure reason, if it has one.
    case failureReason
    /// The error's recovery suggestion, if it has one.
    case recoverySuggestion
    /// The error's localized description, if it has one.
    case description
    /// A fixed text.
    case builtin(String)
    /// The empty string (a message may be empty; a title may not).
    case empty

    /// The stable identifier reported as provenance (`code-key`, `failure-reason`, …).
    public var identifier: String {
        switch self {
        case .key(let template): template.kind.rawValue
        case .failureReason: "failure-reason"
        case .recoverySuggestion: "recovery-suggestion"
        case .description: "description"
        case .builtin: "builtin"
        case .empty: "empty"
        }
    }
}

/// A table key with placeholders for the error's domain and code.
public struct KeyTemplate: Sendable, Hashable {
    /// What kind of key this is, reported as the rule's identifier.
    public enum Kind: String, Sendable, Hashable {
        /// Specific to one error: `errors.<domain>.<code>.title`.
        case codeKey = "code-key"
        /// Any error of a domain: `errors.<domain>.title`.
        case domainKey = "domain-key"
        /// Any error at all: `errors.title`.
        case genericKey = "generic-key"
        /// A control's label: `controls.ok`.
        case buttonKey = "button-key"
    }

    public var kind: Kind
    private var parts: [Part]
    /// The key itself when the template names neither the domain nor the code (`controls.ok`):
    /// made once here rather than on every format.
    private var fixedKey: String?

    private enum Part: Sendable, Hashable {
        case literal(String)
        case domain
        case code
    }

    /// `template` uses `{domain}` and `{code}`; any other text is literal.
    public init(_ kind: Kind, _ template: String) {
        self.kind = kind
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            let tail = rest[open...]
            if tail.hasPrefix("{domain}") {
                parts.append(.domain)
                rest = tail.dropFirst("{domain}".count)
            } else if tail.hasPrefix("{code}") {
                parts.append(.code)
                rest = tail.dropFirst("{code}".count)
            } else {
                parts.append(.literal("{"))
                rest = tail.dropFirst()
            }
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
        fixedKey = parts.allSatisfy { if case .literal = $0 { true } else { false } }
            ? parts.reduce(into: "") { key, part in if case .literal(let text) = part { key += text } }
            : nil
    }

    /// The key for `error`; the code is a decimal integer, negative codes keep their sign.
    public func key(for error: ErrorInfo) -> String {
        if let fixedKey { return fixedKey }
        // Built once per rule per format: the bytes go straight into one allocation of the
        // right size (String.append checks grapheme boundaries and regrows, several times the
        // cost), and the code's digits straight from the integer (no `String(code)`).
        let code = (negative: error.code < 0, magnitude: error.code.magnitude)
        var length = 0
        for part in parts {
            switch part {
            case .literal(let text): length += text.utf8.count
            case .domain: length += error.domain.utf8.count
            case .code: length += DecimalDigits.maximumLength
            }
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            for part in parts where written < buffer.count {
                let rest = UnsafeMutableBufferPointer(rebasing: buffer[written...])
                switch part {
                case .literal(let text): written += Self.copy(text, to: rest)
                case .domain: written += Self.copy(error.domain, to: rest)
                case .code:
                    if let destination = rest.baseAddress {
                        written += DecimalDigits.write(code, to: destination, capacity: rest.count) ?? 0
                    }
                }
            }
            return written
        }
    }

    /// Copies as much of `text`'s UTF-8 as fits into `destination`; returns how much that was.
    @inline(__always)
    private static func copy(_ text: String, to destination: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var text = text
        // Native strings are contiguous: one copy, not a byte-by-byte sequence walk.
        return text.withUTF8 { bytes in
            let count = min(bytes.count, destination.count)
            if count > 0, let source = bytes.baseAddress, let target = destination.baseAddress {
                target.update(from: source, count: count)
            }
            return count
        }
    }
}

/// The rules for every field, in order of preference.
public struct RuleSet: Sendable, Hashable {
    public var title: [Rule]
    public var message: [Rule]
    public var button: [Rule]

    public init(title: [Rule], message: [Rule], button: [Rule]) {
        self.title = title
        self.message = message
        self.button = button
    }

    public func rules(for field: ErrorField) -> [Rule] {
        switch field {
        case .title: title
        case .message: message
        case .button: button
        }
    }

    /// The default rule set (the original iOS ErrorFormatter's, documented in the README):
    ///
    /// | field | 1 | 2 | 3 | 4 | 5 | 6 |
    /// |---|---|---|---|---|---|---|
    /// | title | `errors.<domain>.<code>.title` | failureReason | `errors.<domain>.title` | `errors.title` | `Error` | |
    /// | message | `errors.<domain>.<code>.message` | recoverySuggestion | description | `errors.<domain>.message` | `errors.message` | empty |
    /// | button | `controls.ok` | `OK` | | | | |
    public static let `default` = RuleSet(
        title: [
            .key(KeyTemplate(.codeKey, "errors.{domain}.{code}.title")),
            .failureReason,
            .key(KeyTemplate(.domainKey, "errors.{domain}.title")),
            .key(KeyTemplate(.genericKey, "errors.title")),
            .builtin("Error"),
        ],
        message: [
            .key(KeyTemplate(.codeKey, "errors.{domain}.{code}.message")),
            .recoverySuggestion,
            .description,
            .key(KeyTemplate(.domainKey, "errors.{domain}.message")),
            .key(KeyTemplate(.genericKey, "errors.message")),
            .empty,
        ],
        button: [
            .key(KeyTemplate(.buttonKey, "controls.ok")),
            .builtin("OK"),
        ])
}
