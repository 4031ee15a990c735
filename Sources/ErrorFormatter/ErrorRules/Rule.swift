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
    /// The template's UTF-8 with each placeholder as one byte that UTF-8 text never contains
    /// (``domainMark``, ``codeMark``): the key is written by one walk over these bytes.
    private var pattern: [UInt8]
    /// The key itself when the template names neither the domain nor the code (`controls.ok`):
    /// made once here rather than on every format. Not an optional: reading one copies it
    /// through a generic outlined copy, several times the cost of the test it guards.
    private var fixedKey: String
    private var isFixed: Bool
    /// How many times the pattern names the domain, and the longest key less the domain's bytes.
    private var domainMarks: Int
    private var fixedLength: Int

    private static let domainMark: UInt8 = 0xFF
    private static let codeMark: UInt8 = 0xFE

    /// `template` uses `{domain}` and `{code}`; any other text is literal.
    public init(_ kind: Kind, _ template: String) {
        self.kind = kind
        var pattern: [UInt8] = []
        var rest = Substring(template)
        var hasPlaceholder = false
        while let open = rest.firstIndex(of: "{") {
            pattern += rest[..<open].utf8
            let tail = rest[open...]
            if tail.hasPrefix("{domain}") {
                pattern.append(Self.domainMark)
                hasPlaceholder = true
                rest = tail.dropFirst("{domain}".count)
            } else if tail.hasPrefix("{code}") {
                pattern.append(Self.codeMark)
                hasPlaceholder = true
                rest = tail.dropFirst("{code}".count)
            } else {
                pattern.append(UInt8(ascii: "{"))
                rest = tail.dropFirst()
            }
        }
        pattern += rest.utf8
        self.pattern = pattern
        isFixed = !hasPlaceholder
        fixedKey = hasPlaceholder ? "" : template
        domainMarks = pattern.count { $0 == Self.domainMark }
        let codeMarks = pattern.count { $0 == Self.codeMark }
        fixedLength = pattern.count - domainMarks - codeMarks + codeMarks * DecimalDigits.maximumLength
    }

    /// The key for `error`; the code is a decimal integer, negative codes keep their sign.
    public func key(for error: ErrorInfo) -> String {
        if isFixed { return fixedKey }
        return withKey(domain: error.domain, code: error.code) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` applied to the UTF-8 of ``key(for:)`` for an error of `domain` and `code`, written into temporary memory: a lookup
    /// probes tables with these bytes and makes no `String` of the key at all.
    func withKey<Result>(domain: String, code: Int64, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // A fixed key is its pattern: a template without placeholders has no marks.
        if isFixed { return pattern.withUnsafeBytes(body) }
        var domain = domain
        return domain.withUTF8 { domain in
            // Only a template and a domain larger than memory could overflow.
            let (domains, overflow) = domain.count.multipliedReportingOverflow(by: domainMarks)
            let (length, overflowToo) = fixedLength.addingReportingOverflow(domains)
            guard !overflow, !overflowToo else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                let written = write(domain: domain, code: code, to: buffer)
                return body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: written))
            }
        }
    }

    /// Writes the key for `domain` and `code` to `buffer` (room for the longest such key);
    /// returns how many bytes were written. Literal runs are copied whole; each placeholder is
    /// written where it stands, the code's digits straight from the integer.
    private func write(domain: UnsafeBufferPointer<UInt8>, code: Int64, to buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let code = (negative: code < 0, magnitude: code.magnitude)
        return pattern.withUnsafeBufferPointer { pattern in
            guard let target = buffer.baseAddress, let source = pattern.baseAddress else { return 0 }
            var written = 0
            func copy(_ start: UnsafePointer<UInt8>?, count: Int) {
                guard let start, count > 0 else { return }
                let count = min(count, buffer.count - written)
                (target + written).update(from: start, count: count)
                written += count
            }
            var runStart = 0
            for index in 0..<pattern.count where pattern[index] >= Self.codeMark {
                copy(source + runStart, count: index - runStart)
                runStart = index + 1
                if pattern[index] == Self.domainMark {
                    copy(domain.baseAddress, count: domain.count)
                } else {
                    written += DecimalDigits.write(code, to: target + written, capacity: buffer.count - written) ?? 0
                }
            }
            copy(source + runStart, count: pattern.count - runStart)
            return written
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

    /// Whether this is ``default``: told first by the arrays' storage (a set copied from the
    /// default and left unchanged shares it), then by comparing the rules.
    package var isDefault: Bool {
        let standard = Self.default
        func same(_ a: [Rule], _ b: [Rule]) -> Bool {
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        }
        if same(title, standard.title), same(message, standard.message), same(button, standard.button) { return true }
        return self == standard
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
