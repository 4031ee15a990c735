//! `ErrorInfo`: the error to format (an NSError's parts) and the arguments of its strings.
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::error::{check, Error, Result};
use crate::text::{c_string, c_string_optional, pointer};

/// A positional argument for the strings' format specifiers, typed as the C API types it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Argument<'a> {
    /// For `%@`, `%s`.
    String(&'a str),
    /// For `%d`, `%lld`, `%@`, plural variables.
    Int(i64),
    /// For `%u`, `%llu`, `%x`.
    UInt(u64),
    /// For `%f`, `%e`, `%g`, `%@`.
    Double(f64),
}

impl<'a> From<&'a str> for Argument<'a> {
    fn from(value: &'a str) -> Self {
        Argument::String(value)
    }
}

impl<'a> From<&'a String> for Argument<'a> {
    fn from(value: &'a String) -> Self {
        Argument::String(value)
    }
}

macro_rules! argument_from {
    ($variant:ident as $target:ty: $($source:ty),*) => {$(
        impl From<$source> for Argument<'_> {
            fn from(value: $source) -> Self {
                Argument::$variant(<$target>::from(value))
            }
        }
    )*};
}
argument_from!(Int as i64: i8, i16, i32, i64);
argument_from!(UInt as u64: u8, u16, u32, u64);
argument_from!(Double as f64: f32, f64);

/// The error to format: domain, code, optional texts and table, positional arguments.
///
/// A builder: modifying it takes `&mut self`, so Rust's borrow rules are the header's rule (3)
/// (not modified by one thread while another uses it). It is `Send` and `Sync`: the library
/// keeps no thread affinity, and shared (`&`) use only reads it.
///
/// ```
/// use errorformatter::{Catalog, ErrorInfo};
/// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
/// let catalog = Catalog::open(format!("{examples}/Sync"))?;
/// let mut error = ErrorInfo::new("SyncErrorDomain", 3)?;
/// error.arg(12.5)?.arg("Backup")?;
/// assert_eq!(catalog.format(&error, &["fr"])?.message, "Il faut 12.5 Mo de plus sur « Backup ».");
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct ErrorInfo {
    raw: NonNull<sys::ef_error_info>,
    /// The same error as the packed request of `ef_format_packed_reusable` takes it
    /// (docs/packed-format.md, "The request"), kept in step with the handle: `Catalog::format`
    /// sends it, and gets each rejection's parts back. The handle carries the arguments of a
    /// lookup.
    parts: Parts,
}

/// An error's parts, as the request spells them.
#[derive(Debug, Default)]
struct Parts {
    domain: String,
    code: i64,
    /// The description, failure reason, recovery suggestion and table, in the request's order.
    texts: [Option<String>; 4],
    /// The number style's letter (`c` or `l`), or none: as the catalog says.
    number_style: Option<u8>,
    /// The arguments, each a kind byte and its value.
    arguments: Vec<u8>,
}

// SAFETY: the handle has no thread affinity (header, "Thread safety" (4)); &self methods only
// call functions taking a const handle, which may run concurrently (1); mutation needs &mut (3).
unsafe impl Send for ErrorInfo {}
// SAFETY: as for Send, above.
unsafe impl Sync for ErrorInfo {}

impl ErrorInfo {
    /// An error of `domain` with `code` (rendered in keys as a decimal integer).
    ///
    /// # Errors
    /// `InvalidArgument` for a NUL byte inside `domain`.
    pub fn new(domain: &str, code: i64) -> Result<ErrorInfo> {
        let c_domain = c_string(domain, "the domain")?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer and string; the library sets `raw` on success.
        unsafe { check(|err| sys::ef_error_info_new(&mut raw, c_domain.as_ptr(), code, err))? };
        let parts = Parts { domain: domain.to_owned(), code, ..Parts::default() };
        NonNull::new(raw)
            .map(|raw| ErrorInfo { raw, parts })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "ef_error_info_new returned no handle"))
    }

    fn set(
        &mut self,
        setter: unsafe extern "C" fn(
            *mut sys::ef_error_info,
            *const std::ffi::c_char,
            *mut *mut sys::ef_error_details,
        ) -> sys::ef_status,
        text: Option<&str>,
        what: &str,
        slot: usize,
    ) -> Result<&mut Self> {
        let c_text = c_string_optional(text, what)?;
        // SAFETY: the handle is valid and exclusively borrowed; the string outlives the call.
        unsafe { check(|err| setter(self.raw.as_ptr(), pointer(&c_text), err))? };
        self.parts.texts[slot] = text.map(str::to_owned);
        Ok(self)
    }

    /// Sets (or with None clears) the error's localized description (message rule 3).
    pub fn set_description(&mut self, text: Option<&str>) -> Result<&mut Self> {
        self.set(sys::ef_error_info_set_description, text, "the description", 0)
    }

    /// Sets (or clears) the failure reason (title rule 2).
    pub fn set_failure_reason(&mut self, text: Option<&str>) -> Result<&mut Self> {
        self.set(sys::ef_error_info_set_failure_reason, text, "the failure reason", 1)
    }

    /// Sets (or clears) the recovery suggestion (message rule 2).
    pub fn set_recovery_suggestion(&mut self, text: Option<&str>) -> Result<&mut Self> {
        self.set(sys::ef_error_info_set_recovery_suggestion, text, "the recovery suggestion", 2)
    }

    /// Sets the table the rules read; None restores "Localizable".
    ///
    /// # Errors
    /// `InvalidArgument` for a name containing '/'.
    pub fn set_table(&mut self, table: Option<&str>) -> Result<&mut Self> {
        self.set(sys::ef_error_info_set_table, table, "the table", 3)
    }

    /// Sets how `Catalog::format` writes this error's numbers (library 1.3): as the catalog
    /// says (`NumberStyle::Catalog`, the default), as C's `printf` does in the C locale, or for
    /// the locale of the text that shows them, as Foundation's `String(format:locale:)` does.
    pub fn set_number_style(&mut self, style: NumberStyle) -> Result<&mut Self> {
        let (value, letter) = match style {
            NumberStyle::Catalog => (sys::EF_NUMBERS_CATALOG, None),
            NumberStyle::CLocale => (sys::EF_NUMBERS_C_LOCALE, Some(b'c')),
            NumberStyle::Localized => (sys::EF_NUMBERS_LOCALIZED, Some(b'l')),
        };
        // SAFETY: the handle is valid and exclusively borrowed.
        unsafe { check(|err| sys::ef_error_info_set_number_style(self.raw.as_ptr(), value, err))? };
        self.parts.number_style = letter;
        Ok(self)
    }

    /// Appends a positional argument, typed from its Rust type (`&str`, signed and unsigned
    /// integers, floating point; `bool` has no conversion: it is ambiguous).
    ///
    /// # Errors
    /// `InvalidArgument` past 1000 arguments or for a string with a NUL byte inside.
    pub fn arg<'a>(&mut self, value: impl Into<Argument<'a>>) -> Result<&mut Self> {
        let raw = self.raw.as_ptr();
        let value = value.into();
        let text = match value {
            Argument::String(text) => Some(c_string(text, "an argument")?),
            _ => None,
        };
        // SAFETY: the handle is valid and exclusively borrowed; `text` outlives the call.
        unsafe {
            check(|err| match value {
                Argument::String(_) => sys::ef_error_info_add_string(raw, pointer(&text), err),
                Argument::Int(number) => sys::ef_error_info_add_int64(raw, number, err),
                Argument::UInt(number) => sys::ef_error_info_add_uint64(raw, number, err),
                Argument::Double(number) => sys::ef_error_info_add_double(raw, number, err),
            })?
        };
        let arguments = &mut self.parts.arguments;
        match value {
            Argument::String(text) => {
                arguments.push(b's');
                arguments.extend_from_slice(text.as_bytes());
                arguments.push(0);
            }
            Argument::Int(number) => {
                arguments.push(b'i');
                arguments.extend_from_slice(&number.to_le_bytes());
            }
            Argument::UInt(number) => {
                arguments.push(b'u');
                arguments.extend_from_slice(&number.to_le_bytes());
            }
            Argument::Double(number) => {
                arguments.push(b'd');
                arguments.extend_from_slice(&number.to_bits().to_le_bytes());
            }
        }
        Ok(self)
    }

    /// Removes every argument.
    pub fn clear_arguments(&mut self) -> Result<&mut Self> {
        // SAFETY: the handle is valid and exclusively borrowed.
        unsafe { check(|err| sys::ef_error_info_clear_arguments(self.raw.as_ptr(), err))? };
        self.parts.arguments.clear();
        Ok(self)
    }

    /// The number of arguments added.
    pub fn argument_count(&self) -> usize {
        // SAFETY: the handle is valid.
        unsafe { sys::ef_error_info_argument_count(self.raw.as_ptr()) }
    }

    pub(crate) fn as_ptr(&self) -> *const sys::ef_error_info {
        self.raw.as_ptr()
    }

    /// The error as the packed request of `ef_format_packed_reusable`: the domain, the code in
    /// decimal, the texts given (`D`, `F`, `R`, `T`), then the arguments.
    pub(crate) fn packed_request(&self) -> Vec<u8> {
        let parts = &self.parts;
        let mut request = Vec::with_capacity(parts.domain.len() + 24 + parts.arguments.len());
        request.extend_from_slice(parts.domain.as_bytes());
        request.push(0);
        request.extend_from_slice(parts.code.to_string().as_bytes());
        request.push(0);
        for (kind, text) in [b'D', b'F', b'R', b'T'].into_iter().zip(&parts.texts) {
            if let Some(text) = text {
                request.push(kind);
                request.extend_from_slice(text.as_bytes());
                request.push(0);
            }
        }
        if let Some(letter) = parts.number_style {
            request.extend_from_slice(&[b'N', letter, 0]);
        }
        request.extend_from_slice(&parts.arguments);
        request
    }
}

impl Drop for ErrorInfo {
    fn drop(&mut self) {
        // SAFETY: the handle is owned by this value and used by nothing else once dropped.
        unsafe { sys::ef_error_info_free(self.raw.as_ptr()) }
    }
}

/// How an error's numbers are written (`ErrorInfo::set_number_style`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum NumberStyle {
    /// As the catalog was opened (`OpenOptions::localized_numbers`).
    #[default]
    Catalog,
    /// As C's `printf` writes them in the C locale: `1234567.5`.
    CLocale,
    /// For the locale of the localization that supplied the text, as Foundation's
    /// `String(format:locale:)` writes them: `1.234.567,5` in German.
    Localized,
}
