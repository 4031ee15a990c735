/// One error of a catalog, as the rules name it: its domain and its code.
///
/// Ordered by domain (bytes), then code, so that whatever lists errors (findings, generated
/// code, a registry) lists them in one stable order.
struct ErrorIdentity: Sendable, Hashable, Comparable {
    var domain: String
    var code: Int64

    /// `SyncErrorDomain 2` for messages; the domain quoted when it is empty or has a space.
    var label: String {
        let plain = !domain.isEmpty && !domain.unicodeScalars.contains { $0 == " " || $0 == "\"" }
        return (plain ? MessageEscaping.escaped(domain) : MessageEscaping.quoted(domain)) + " \(code)"
    }

    /// The key of one of the error's own texts: `errors.<domain>.<code>.<field>`.
    func key(_ field: ErrorTextField) -> String { "errors.\(domain).\(code).\(field.rawValue)" }

    static func < (lhs: ErrorIdentity, rhs: ErrorIdentity) -> Bool {
        if lhs.domain.utf8.elementsEqual(rhs.domain.utf8) { return lhs.code < rhs.code }
        return lhs.domain.utf8.lexicographicallyPrecedes(rhs.domain.utf8)
    }

    static func == (lhs: ErrorIdentity, rhs: ErrorIdentity) -> Bool {
        lhs.code == rhs.code && lhs.domain.utf8.elementsEqual(rhs.domain.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(TableKey(domain))
    }

    /// The error whose own text `key` is, with the field, or `nil` for any other key. Only keys
    /// the rules can read count: a code spelled as the rules spell it (`7`, `-1009`; not `07`
    /// or `+7`, which no error ever looks up).
    static func parse(key: String) -> (error: ErrorIdentity, field: ErrorTextField)? {
        guard case .code(let domain, let codeText, let fieldName) = ErrorKeyShapeCheck.shape(of: key),
              let field = ErrorTextField(rawValue: fieldName), let code = Int64(codeText), String(code) == codeText
        else { return nil }
        return (ErrorIdentity(domain: domain, code: code), field)
    }
}

/// The two texts of an error that the rules read from a table.
enum ErrorTextField: String, Sendable, Hashable, CaseIterable {
    case title, message
}

/// The texts of one error in one table: its title and message entries, where it has them.
struct ErrorTextPair: Sendable {
    var title: LintEntry?
    var message: LintEntry?

    subscript(field: ErrorTextField) -> LintEntry? {
        get { field == .title ? title : message }
        set { if field == .title { title = newValue } else { message = newValue } }
    }

    /// The entries present, title first.
    var entries: [LintEntry] { [title, message].compactMap { $0 } }
}

/// The errors whose texts a table holds.
enum ErrorTexts {
    /// Every error with a title or message in `table`, in ``ErrorIdentity`` order.
    static func errors(in table: LintTable) -> [(error: ErrorIdentity, texts: ErrorTextPair)] {
        var found: [ErrorIdentity: ErrorTextPair] = [:]
        for entry in table.orderedEntries {
            guard let (error, field) = ErrorIdentity.parse(key: entry.key.string) else { continue }
            found[error, default: ErrorTextPair()][field] = entry
        }
        return found.keys.sorted().compactMap { error in found[error].map { (error, $0) } }
    }
}
