//! The values a catalog answers with: `FormattedError` (with `Provenance`) and `LookupResult`.
//! Plain owned values, copied out of the C handles (which are freed before the call returns):
//! `Send`, `Sync`, `Clone`, comparable.
use errorformatter_sys as sys;

use crate::text::{owned, owned_optional};

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
    /// code-key, domain-key, generic-key, button-key, failure-reason, recovery-suggestion,
    /// description, builtin or empty.
    pub rule: String,
    /// The key, localization (`""` for an unlocalized table) and table the string came from;
    /// None unless the rule read a key.
    pub key: Option<String>,
    pub locale: Option<String>,
    pub table: Option<String>,
    /// Table strings found for the field but not shown, because the arguments could not
    /// satisfy them, in the order tried (the C API's one-line messages).
    pub rejections: Vec<String>,
}

/// A localized title, message and button label, with the provenance of each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FormattedError {
    pub title: String,
    pub message: String,
    pub button: String,
    /// The localizations searched, most specific first (`""` for the unlocalized tables).
    pub stack: Vec<String>,
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

    /// Copies every string of a result, read in one call (`ef_result_strings`).
    ///
    /// # Safety
    /// `result` is a valid result handle.
    pub(crate) unsafe fn read(result: *const sys::ef_result) -> FormattedError {
        const PER_FIELD: usize = 5; // text, rule, key, locale, table
        let mut strings: Vec<*const std::ffi::c_char> = vec![std::ptr::null(); 64];
        // SAFETY: the array has room for `len` pointers; the library writes at most that many.
        let mut count = unsafe { sys::ef_result_strings(result, strings.as_mut_ptr(), strings.len()) };
        if count > strings.len() {
            strings.resize(count, std::ptr::null());
            // SAFETY: as above, with the larger array.
            count = unsafe { sys::ef_result_strings(result, strings.as_mut_ptr(), strings.len()) };
        }
        strings.truncate(count);
        // The list's shape is the header's; were it shorter, `get` gives NULL rather than a
        // read past the end.
        let at = |index: usize| strings.get(index).copied().unwrap_or(std::ptr::null());
        let mut formatted = FormattedError::default();
        for field in Field::ALL {
            let base = field.index() * PER_FIELD;
            // SAFETY: every pointer is NULL or borrowed from `result`, valid during this call.
            unsafe {
                let text = owned(at(base));
                match field {
                    Field::Title => formatted.title = text,
                    Field::Message => formatted.message = text,
                    Field::Button => formatted.button = text,
                }
                formatted.provenance[field.index()] = Provenance {
                    rule: owned(at(base + 1)),
                    key: owned_optional(at(base + 2)),
                    locale: owned_optional(at(base + 3)),
                    table: owned_optional(at(base + 4)),
                    rejections: Vec::new(),
                };
            }
        }
        let mut position = 3 * PER_FIELD;
        while position < strings.len() && !strings[position].is_null() {
            // SAFETY: as above.
            formatted.stack.push(unsafe { owned(strings[position]) });
            position += 1;
        }
        position += 1;
        for field in Field::ALL {
            while position < strings.len() && !strings[position].is_null() {
                // SAFETY: as above.
                formatted.provenance[field.index()].rejections.push(unsafe { owned(strings[position]) });
                position += 1;
            }
            position += 1;
        }
        formatted
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
    pub rejections: Vec<String>,
}

impl LookupResult {
    /// # Safety
    /// `lookup` is a valid lookup handle.
    pub(crate) unsafe fn read(lookup: *const sys::ef_lookup) -> LookupResult {
        // SAFETY: the strings are borrowed from `lookup`, valid during this call.
        unsafe {
            let count = sys::ef_lookup_rejection_count(lookup);
            LookupResult {
                value: owned_optional(sys::ef_lookup_value(lookup)),
                locale: owned_optional(sys::ef_lookup_locale(lookup)),
                table: owned(sys::ef_lookup_table(lookup)),
                rejections: (0..count).map(|index| owned(sys::ef_lookup_rejection(lookup, index))).collect(),
            }
        }
    }
}
