//! Locale identifiers: normalization, CLDR fallback chains, preferences from the environment and
//! from HTTP Accept-Language.
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::entries::Entries;
use crate::error::{check, Error, Result};
use crate::text::{borrowed, c_string, owned};

/// A locale identifier in ICU's canonical form.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NormalizedLocale {
    /// The ID, e.g. "zh_Hant_TW"; "" for und/root and for C/POSIX.
    pub id: String,
    /// The locale was C or POSIX: no translation.
    pub untranslated: bool,
}

/// Normalizes a locale identifier (BCP 47, ICU or POSIX spelling) to ICU's canonical form.
///
/// ```
/// assert_eq!(errorformatter::normalize_locale("zh-Hant-TW")?.id, "zh_Hant_TW");
/// assert!(errorformatter::normalize_locale("POSIX")?.untranslated);
/// # Ok::<(), errorformatter::Error>(())
/// ```
///
/// # Errors
/// `InvalidLocale`, `InvalidUtf8`, `InvalidArgument`.
pub fn normalize_locale(locale: &str) -> Result<NormalizedLocale> {
    let locale = c_string(locale, "the locale")?;
    let mut raw = std::ptr::null_mut();
    let mut untranslated = 0;
    // SAFETY: valid out pointers and string; the owned string is copied, then freed.
    unsafe {
        check(|err| sys::ef_locale_normalize(&mut raw, &mut untranslated, locale.as_ptr(), err))?;
        let id = owned(raw);
        sys::ef_string_free(raw);
        Ok(NormalizedLocale { id, untranslated: untranslated != 0 })
    }
}

/// The kind of a chain entry (`EF_CHAIN_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// No ICU data for this ID; inserted by the CLDR parent algorithm.
    Abstract,
    /// ICU has locale data for this ID.
    Bundle,
    /// A legacy or alias ID; the next entry is its target.
    Alias,
}

/// One entry of a locale chain, borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChainEntry<'a> {
    /// ICU form, e.g. "zh_Hant_TW".
    pub id: &'a str,
    pub kind: ChainKind,
}

/// A locale's CLDR fallback chain, most specific first, without root, as ICU's resource-bundle
/// lookup resolves it. Immutable: `Send` and `Sync`.
///
/// ```
/// use errorformatter::LocaleChain;
/// let chain = LocaleChain::new("es-MX")?;
/// let ids: Vec<&str> = chain.entries().map(|entry| entry.id).collect();
/// assert_eq!(ids, ["es_MX", "es_419", "es"]);
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct LocaleChain {
    raw: NonNull<sys::ef_locale_chain>,
}

// SAFETY: immutable, no thread affinity; only const-handle functions reach it through &self.
unsafe impl Send for LocaleChain {}
// SAFETY: as for Send, above.
unsafe impl Sync for LocaleChain {}

unsafe fn read_entry<'a>(chain: *const (), index: usize) -> ChainEntry<'a> {
    let chain = chain.cast::<sys::ef_locale_chain>();
    // SAFETY: `Entries::new`'s contract; the ID is borrowed from the chain for 'a.
    unsafe {
        ChainEntry {
            id: borrowed(sys::ef_locale_chain_id(chain, index)),
            kind: match sys::ef_locale_chain_kind(chain, index) {
                sys::EF_CHAIN_ALIAS => ChainKind::Alias,
                sys::EF_CHAIN_BUNDLE => ChainKind::Bundle,
                _ => ChainKind::Abstract,
            },
        }
    }
}

impl LocaleChain {
    /// The chain of `locale` (any spelling `normalize_locale` accepts).
    ///
    /// # Errors
    /// `InvalidLocale`, `InvalidUtf8`, `InvalidArgument`.
    pub fn new(locale: &str) -> Result<LocaleChain> {
        let locale = c_string(locale, "the locale")?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer and string.
        unsafe { check(|err| sys::ef_locale_chain_new(&mut raw, locale.as_ptr(), err))? };
        NonNull::new(raw)
            .map(|raw| LocaleChain { raw })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "the library returned no chain"))
    }

    /// The normalized ID the chain was computed for.
    pub fn normalized(&self) -> &str {
        // SAFETY: borrowed from the chain, which `self` keeps alive.
        unsafe { borrowed(sys::ef_locale_chain_normalized(self.raw.as_ptr())) }
    }

    /// The locale was C/POSIX: no translation, and the chain is empty.
    pub fn untranslated(&self) -> bool {
        // SAFETY: valid handle.
        unsafe { sys::ef_locale_chain_untranslated(self.raw.as_ptr()) != 0 }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        // SAFETY: valid handle.
        unsafe { sys::ef_locale_chain_count(self.raw.as_ptr()) }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries, most specific first.
    pub fn entries(&self) -> Entries<'_, ChainEntry<'_>> {
        // SAFETY: the chain lives as long as the borrow of `self`; the count is its own.
        unsafe { Entries::new(self.raw.as_ptr().cast(), self.len(), read_entry) }
    }
}

impl<'a> IntoIterator for &'a LocaleChain {
    type Item = ChainEntry<'a>;
    type IntoIter = Entries<'a, ChainEntry<'a>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries()
    }
}

impl Drop for LocaleChain {
    fn drop(&mut self) {
        // SAFETY: owned by this value.
        unsafe { sys::ef_locale_chain_free(self.raw.as_ptr()) }
    }
}

/// Copies and frees a locale list.
///
/// # Safety
/// `list` is NULL or a list the library returned that nothing else frees.
unsafe fn read_list(list: *mut sys::ef_locale_list) -> Vec<String> {
    // SAFETY: as documented; the entries are copied before the free.
    unsafe {
        let count = sys::ef_locale_list_count(list);
        let locales = (0..count).map(|index| owned(sys::ef_locale_list_entry(list, index))).collect();
        sys::ef_locale_list_free(list);
        locales
    }
}

/// The user's preferences from LC_ALL, LC_MESSAGES, LANG and LANGUAGE, with gettext's
/// precedence. It reads the environment with getenv(): not to be called while another thread
/// changes the environment.
pub fn preferences_from_environment() -> Result<Vec<String>> {
    let mut raw = std::ptr::null_mut();
    // SAFETY: valid out pointer.
    unsafe {
        check(|err| sys::ef_locale_list_from_environment(&mut raw, err))?;
        Ok(read_list(raw))
    }
}

/// The preferences of an HTTP Accept-Language header, best first (q=0, `*` and malformed
/// entries dropped).
///
/// ```
/// let preferences = errorformatter::preferences_from_accept_language("fr-CA, fr;q=0.8, en;q=0.5")?;
/// assert_eq!(preferences, ["fr-CA", "fr", "en"]);
/// # Ok::<(), errorformatter::Error>(())
/// ```
pub fn preferences_from_accept_language(header: &str) -> Result<Vec<String>> {
    let header = c_string(header, "the header")?;
    let mut raw = std::ptr::null_mut();
    // SAFETY: valid out pointer and string.
    unsafe {
        check(|err| sys::ef_locale_list_from_accept_language(&mut raw, header.as_ptr(), err))?;
        Ok(read_list(raw))
    }
}
