//! `CatalogBuilder`: a catalog made from tables held in memory.
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::catalog::{Catalog, Mode};
use crate::error::{check, Error, Result};
use crate::text::{c_string, c_string_optional, pointer};

/// Builds a catalog from tables held in memory (e.g. embedded with `include_bytes!`).
///
/// Adding takes `&mut self`, so Rust's borrow rules are the header's rule (3); `Send` and
/// `Sync` (`finish` only reads it). It stays usable after `finish`.
///
/// ```
/// use errorformatter::{CatalogBuilder, ErrorInfo, Mode};
/// let mut builder = CatalogBuilder::new(Mode::Strict)?;
/// builder.add_table(Some("fr"), "Localizable.strings", br#""errors.title" = "Erreur";"#)?;
/// let catalog = builder.finish(Some("fr"))?;
/// assert_eq!(catalog.format(&ErrorInfo::new("D", 1)?, &["fr-CA"])?.title, "Erreur");
///
/// let broken = builder.add_table(Some("de"), "Localizable.strings", b"\"a\" \"b\";").unwrap_err();
/// assert_eq!((broken.status_name(), broken.line()), ("EF_E_PARSE", 1));
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct CatalogBuilder {
    raw: NonNull<sys::ef_catalog_builder>,
}

// SAFETY: no thread affinity (header (4)); &self only reaches ef_catalog_builder_finish, which
// takes a const handle (1); modification needs &mut (3).
unsafe impl Send for CatalogBuilder {}
// SAFETY: as for Send, above.
unsafe impl Sync for CatalogBuilder {}

impl CatalogBuilder {
    /// An empty builder. In `Mode::Strict`, a broken table makes `add_table` fail.
    pub fn new(mode: Mode) -> Result<CatalogBuilder> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer.
        unsafe { check(|err| sys::ef_catalog_builder_new(&mut raw, mode.flags(), err))? };
        NonNull::new(raw)
            .map(|raw| CatalogBuilder { raw })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "the library returned no builder"))
    }

    /// Adds one table parsed from `bytes`, as if read from `<locale>.lproj/<file_name>`
    /// (None or "": an unlocalized table). The file name says the table and format
    /// (`.strings`, `.stringsdict`, `.json`, `.xcstrings`).
    ///
    /// # Errors
    /// `Parse` (strict builder: with line and column), `InvalidLocale`, `InvalidUtf8`,
    /// `InvalidArgument`.
    pub fn add_table(&mut self, locale: Option<&str>, file_name: &str, bytes: &[u8]) -> Result<&mut Self> {
        let locale = c_string_optional(locale, "the locale")?;
        let file_name = c_string(file_name, "the file name")?;
        // SAFETY: valid handle (exclusively borrowed), strings and buffer for the call.
        unsafe {
            check(|err| {
                sys::ef_catalog_builder_add_table(
                    self.raw.as_ptr(),
                    pointer(&locale),
                    file_name.as_ptr(),
                    bytes.as_ptr().cast(),
                    bytes.len(),
                    err,
                )
            })?
        };
        Ok(self)
    }

    /// An immutable catalog of everything added so far; `development_locale` None means "en".
    pub fn finish(&self, development_locale: Option<&str>) -> Result<Catalog> {
        let development = c_string_optional(development_locale, "the development locale")?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid handle and string.
        unsafe {
            check(|err| sys::ef_catalog_builder_finish(&mut raw, self.raw.as_ptr(), pointer(&development), err))?
        };
        Catalog::from_raw(raw)
    }
}

impl Drop for CatalogBuilder {
    fn drop(&mut self) {
        // SAFETY: owned by this value.
        unsafe { sys::ef_catalog_builder_free(self.raw.as_ptr()) }
    }
}
