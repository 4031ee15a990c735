//! Strings across the boundary: NUL-terminated copies in, borrowed or owned UTF-8 out.
use std::ffi::{c_char, CStr, CString};

use errorformatter_sys as sys;

use crate::error::{Error, Result};

/// A NUL-terminated copy of `text`. A NUL byte inside would end the string early for the C
/// API, silently: it is refused instead (`EF_E_INVALID_ARGUMENT`).
pub(crate) fn c_string(text: &str, what: &str) -> Result<CString> {
    CString::new(text).map_err(|_| Error::new(sys::EF_E_INVALID_ARGUMENT, format!("{what} contains a NUL byte")))
}

/// `c_string` for an optional string: None stays None (NULL).
pub(crate) fn c_string_optional(text: Option<&str>, what: &str) -> Result<Option<CString>> {
    text.map(|text| c_string(text, what)).transpose()
}

/// The pointer of an optional C string: NULL for None.
pub(crate) fn pointer(text: &Option<CString>) -> *const c_char {
    text.as_ref().map_or(std::ptr::null(), |text| text.as_ptr())
}

/// A string borrowed from a handle, as `&str`; None for NULL.
///
/// The header promises UTF-8 for every returned string; if that promise were broken the
/// valid prefix is returned rather than undefined behaviour.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string valid for `'a`.
pub(crate) unsafe fn borrowed_optional<'a>(text: *const c_char) -> Option<&'a str> {
    if text.is_null() {
        return None;
    }
    // SAFETY: as documented.
    let bytes = unsafe { CStr::from_ptr(text) }.to_bytes();
    Some(match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    })
}

/// `borrowed_optional`, with NULL as "".
///
/// # Safety
/// As for `borrowed_optional`.
pub(crate) unsafe fn borrowed<'a>(text: *const c_char) -> &'a str {
    // SAFETY: as documented.
    unsafe { borrowed_optional(text) }.unwrap_or("")
}

/// A copy of a borrowed C string; NULL as "".
///
/// # Safety
/// As for `borrowed_optional`, for the duration of the call.
pub(crate) unsafe fn owned(text: *const c_char) -> String {
    // SAFETY: as documented.
    unsafe { borrowed(text) }.to_owned()
}

/// A copy of a borrowed C string; NULL as None.
///
/// # Safety
/// As for `borrowed_optional`, for the duration of the call.
pub(crate) unsafe fn owned_optional(text: *const c_char) -> Option<String> {
    // SAFETY: as documented.
    unsafe { borrowed_optional(text) }.map(str::to_owned)
}

/// Preferred locales as the C API takes them: NUL-terminated copies and their pointer array.
pub(crate) struct LocaleArray {
    // The pointers point into `_strings`' heap buffers, which moving the Vec does not move.
    _strings: Vec<CString>,
    pointers: Vec<*const c_char>,
}

impl LocaleArray {
    pub(crate) fn new<S: AsRef<str>>(locales: &[S]) -> Result<LocaleArray> {
        let strings = locales.iter().map(|locale| c_string(locale.as_ref(), "a locale")).collect::<Result<Vec<_>>>()?;
        let pointers = strings.iter().map(|locale| locale.as_ptr()).collect();
        Ok(LocaleArray { _strings: strings, pointers })
    }

    /// The array for the C call: NULL when empty (the development locale).
    pub(crate) fn as_ptr(&self) -> *const *const c_char {
        if self.pointers.is_empty() {
            std::ptr::null()
        } else {
            self.pointers.as_ptr()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.pointers.len()
    }
}

/// A path as the C API takes it: UTF-8 (the header's rule), NUL-terminated.
pub(crate) fn c_path(path: &std::path::Path) -> Result<CString> {
    let text = path.to_str().ok_or_else(|| Error::new(sys::EF_E_INVALID_UTF8, "the path is not valid UTF-8"))?;
    c_string(text, "the path")
}
