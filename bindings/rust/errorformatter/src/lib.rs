//! Localized error titles, messages and button labels from Apple-style string tables
//! (`<loc>.lproj/<Table>.strings`), with ICU-correct locale fallback: the safe Rust API of
//! liberrorformatter.
//!
//! ```
//! use errorformatter::{Catalog, ErrorInfo, Field};
//! # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
//! let catalog = Catalog::open(format!("{examples}/CoreLocation"))?;
//! let error = ErrorInfo::new("kCLErrorDomain", 8)?;
//! let shown = catalog.format(&error, &["pt-BR", "es-MX"])?; // no Portuguese: Spanish answers
//! assert_eq!(shown.title, "No se encontraron resultados");
//! assert_eq!(shown.provenance(Field::Title).rule, "code-key");
//! # Ok::<(), errorformatter::Error>(())
//! ```
//!
//! Every call is the C function of `include/errorformatter.h`, whose documentation applies. In
//! Rust terms:
//!
//! - handles are owned values freed on drop; [`Catalog`] and [`LocaleChain`] are `Send + Sync`
//!   (immutable); [`ErrorInfo`] and [`CatalogBuilder`] are mutated through `&mut`, which is the
//!   header's rule for builders, and are `Send + Sync` as well;
//! - results ([`FormattedError`], [`LookupResult`]) are plain owned values; views of a
//!   catalog (localizations, diagnostics) and of a chain borrow it;
//! - failures are [`Error`] (status, message, file, line, column); a string with a NUL byte
//!   inside is refused (`ErrorKind::InvalidArgument`), not cut short.
//!
//! Linking: `errorformatter-sys` finds the library through `ERRORFORMATTER_LIB_DIR` or
//! `pkg-config errorformatter`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_debug_implementations)]

mod builder;
mod catalog;
mod entries;
mod error;
mod error_info;
mod formatted;
mod lint;
mod live;
mod locales;
mod open_options;
mod packed;
mod problem;
mod rejection;
mod rule;
mod text;

pub use builder::CatalogBuilder;
pub use catalog::{Catalog, Diagnostic, Mode, Severity};
pub use entries::Entries;
pub use error::{Error, ErrorKind, Result};
pub use error_info::{Argument, ErrorInfo, NumberStyle};
pub use formatted::{Field, FormattedError, LookupResult, Provenance};
pub use lint::{LintDiagnostic, LintReport};
pub use live::{LiveCatalog, LiveOptions};
pub use locales::{
    normalize_locale, preferences_from_accept_language, preferences_from_environment, ChainEntry, ChainKind,
    LocaleChain, NormalizedLocale,
};
pub use open_options::OpenOptions;
pub use problem::{Preferences, Problem, ProblemMembers, ProblemOptions};
pub use rejection::Rejection;
pub use rule::Rule;

/// The raw declarations, for calls this crate does not wrap.
pub use errorformatter_sys as sys;

/// The version of the library actually loaded, as `EF_VERSION_NUMBER` spells it (10300 for 1.3.0).
pub fn version_number() -> u32 {
    // SAFETY: no arguments; always safe.
    unsafe { sys::ef_version_number() }
}

/// The version of the library actually loaded, e.g. "1.3.0".
pub fn version_string() -> &'static str {
    // SAFETY: a static string.
    unsafe { text::borrowed(sys::ef_version_string()) }
}

/// The macro name of a status code, e.g. "EF_E_PARSE".
pub fn status_name(status: i32) -> &'static str {
    // SAFETY: a static string.
    unsafe { text::borrowed(sys::ef_status_name(status)) }
}

/// A one-line English description of a status code.
pub fn status_string(status: i32) -> &'static str {
    // SAFETY: a static string.
    unsafe { text::borrowed(sys::ef_status_string(status)) }
}
