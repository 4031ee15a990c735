//! `Rule`: which of the error rules produced a field (README, "The rules").
use std::fmt;

/// The rule that produced a field of a formatted error, as `ef_result_rule` names it.
///
/// Compares with its name: `provenance.rule == "code-key"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `code-key`: the key `errors.<domain>.<code>.<field>`.
    CodeKey,
    /// `domain-key`: the key `errors.<domain>.<field>`.
    DomainKey,
    /// `generic-key`: the key `errors.<field>`.
    GenericKey,
    /// `button-key`: the key `controls.ok`.
    ButtonKey,
    /// `failure-reason`: the error's failure reason.
    FailureReason,
    /// `recovery-suggestion`: the error's recovery suggestion.
    RecoverySuggestion,
    /// `description`: the error's description.
    Description,
    /// `builtin`: the built-in `Error` or `OK`.
    Builtin,
    /// `empty`: an empty message.
    Empty,
    /// A rule a later library names and this crate does not know, by its name.
    Other(String),
}

impl Rule {
    /// The rule of `name` (`Other` for a name this crate does not know).
    pub fn from_name(name: &str) -> Rule {
        match name {
            "code-key" => Rule::CodeKey,
            "domain-key" => Rule::DomainKey,
            "generic-key" => Rule::GenericKey,
            "button-key" => Rule::ButtonKey,
            "failure-reason" => Rule::FailureReason,
            "recovery-suggestion" => Rule::RecoverySuggestion,
            "description" => Rule::Description,
            "builtin" => Rule::Builtin,
            "empty" => Rule::Empty,
            other => Rule::Other(other.to_owned()),
        }
    }

    /// The rule's name, e.g. `"code-key"`.
    pub fn as_str(&self) -> &str {
        match self {
            Rule::CodeKey => "code-key",
            Rule::DomainKey => "domain-key",
            Rule::GenericKey => "generic-key",
            Rule::ButtonKey => "button-key",
            Rule::FailureReason => "failure-reason",
            Rule::RecoverySuggestion => "recovery-suggestion",
            Rule::Description => "description",
            Rule::Builtin => "builtin",
            Rule::Empty => "empty",
            Rule::Other(name) => name,
        }
    }

    /// Whether the rule read a table key (then the provenance has a key, locale and table).
    pub fn reads_key(&self) -> bool {
        matches!(self, Rule::CodeKey | Rule::DomainKey | Rule::GenericKey | Rule::ButtonKey)
    }
}

impl Default for Rule {
    fn default() -> Rule {
        Rule::Empty
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.as_str())
    }
}

impl PartialEq<str> for Rule {
    fn eq(&self, name: &str) -> bool {
        self.as_str() == name
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}
