//! `OpenOptions`: how `Catalog` opens a directory or compiled file, in the manner of
//! `std::fs::OpenOptions`.
use std::path::Path;

use errorformatter_sys as sys;

use crate::catalog::{Catalog, Mode};
use crate::error::Result;

/// The options of an open: the development locale, the mode, and whether each localization
/// is read when first needed. `Catalog::open_with` is the same open without `on_demand`.
///
/// ```
/// use errorformatter::{Catalog, ErrorInfo, OpenOptions};
/// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
/// let catalog = OpenOptions::new().on_demand(true).open(format!("{examples}/CoreLocation"))?;
/// let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", 0)?, &["de-AT"])?;
/// assert_eq!(shown.title, "Unbekannter Standort");
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpenOptions {
    development_locale: Option<String>,
    mode: Mode,
    on_demand: bool,
}

impl OpenOptions {
    /// Lenient, development locale "en" (a compiled file's own), everything read at open.
    pub fn new() -> OpenOptions {
        OpenOptions::default()
    }

    /// The development localization, searched after `Base`.
    pub fn development_locale(&mut self, locale: &str) -> &mut OpenOptions {
        self.development_locale = Some(locale.to_owned());
        self
    }

    /// Lenient (the default) or strict.
    pub fn mode(&mut self, mode: Mode) -> &mut OpenOptions {
        self.mode = mode;
        self
    }

    /// Read each localization's files the first time a lookup needs it rather than at open
    /// (`EF_CATALOG_ON_DEMAND`, library 1.2): the same results, an open that costs only what
    /// is used. The directory stays open until everything is read. Ignored in strict mode.
    pub fn on_demand(&mut self, on_demand: bool) -> &mut OpenOptions {
        self.on_demand = on_demand;
        self
    }

    pub(crate) fn flags(&self) -> u32 {
        self.mode.flags() | if self.on_demand { sys::EF_CATALOG_ON_DEMAND } else { 0 }
    }

    /// Opens a catalog directory, or a compiled catalog file, with these options.
    ///
    /// # Errors
    /// As `Catalog::open_with`.
    pub fn open(&self, path: impl AsRef<Path>) -> Result<Catalog> {
        Catalog::open_flags(path.as_ref(), self.development_locale.as_deref(), self.flags())
    }
}
