//! The values a catalog answers with: `FormattedError` (with `Provenance`) and `LookupResult`.
//! Plain owned values, copied out of the library's packed outputs before the call returns:
//! `Send`, `Sync`, `Clone`, comparable.
use crate::rejection::Rejection;
use crate::rule::Rule;

/// The fields of a formatted error (`EF_FIELD_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Title,
    Message,
    Button,
}

impl Field {
    /// The three fields, in the header's order.
    pub const ALL: [Field; 3] = [Field::Title, Field::Message, Field::Button];

    /// `"title"`, `"message"` or `"button"`.
    pub fn name(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Message => "message",
            Field::Button => "button",
        }
    }

    fn index(self) -> usize {
        match self {
            Field::Title => 0,
            Field::Message => 1,
            Field::Button => 2,
        }
    }
}

/// Where one field of a formatted error came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Provenance {
    /// The rule that produced the field (compares with its name: `rule == "code-key"`).
    pub rule: Rule,
    /// The key, localization (`""` for an unlocalized table) and table the string came from;
    /// None unless the rule read a key.
    pub key: Option<String>,
    pub locale: Option<String>,
    pub table: Option<String>,
    /// Table strings found for the field but not shown, because the arguments could not
    /// satisfy them, in the order tried.
    pub rejections: Vec<Rejection>,
}

/// A localized title, message and button label, with the provenance of each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FormattedError {
    pub title: String,
    pub message: String,
    pub button: String,
    /// The localizations searched, most specific first (`""` for the unlocalized tables).
    pub stack: Vec<String>,
    /// Whether the preferences asked for no translation (`C`, `POSIX`).
    pub untranslated: bool,
    provenance: [Provenance; 3],
}

impl FormattedError {
    /// The text of `field`.
    pub fn text(&self, field: Field) -> &str {
        match field {
            Field::Title => &self.title,
            Field::Message => &self.message,
            Field::Button => &self.button,
        }
    }

    /// Where `field` came from.
    pub fn provenance(&self, field: Field) -> &Provenance {
        &self.provenance[field.index()]
    }

    /// Every string found but not shown: the title's first, then the message's and the button's.
    pub fn rejections(&self) -> impl Iterator<Item = &Rejection> {
        self.provenance.iter().flat_map(|origin| origin.rejections.iter())
    }

    pub(crate) fn provenance_mut(&mut self, field: Field) -> &mut Provenance {
        &mut self.provenance[field.index()]
    }
}

/// A value looked up by key. `value` is None when no localization has a usable one (the C
/// call's `EF_E_KEY_NOT_FOUND`, which is an answer here, not an error).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct LookupResult {
    pub value: Option<String>,
    /// The localization that supplied the value (`""` for an unlocalized table); None if none.
    pub locale: Option<String>,
    /// The table searched.
    pub table: String,
    /// Strings found but not rendered, and why.
    pub rejections: Vec<Rejection>,
}
