//! `Error`: a failed call, with the C error details copied out.
use std::fmt;

use errorformatter_sys as sys;

use crate::text::{owned, owned_optional};

/// What kind of failure a call reported: the header's `EF_E_*` codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `EF_E_INVALID_ARGUMENT`: an argument is unusable (also a string with a NUL byte inside,
    /// which the C API could not see whole).
    InvalidArgument,
    /// `EF_E_INVALID_UTF8`: a string argument is not valid UTF-8 (a path, for instance).
    InvalidUtf8,
    /// `EF_E_NOT_FOUND`: a path does not exist.
    NotFound,
    /// `EF_E_IO`: a path exists but cannot be read.
    Io,
    /// `EF_E_PARSE`: a table could not be parsed (strict loading).
    Parse,
    /// `EF_E_INVALID_LOCALE`: a locale identifier is malformed.
    InvalidLocale,
    /// `EF_E_INTERNAL`: the library failed internally.
    Internal,
    /// `EF_E_KEY_NOT_FOUND` (only ever an answer of `Catalog::lookup`, never an `Error` of this
    /// crate; listed so that every status has a kind).
    KeyNotFound,
    /// `EF_E_REJECTED`: a string the arguments could not satisfy, on a catalog opened with
    /// `OpenOptions::fail_on_rejection`; the message is the rejection's description.
    Rejected,
    /// A status this version of the crate does not know (numbers are append-only).
    Other(i32),
}

impl ErrorKind {
    /// The kind of an `ef_status`.
    pub fn from_status(status: sys::ef_status) -> ErrorKind {
        match status {
            sys::EF_E_INVALID_ARGUMENT => ErrorKind::InvalidArgument,
            sys::EF_E_INVALID_UTF8 => ErrorKind::InvalidUtf8,
            sys::EF_E_NOT_FOUND => ErrorKind::NotFound,
            sys::EF_E_IO => ErrorKind::Io,
            sys::EF_E_PARSE => ErrorKind::Parse,
            sys::EF_E_INVALID_LOCALE => ErrorKind::InvalidLocale,
            sys::EF_E_INTERNAL => ErrorKind::Internal,
            sys::EF_E_KEY_NOT_FOUND => ErrorKind::KeyNotFound,
            sys::EF_E_REJECTED => ErrorKind::Rejected,
            other => ErrorKind::Other(other),
        }
    }
}

/// A failed call: the status, the library's one-line message and, where a file is at fault,
/// its position.
///
/// `Display` prints `file:line:column: message` (or the message alone).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Error {
    status: sys::ef_status,
    message: String,
    file: Option<String>,
    line: u32,
    column: u32,
}

impl Error {
    /// The `ef_status` code, e.g. 5.
    pub fn status(&self) -> i32 {
        self.status
    }

    /// The status as an `ErrorKind`.
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::from_status(self.status)
    }

    /// The status's macro name, e.g. `"EF_E_PARSE"`.
    pub fn status_name(&self) -> &'static str {
        crate::status_name(self.status)
    }

    /// The library's one-line message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The file at fault, if a file is at fault.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// 1-based line in `file`, 0 if unknown.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// 1-based column in `file` (Unicode scalar values), 0 if unknown.
    pub fn column(&self) -> u32 {
        self.column
    }

    /// An error the binding itself detects before calling the library.
    pub(crate) fn new(status: sys::ef_status, message: impl Into<String>) -> Error {
        Error { status, message: message.into(), file: None, line: 0, column: 0 }
    }

    /// The error of a failed call, from its details (which this frees); NULL details give the
    /// status's description.
    ///
    /// # Safety
    /// `details` is NULL or error details the library returned and nothing else frees.
    pub(crate) unsafe fn from_details(status: sys::ef_status, details: *mut sys::ef_error_details) -> Error {
        let error = if details.is_null() {
            Error::new(status, crate::status_string(status))
        } else {
            // SAFETY: `details` is valid until freed below; the getters return strings borrowed
            // from it, copied before the free.
            unsafe {
                Error {
                    status,
                    message: owned(sys::ef_error_details_message(details)),
                    file: owned_optional(sys::ef_error_details_file(details)),
                    line: u32::try_from(sys::ef_error_details_line(details)).unwrap_or(0),
                    column: u32::try_from(sys::ef_error_details_column(details)).unwrap_or(0),
                }
            }
        };
        // SAFETY: as documented; NULL is a no-op.
        unsafe { sys::ef_error_details_free(details) };
        error
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(formatter, "{file}")?;
            if self.line > 0 {
                write!(formatter, ":{}", self.line)?;
                if self.column > 0 {
                    write!(formatter, ":{}", self.column)?;
                }
            }
            write!(formatter, ": ")?;
        }
        write!(formatter, "{}", self.message)
    }
}

impl std::error::Error for Error {}

/// `Result` with this crate's `Error`.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Runs a C call taking a trailing `ef_error_details **`, turning a failure into an `Error`.
///
/// # Safety
/// `call` must be a call of this library that sets `*err` as the header's conventions say.
pub(crate) unsafe fn check(call: impl FnOnce(*mut *mut sys::ef_error_details) -> sys::ef_status) -> Result<()> {
    let mut details: *mut sys::ef_error_details = std::ptr::null_mut();
    let status = call(&mut details);
    if status == sys::EF_OK {
        // SAFETY: on success the library sets *err to NULL; freeing NULL is a no-op, and this
        // stays correct even if it did not.
        unsafe { sys::ef_error_details_free(details) };
        Ok(())
    } else {
        // SAFETY: `details` came from the call.
        Err(unsafe { Error::from_details(status, details) })
    }
}
