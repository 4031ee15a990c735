//! Problem responses (RFC 9457): the HTTP response a service sends for an error, made whole by
//! the library (`ef_format_problem`, library 1.3). A value type: status, header fields, body.

use std::ffi::CString;

use crate::error::{check, Error, Result};
use crate::sys;
use crate::text::{c_string_optional, pointer, LocaleArray};
use crate::{Catalog, ErrorInfo};

/// The extension members a problem body may add after the standard ones, in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProblemMembers {
    /// `"code"`: the error's code.
    pub code: bool,
    /// `"domain"`: the error's domain.
    pub domain: bool,
    /// `"button"`: the localized label of the button that dismisses the error.
    pub button: bool,
}

impl ProblemMembers {
    fn flags(self) -> u32 {
        (if self.code { sys::EF_PROBLEM_CODE } else { 0 })
            | (if self.domain { sys::EF_PROBLEM_DOMAIN } else { 0 })
            | (if self.button { sys::EF_PROBLEM_BUTTON } else { 0 })
    }
}

/// What a problem response says besides the error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProblemOptions {
    /// The HTTP status, 100 to 599.
    pub status: u16,
    /// The problem type's URI; `{domain}` and `{code}` are replaced by the error's. `None`:
    /// `about:blank`.
    pub type_template: Option<String>,
    /// The URI of this occurrence, or `None` to leave it out.
    pub instance: Option<String>,
    /// The extension members to add.
    pub members: ProblemMembers,
}

impl Default for ProblemOptions {
    fn default() -> Self {
        ProblemOptions { status: 500, type_template: None, instance: None, members: ProblemMembers::default() }
    }
}

/// Where a response's preferences come from.
#[derive(Clone, Copy, Debug)]
pub enum Preferences<'a, S: AsRef<str>> {
    /// The request's `Accept-Language` header as the bytes that arrived; `None`: the request had
    /// none. A malformed header means the development locale, never an error.
    AcceptLanguage(Option<&'a [u8]>),
    /// A preference list, most preferred first.
    Locales(&'a [S]),
}

/// An HTTP response for an error: an RFC 9457 problem details object whose title and detail are
/// localized for the request, as the library made it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    /// The HTTP status.
    pub status: u16,
    /// `Content-Type`, `Content-Language` and `Vary`, in that order.
    pub headers: Vec<(String, String)>,
    /// The JSON of the problem details object, UTF-8.
    pub body: Vec<u8>,
}

impl Problem {
    /// The value of the header field `name` (any ASCII case), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// The items of `ef_format_problem`'s output: the header (status, F), F name/value pairs, the
    /// body. Output that is not that is the library's fault, reported as `Internal`.
    fn decode(output: &[u8]) -> Result<Problem> {
        let malformed = |what: &str| Error::new(sys::EF_E_INTERNAL, format!("ef_format_problem's output {what}"));
        let Some((&0, content)) = output.split_last() else { return Err(malformed("does not end with a NUL")) };
        let items: Vec<&[u8]> = content.split(|&byte| byte == 0).collect();
        let header = std::str::from_utf8(items[0]).map_err(|_| malformed("has a header that is not text"))?;
        let numbers: Vec<usize> = header
            .split(' ')
            .map(str::parse)
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| malformed("has a header that is not numbers"))?;
        let [status, fields] = numbers[..] else { return Err(malformed("has a header of other than two numbers")) };
        if fields.checked_mul(2).and_then(|pairs| pairs.checked_add(2)) != Some(items.len()) {
            return Err(malformed("has other items than its header says"));
        }
        let text = |item: &[u8]| String::from_utf8(item.to_vec()).map_err(|_| malformed("is not UTF-8"));
        let mut headers = Vec::with_capacity(fields);
        for field in 0..fields {
            headers.push((text(items[1 + 2 * field])?, text(items[2 + 2 * field])?));
        }
        Ok(Problem {
            status: u16::try_from(status).map_err(|_| malformed("has a status beyond 65535"))?,
            headers,
            body: items[1 + 2 * fields].to_vec(),
        })
    }
}

impl Catalog {
    /// The HTTP response a service sends for `error` (library 1.3): status, header fields and
    /// an RFC 9457 body whose title and detail are formatted for `preferences`.
    ///
    /// ```
    /// use errorformatter::{Catalog, ErrorInfo, Preferences, ProblemOptions};
    /// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
    /// let catalog = Catalog::open(format!("{examples}/CoreLocation"))?;
    /// let options = ProblemOptions { status: 404, ..ProblemOptions::default() };
    /// let header: &[u8] = b"fr-CA, fr;q=0.8";
    /// let made = catalog.problem(&ErrorInfo::new("kCLErrorDomain", 2)?,
    ///                            Preferences::<&str>::AcceptLanguage(Some(header)), &options)?;
    /// assert_eq!(made.header("Content-Language"), Some("fr, fr-CA"));
    /// assert!(made.body.starts_with(br#"{"type":"about:blank","title":"Pas d"#));
    /// # Ok::<(), errorformatter::Error>(())
    /// ```
    ///
    /// # Errors
    /// `InvalidArgument` (a status outside 100 to 599, a text or locale with a NUL byte),
    /// `InvalidUtf8`.
    pub fn problem<S: AsRef<str>>(
        &self,
        error: &ErrorInfo,
        preferences: Preferences<'_, S>,
        options: &ProblemOptions,
    ) -> Result<Problem> {
        let (header, locales) = match preferences {
            Preferences::AcceptLanguage(header) => {
                // A header cannot hold a NUL: the bytes before one are what C would read.
                let header = header.map(|bytes| bytes.split(|&byte| byte == 0).next().unwrap_or_default());
                (header.map(|bytes| CString::new(bytes).unwrap_or_default()), LocaleArray::new::<&str>(&[])?)
            }
            Preferences::Locales(locales) => (None, LocaleArray::new(locales)?),
        };
        let type_template = c_string_optional(options.type_template.as_deref(), "type_template")?;
        let instance = c_string_optional(options.instance.as_deref(), "instance")?;
        let mut buffer = vec![0u8; 2048];
        // Grow and retry: the output is deterministic, so the second call fits.
        for _ in 0..2 {
            let mut length = 0usize;
            // SAFETY: valid handles, strings and array; the buffer has `buffer.len()` bytes.
            unsafe {
                check(|err| {
                    sys::ef_format_problem(
                        &mut length,
                        buffer.as_mut_ptr().cast(),
                        buffer.len(),
                        self.as_ptr(),
                        error.as_ptr(),
                        pointer(&header),
                        locales.as_ptr(),
                        locales.len(),
                        i32::from(options.status),
                        pointer(&type_template),
                        pointer(&instance),
                        options.members.flags(),
                        err,
                    )
                })?;
            }
            if length <= buffer.len() {
                return Problem::decode(&buffer[..length]);
            }
            buffer = vec![0u8; length];
        }
        Err(Error::new(sys::EF_E_INTERNAL, "ef_format_problem's output changed size between two calls"))
    }
}
