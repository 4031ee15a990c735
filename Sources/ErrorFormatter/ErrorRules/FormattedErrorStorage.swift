/// The fields of a ``FormattedError``, in one box that copies of the value share until one of
/// them is changed (the value copies the box first: copy on write).
///
/// Changed only through a value that holds the only reference, so never while another thread
/// may read it. The fields are exempt from the run-time exclusivity checks a class's `var`s
/// otherwise get on every access: that uniqueness is what makes each access exclusive.
final class FormattedErrorStorage: @unchecked Sendable {
    @exclusivity(unchecked) var title: String
    @exclusivity(unchecked) var message: String
    @exclusivity(unchecked) var button: String
    @exclusivity(unchecked) var provenance: [Provenance]
    @exclusivity(unchecked) var stack: [String]
    @exclusivity(unchecked) var isUntranslated: Bool
    @exclusivity(unchecked) var showsCallerText: Bool

    init(
        title: String, message: String, button: String, provenance: [Provenance], stack: [String],
        isUntranslated: Bool, showsCallerText: Bool
    ) {
        self.title = title
        self.message = message
        self.button = button
        self.provenance = provenance
        self.stack = stack
        self.isUntranslated = isUntranslated
        self.showsCallerText = showsCallerText
    }

    /// A box of its own with the same fields.
    func copy() -> FormattedErrorStorage {
        FormattedErrorStorage(
            title: title, message: message, button: button, provenance: provenance, stack: stack,
            isUntranslated: isUntranslated, showsCallerText: showsCallerText)
    }

    func hasEqualFields(_ other: FormattedErrorStorage) -> Bool {
        title == other.title && message == other.message && button == other.button
            && provenance == other.provenance && stack == other.stack && isUntranslated == other.isUntranslated
            && showsCallerText == other.showsCallerText
    }

    func hashFields(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(message)
        hasher.combine(button)
        hasher.combine(provenance)
        hasher.combine(stack)
        hasher.combine(isUntranslated)
        hasher.combine(showsCallerText)
    }
}
