//! `Rejection`: a table string found but not shown, because the arguments could not satisfy it.
use std::fmt;

/// A table string that was found but not shown: the arguments of the call could not satisfy it
/// (an argument missing, of another type than the text takes, ...), so the next localization's
/// string, then the next rule, was used instead.
///
/// `Display` is the library's one-line description (`ef_result_rejection`'s).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Rejection {
    /// The table key, e.g. `errors.SyncErrorDomain.3.message`.
    pub key: String,
    /// The localization the string came from, as spelled in the catalog (`""` for an
    /// unlocalized table).
    pub locale: String,
    /// The table, e.g. `Localizable`.
    pub table: String,
    /// The problem's stable code, e.g. `missing-argument`, `wrong-argument-type`
    /// (docs/formatting.md lists them).
    pub code: String,
    /// The problem, in one line.
    pub message: String,
    /// The library's one-line description: `<key> in <locale>/<table>: <message> [<code>]`.
    pub description: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.description)
    }
}
