//! `OpenOptions`: how `Catalog` opens a directory or compiled file, in the manner of
//! `std::fs::OpenOptions`.
use std::path::Path;

use errorformatter_sys as sys;

use crate::catalog::{Catalog, Mode};
use crate::error::Result;

/// The options of an open: the development locale, the mode, whether each localization is
/// read when first needed, whether a compiled file is mapped, and whether numbers are localized
/// and pseudo-locales served. `Catalog::open_with` is the
/// same open without `on_demand` and `mapped`.
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
    mapped: bool,
    localized_numbers: bool,
    pseudo_locales: bool,
    fail_on_rejection: bool,
}

impl OpenOptions {
    /// Lenient, development locale "en" (a compiled file's own), everything read at open, a
    /// compiled file read rather than mapped.
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

    /// Map a compiled catalog file read-only instead of reading it (`EF_CATALOG_MAPPED`,
    /// library 1.3): the same results, and every process that opens the file this way shares
    /// its pages, so use it when many processes open the same compiled file (pre-forked
    /// workers, for one). The caller promises that nobody truncates or rewrites the file in
    /// place while the catalog is open: a page cut off the file kills the process with
    /// `SIGBUS`. Replacing it by rename (what `Catalog::compile` and `errfmt compile` do) is
    /// safe: the catalog keeps the file it mapped. Ignored for a directory. A library older
    /// than 1.3 refuses it (`ErrorKind::InvalidArgument`).
    pub fn mapped(&mut self, mapped: bool) -> &mut OpenOptions {
        self.mapped = mapped;
        self
    }

    /// Write the numbers of formats (`%lld`, `%.1f`, plural operands) as Foundation's
    /// `String(format:locale:)` does for the locale of the text that shows them (`1 234 567`
    /// in French; `EF_CATALOG_LOCALIZED_NUMBERS`, library 1.3). Off, they are written as C's
    /// `printf` writes them in the C locale. An error may choose for itself
    /// (`ErrorInfo::set_number_style`). A library older than 1.3 refuses it
    /// (`ErrorKind::InvalidArgument`).
    pub fn localized_numbers(&mut self, localized_numbers: bool) -> &mut OpenOptions {
        self.localized_numbers = localized_numbers;
        self
    }

    /// Serve the pseudo-locales `en-XA`, `ar-XB` and `qps-ploc`, made from the development
    /// texts, to preferences that name them (`EF_CATALOG_PSEUDO_LOCALES`, library 1.3). They
    /// are never reached by fallback and not listed in `Catalog::localizations`. A library
    /// older than 1.3 refuses it (`ErrorKind::InvalidArgument`).
    pub fn pseudo_locales(&mut self, pseudo_locales: bool) -> &mut OpenOptions {
        self.pseudo_locales = pseudo_locales;
        self
    }

    /// Makes `Catalog::format` and `Catalog::lookup` fail when their result records a
    /// rejection (a string the arguments cannot satisfy, such as a `%d` given a string, which
    /// the library skips for the next one): an `Error` of `ErrorKind::Rejected` whose message
    /// is the first rejection's description. Without it a rejection is only recorded in the
    /// result (`Provenance::rejections`), as a Rust library prints nothing of its own. For
    /// development and tests, where a wrong argument type is a bug to see at once.
    pub fn fail_on_rejection(&mut self, fail: bool) -> &mut OpenOptions {
        self.fail_on_rejection = fail;
        self
    }

    pub(crate) fn flags(&self) -> u32 {
        let on_demand = if self.on_demand { sys::EF_CATALOG_ON_DEMAND } else { 0 };
        let mapped = if self.mapped { sys::EF_CATALOG_MAPPED } else { 0 };
        let numbers = if self.localized_numbers { sys::EF_CATALOG_LOCALIZED_NUMBERS } else { 0 };
        let pseudo = if self.pseudo_locales { sys::EF_CATALOG_PSEUDO_LOCALES } else { 0 };
        self.mode.flags() | on_demand | mapped | numbers | pseudo
    }

    /// Opens a catalog directory, or a compiled catalog file, with these options.
    ///
    /// # Errors
    /// As `Catalog::open_with`.
    pub fn open(&self, path: impl AsRef<Path>) -> Result<Catalog> {
        Catalog::open_flags(path.as_ref(), self.development_locale.as_deref(), self.flags())
            .map(|catalog| catalog.failing_on_rejection(self.fail_on_rejection))
    }
}
