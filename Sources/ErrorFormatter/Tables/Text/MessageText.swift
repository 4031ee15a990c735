/// Input text embedded in diagnostic messages.
///
/// Messages are one line (tools split on newlines), so text from the file is written as an
/// escaped `.strings` literal, cut at 60 characters so one huge value cannot flood a terminal.
enum MessageText {
    static let maximumLength = 60

    /// `"text"`, escaped and at most `maximumLength` characters long.
    static func quoted(_ string: String) -> String {
        StringsLiteral.quoted(string, maximumLength: maximumLength)
    }
}
