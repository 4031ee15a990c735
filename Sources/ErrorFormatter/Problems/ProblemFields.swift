#if canImport(Glibc)
import Glibc
#endif

/// What a problem response shows of a formatted error, read where it lies (a result's block, a
/// Swift value's strings): the texts, and where the title and the message came from, which is
/// what its `Content-Language` names (``ContentLanguage``).
struct ProblemFields {
    var title: UnsafeRawBufferPointer
    var message: UnsafeRawBufferPointer
    var button: UnsafeRawBufferPointer
    var titleSource: TextSource
    var messageSource: TextSource

    /// Where a shown text came from.
    enum TextSource {
        /// A table of this localization, as spelled in the catalog (`""`: the unlocalized tables).
        case table(localization: UnsafeRawBufferPointer)
        /// A built-in default (`Error`).
        case builtin
        /// One of the error's own texts (its failure reason, recovery suggestion or description).
        case caller
        /// No text: an empty message (rule `empty`).
        case absent

        init(rule: String, localization: UnsafeRawBufferPointer?) {
            if let localization {
                self = .table(localization: localization)
            } else {
                self = rule == Self.builtinRule ? .builtin : rule == Self.emptyRule ? .absent : .caller
            }
        }

        /// Whether the text is one of the error's own: a response that shows one is not kept.
        var isCallerText: Bool {
            if case .caller = self { return true }
            return false
        }

        /// The provenance of a built-in text and of an empty one.
        static let builtinRule = Rule.builtin("").identifier
        static let emptyRule = Rule.empty.identifier
    }

    /// `body` applied to the fields of a result's block (``ResultLayout``).
    static func withFields<Answer>(ofBlock block: UnsafeRawPointer, _ body: (ProblemFields) -> Answer) -> Answer {
        func bytes(_ string: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer {
            guard let string else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(start: string, count: strlen(string))
        }
        func source(_ field: Int) -> TextSource {
            if let localization = ResultLayout.string(block, field: field, item: 3) {
                return .table(localization: bytes(localization))
            }
            guard let rule = ResultLayout.string(block, field: field, item: 1) else { return .absent }
            if strcmp(rule, TextSource.builtinRule) == 0 { return .builtin }
            return strcmp(rule, TextSource.emptyRule) == 0 ? .absent : .caller
        }
        return body(ProblemFields(
            title: bytes(ResultLayout.text(block, field: 0)), message: bytes(ResultLayout.text(block, field: 1)),
            button: bytes(ResultLayout.text(block, field: 2)), titleSource: source(0), messageSource: source(1)))
    }

    /// `body` applied to the fields of a Swift value.
    static func withFields<Answer>(of formatted: FormattedError, _ body: (ProblemFields) -> Answer) -> Answer {
        let title = formatted.provenance(.title), message = formatted.provenance(.message)
        return UTF8Bytes.with(formatted.title) { titleText in
            UTF8Bytes.with(formatted.message) { messageText in
                UTF8Bytes.with(formatted.button) { buttonText in
                    UTF8Bytes.with(title.localization ?? "") { titleLocalization in
                        UTF8Bytes.with(message.localization ?? "") { messageLocalization in
                            body(ProblemFields(
                                title: titleText, message: messageText, button: buttonText,
                                titleSource: TextSource(
                                    rule: title.rule, localization: title.localization == nil ? nil : titleLocalization),
                                messageSource: TextSource(
                                    rule: message.rule,
                                    localization: message.localization == nil ? nil : messageLocalization)))
                        }
                    }
                }
            }
        }
    }
}
