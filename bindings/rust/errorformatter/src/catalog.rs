//! `Catalog`: an immutable set of string tables, opened from a directory or built in memory.
use std::path::Path;
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::entries::Entries;
use crate::error::{check, Error, Result};
use crate::error_info::ErrorInfo;
use crate::formatted::{FormattedError, LookupResult};
use crate::packed;
use crate::rejection::Rejection;
use crate::text::{borrowed, borrowed_optional, c_path, c_string, c_string_optional, pointer, LocaleArray};

/// How a broken table is handled (`EF_CATALOG_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// The default: a broken table is left out and recorded as an error diagnostic.
    #[default]
    Lenient,
    /// A broken table fails the whole open (or `add_table`) with `Parse` and its position.
    Strict,
}

impl Mode {
    pub(crate) fn flags(self) -> u32 {
        match self {
            Mode::Lenient => sys::EF_CATALOG_LENIENT,
            Mode::Strict => sys::EF_CATALOG_STRICT,
        }
    }
}

/// Severity of a diagnostic (`EF_SEVERITY_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// A problem found while loading a catalog, borrowed from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Diagnostic<'a> {
    pub severity: Severity,
    /// Stable kebab-case code, e.g. "duplicate-key".
    pub code: &'a str,
    pub message: &'a str,
    /// The file, relative to the catalog root; None if none.
    pub file: Option<&'a str>,
    /// 1-based line and column, 0 if unknown.
    pub line: u32,
    pub column: u32,
}

/// An immutable set of string tables in every localization, plus the development locale.
///
/// `Send` and `Sync`: one catalog may serve every thread of a process (header, "Thread
/// safety" (1)).
///
/// ```
/// use errorformatter::{Catalog, ErrorInfo, Field};
/// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
/// let catalog = Catalog::open(format!("{examples}/CoreLocation"))?;
/// let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", 0)?, &["fr-CA"])?;
/// assert_eq!(shown.title, "Emplacement inconnu");
/// assert_eq!(shown.provenance(Field::Button).rule, "builtin"); // no table has controls.ok
/// assert_eq!(&shown.stack[..2], ["fr-CA", "fr"]);
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct Catalog {
    raw: NonNull<sys::ef_catalog>,
    /// `OpenOptions::fail_on_rejection`: a result that records a rejection is an `Error`.
    fails_on_rejection: bool,
}

// SAFETY: a catalog is immutable; every function taking it is safe concurrently, on the same
// handle too (header, "Thread safety" (1)); it has no thread affinity (4); freeing needs
// ownership, so it cannot race with other calls (2).
unsafe impl Send for Catalog {}
// SAFETY: as for Send, above.
unsafe impl Sync for Catalog {}

unsafe fn read_localization(catalog: *const (), index: usize) -> String {
    // SAFETY: `Entries::new`'s contract: a valid catalog and index < count.
    unsafe { borrowed(sys::ef_catalog_localization_name(catalog.cast(), index)) }.to_owned()
}

unsafe fn read_diagnostic<'a>(catalog: *const (), index: usize) -> Diagnostic<'a> {
    let catalog = catalog.cast::<sys::ef_catalog>();
    // SAFETY: `Entries::new`'s contract; the strings are borrowed from the catalog for 'a.
    unsafe {
        Diagnostic {
            severity: match sys::ef_catalog_diagnostic_severity(catalog, index) {
                sys::EF_SEVERITY_WARNING => Severity::Warning,
                sys::EF_SEVERITY_NOTE => Severity::Note,
                _ => Severity::Error,
            },
            code: borrowed(sys::ef_catalog_diagnostic_code(catalog, index)),
            message: borrowed(sys::ef_catalog_diagnostic_message(catalog, index)),
            file: borrowed_optional(sys::ef_catalog_diagnostic_file(catalog, index)),
            line: u32::try_from(sys::ef_catalog_diagnostic_line(catalog, index)).unwrap_or(0),
            column: u32::try_from(sys::ef_catalog_diagnostic_column(catalog, index)).unwrap_or(0),
        }
    }
}

impl Catalog {
    /// Opens a catalog directory, or a compiled catalog file (`compile`, library 1.2),
    /// leniently, with development locale "en" (a compiled file's own).
    ///
    /// # Errors
    /// `NotFound`, `Io`, `InvalidUtf8` (a path that is not UTF-8), `InvalidArgument`, `Parse`
    /// (a broken compiled file).
    pub fn open(path: impl AsRef<Path>) -> Result<Catalog> {
        Catalog::open_with(path, None, Mode::Lenient)
    }

    /// Opens a catalog directory or compiled file (`ef_catalog_open`); `development_locale`
    /// None means "en" (a compiled file's own). `OpenOptions` also reads on demand, or maps a
    /// compiled file.
    ///
    /// # Errors
    /// As `open`, and `InvalidLocale` (a bad development locale), `Parse` (strict mode: with
    /// the broken file, line and column).
    pub fn open_with(path: impl AsRef<Path>, development_locale: Option<&str>, mode: Mode) -> Result<Catalog> {
        Catalog::open_flags(path.as_ref(), development_locale, mode.flags())
    }

    pub(crate) fn open_flags(path: &Path, development_locale: Option<&str>, flags: u32) -> Result<Catalog> {
        let path = c_path(path)?;
        let development = c_string_optional(development_locale, "the development locale")?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer and strings, which outlive the call.
        unsafe { check(|err| sys::ef_catalog_open(&mut raw, path.as_ptr(), pointer(&development), flags, err))? };
        Catalog::from_raw(raw)
    }

    /// Writes the whole catalog to `path` as a compiled catalog file (`ef_catalog_compile`,
    /// library 1.2), which `open` reads with the same results, faster. The file is replaced
    /// whole; compiling the same catalog twice writes the same bytes.
    ///
    /// # Errors
    /// `Io` (the file cannot be written), `InvalidArgument` (an empty path, a catalog over what
    /// the format holds), `InvalidUtf8`.
    pub fn compile(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = c_path(path.as_ref())?;
        // SAFETY: a valid catalog and a string that outlives the call.
        unsafe { check(|err| sys::ef_catalog_compile(self.raw.as_ptr(), path.as_ptr(), err)) }
    }

    /// The catalog, failing on rejections when `fail` (`OpenOptions::fail_on_rejection`).
    pub(crate) fn failing_on_rejection(mut self, fail: bool) -> Catalog {
        self.fails_on_rejection = fail;
        self
    }

    pub(crate) fn as_ptr(&self) -> *const sys::ef_catalog {
        self.raw.as_ptr()
    }

    pub(crate) fn from_raw(raw: *mut sys::ef_catalog) -> Result<Catalog> {
        NonNull::new(raw)
            .map(|raw| Catalog { raw, fails_on_rejection: false })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "the library returned no catalog"))
    }

    /// The development locale, e.g. "en".
    pub fn development_locale(&self) -> &str {
        // SAFETY: the string is borrowed from the catalog, which `self` keeps alive.
        unsafe { borrowed(sys::ef_catalog_development_locale(self.raw.as_ptr())) }
    }

    /// The localizations, sorted, as spelled on disk ("fr-CA", "Base").
    pub fn localizations(&self) -> Entries<'_, String> {
        let raw = self.raw.as_ptr();
        // SAFETY: the catalog lives as long as the borrow of `self`; the count is its own.
        unsafe { Entries::new(raw.cast(), sys::ef_catalog_localization_count(raw), read_localization) }
    }

    /// The diagnostics recorded while loading (duplicate keys, broken files left out, ...).
    pub fn diagnostics(&self) -> Entries<'_, Diagnostic<'_>> {
        let raw = self.raw.as_ptr();
        // SAFETY: as for `localizations`; the diagnostics borrow the catalog.
        unsafe { Entries::new(raw.cast(), sys::ef_catalog_diagnostic_count(raw), read_diagnostic) }
    }

    /// Formats an error for the preferred locales, most preferred first (BCP 47, ICU or POSIX
    /// spelling; malformed entries are skipped; none means the development locale).
    ///
    /// # Errors
    /// `InvalidArgument` (a locale with a NUL byte inside), `InvalidUtf8`.
    pub fn format<S: AsRef<str>>(&self, error: &ErrorInfo, locales: &[S]) -> Result<FormattedError> {
        let locales = LocaleArray::new(locales)?;
        let request = error.packed_request();
        let catalog = self.raw.as_ptr();
        let (_, output) = packed::call(sys::EF_OK, |length, buffer, capacity, err| {
            // SAFETY: a valid catalog, request and array, which outlive the call; the buffer
            // has `capacity` bytes.
            unsafe {
                sys::ef_format_packed_reusable(
                    length,
                    buffer,
                    capacity,
                    std::ptr::null_mut(),
                    catalog,
                    request.as_ptr().cast(),
                    request.len(),
                    locales.as_ptr(),
                    locales.len(),
                    err,
                )
            }
        })?;
        let formatted = packed::formatted_error(&output)?;
        self.refuse_rejections(formatted.rejections())?;
        Ok(formatted)
    }

    /// The first of `rejections` as an `Error` (`ErrorKind::Rejected`), for a catalog opened
    /// to fail on them (`OpenOptions::fail_on_rejection`).
    fn refuse_rejections<'a>(&self, mut rejections: impl Iterator<Item = &'a Rejection>) -> Result<()> {
        match rejections.next() {
            Some(first) if self.fails_on_rejection => Err(Error::new(sys::EF_E_REJECTED, first.description.clone())),
            _ => Ok(()),
        }
    }

    /// Looks up any key in `table` (None: "Localizable") for the preferred locales and renders
    /// it with the arguments of `arguments` (only its arguments are used). A key with no usable
    /// value gives `value: None` (with the rejections, if any), not an error.
    ///
    /// ```
    /// use errorformatter::Catalog;
    /// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
    /// let catalog = Catalog::open(format!("{examples}/CoreLocation"))?;
    /// let found = catalog.lookup("errors.title", &["ja"], None, None)?;
    /// assert_eq!((found.value.as_deref(), found.locale.as_deref()), (Some("エラー"), Some("ja")));
    /// assert_eq!(catalog.lookup("no.such.key", &["ja"], None, None)?.value, None);
    /// # Ok::<(), errorformatter::Error>(())
    /// ```
    ///
    /// # Errors
    /// `InvalidArgument`, `InvalidUtf8`.
    pub fn lookup<S: AsRef<str>>(
        &self,
        key: &str,
        locales: &[S],
        table: Option<&str>,
        arguments: Option<&ErrorInfo>,
    ) -> Result<LookupResult> {
        let key = c_string(key, "the key")?;
        let table = c_string_optional(table, "the table")?;
        let locales = LocaleArray::new(locales)?;
        let arguments = arguments.map_or(std::ptr::null(), ErrorInfo::as_ptr);
        let catalog = self.raw.as_ptr();
        // A key with no usable value is an answer, written whole with EF_E_KEY_NOT_FOUND.
        let (_, output) = packed::call(sys::EF_E_KEY_NOT_FOUND, |length, buffer, capacity, err| {
            // SAFETY: valid handles, strings and array, which outlive the call; the buffer has
            // `capacity` bytes.
            unsafe {
                sys::ef_catalog_lookup_packed_v2(
                    length,
                    buffer,
                    capacity,
                    catalog,
                    pointer(&table),
                    key.as_ptr(),
                    locales.as_ptr(),
                    locales.len(),
                    arguments,
                    err,
                )
            }
        })?;
        let found = packed::lookup_result(&output)?;
        self.refuse_rejections(found.rejections.iter())?;
        Ok(found)
    }
}

impl Drop for Catalog {
    fn drop(&mut self) {
        // SAFETY: owned by this value; borrows of it (strings, Entries) have ended.
        unsafe { sys::ef_catalog_free(self.raw.as_ptr()) }
    }
}
