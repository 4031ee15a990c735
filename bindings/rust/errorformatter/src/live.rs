//! `LiveCatalog`: a catalog that follows its directory or compiled file and serves its newest
//! good version (`ef_live_catalog_*`, library 1.3).
use std::path::Path;
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::catalog::{Catalog, Mode};
use crate::error::{check, Error, Result};
use crate::text::{c_path, c_string_optional, pointer};

/// A catalog that serves the newest good version of its path, never a broken one, while any
/// number of threads format with it.
///
/// A change is taken once the files have been left alone for the debounce interval, opened as
/// `Catalog::open_with` opens it (strict mode refuses a broken table), and refused if it holds
/// no entry or, with `lint_clean`, if lint finds an error; a refused version is never served
/// and [`LiveCatalog::last_error`] says why. A library thread looks at the path every check
/// interval (sooner when inotify reports a change); with an interval of 0 there is none, and
/// [`LiveCatalog::reload`] takes changes.
///
/// [`LiveCatalog::current`] is the version served now, a [`Catalog`] of its own that stays valid
/// (and unchanged) after newer versions replace it: take it per request.
///
/// ```
/// use errorformatter::{ErrorInfo, LiveCatalog, LiveOptions};
/// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
/// let live = LiveCatalog::open(format!("{examples}/CoreLocation"), LiveOptions::new().check_interval_ms(0))?;
/// let shown = live.current().format(&ErrorInfo::new("kCLErrorDomain", 0)?, &["fr-CA"])?;
/// assert_eq!(shown.title, "Emplacement inconnu");
/// assert_eq!(live.generation(), 1);
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct LiveCatalog {
    raw: NonNull<sys::ef_live_catalog>,
    /// Whether each version's `Catalog` fails on a rejection (`LiveOptions::fail_on_rejection`).
    fails_on_rejection: bool,
}

// SAFETY: every function on a live catalog but ef_live_catalog_free may be called concurrently
// from any thread (header, ef_live_catalog); freeing needs ownership.
unsafe impl Send for LiveCatalog {}
// SAFETY: as for Send, above.
unsafe impl Sync for LiveCatalog {}

/// The options of [`LiveCatalog::open`]: those of an open (development locale, mode, mapped,
/// localized numbers, pseudo-locales, failing on rejections), whether a version must be
/// lint-clean, the check interval and the debounce interval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveOptions {
    development_locale: Option<String>,
    mode: Mode,
    mapped: bool,
    localized_numbers: bool,
    pseudo_locales: bool,
    fail_on_rejection: bool,
    lint_clean: bool,
    check_interval_ms: u32,
    debounce_ms: Option<u32>,
}

impl Default for LiveOptions {
    fn default() -> LiveOptions {
        LiveOptions::new()
    }
}

impl LiveOptions {
    /// Lenient, development locale "en" (a compiled file's own), a compiled file read, no lint,
    /// a check every second, a debounce equal to the check interval.
    pub fn new() -> LiveOptions {
        LiveOptions {
            development_locale: None,
            mode: Mode::Lenient,
            mapped: false,
            localized_numbers: false,
            pseudo_locales: false,
            fail_on_rejection: false,
            lint_clean: false,
            check_interval_ms: 1000,
            debounce_ms: None,
        }
    }

    /// The development localization of every version.
    pub fn development_locale(&mut self, locale: &str) -> &mut LiveOptions {
        self.development_locale = Some(locale.to_owned());
        self
    }

    /// Lenient (the default) or strict: strict refuses a version with a broken table.
    pub fn mode(&mut self, mode: Mode) -> &mut LiveOptions {
        self.mode = mode;
        self
    }

    /// Map a compiled file (`OpenOptions::mapped`, with the same promise about the file).
    pub fn mapped(&mut self, mapped: bool) -> &mut LiveOptions {
        self.mapped = mapped;
        self
    }

    /// Localized numbers in every version (`OpenOptions::localized_numbers`).
    pub fn localized_numbers(&mut self, localized_numbers: bool) -> &mut LiveOptions {
        self.localized_numbers = localized_numbers;
        self
    }

    /// The pseudo-locales served by every version (`OpenOptions::pseudo_locales`).
    pub fn pseudo_locales(&mut self, pseudo_locales: bool) -> &mut LiveOptions {
        self.pseudo_locales = pseudo_locales;
        self
    }

    /// Every version's `format` and `lookup` fail on a rejection (`OpenOptions::fail_on_rejection`).
    pub fn fail_on_rejection(&mut self, fail: bool) -> &mut LiveOptions {
        self.fail_on_rejection = fail;
        self
    }

    /// Refuse a version in which lint finds an error (`EF_LIVE_CATALOG_LINT_CLEAN`).
    pub fn lint_clean(&mut self, lint_clean: bool) -> &mut LiveOptions {
        self.lint_clean = lint_clean;
        self
    }

    /// How often the library's thread looks at the path; 0: no thread, only `reload`.
    pub fn check_interval_ms(&mut self, milliseconds: u32) -> &mut LiveOptions {
        self.check_interval_ms = milliseconds;
        self
    }

    /// How long the files must be left alone before a change is opened (below 20 counts as 20).
    pub fn debounce_ms(&mut self, milliseconds: u32) -> &mut LiveOptions {
        self.debounce_ms = Some(milliseconds);
        self
    }

    fn flags(&self) -> u32 {
        let mapped = if self.mapped { sys::EF_CATALOG_MAPPED } else { 0 };
        let numbers = if self.localized_numbers { sys::EF_CATALOG_LOCALIZED_NUMBERS } else { 0 };
        let pseudo = if self.pseudo_locales { sys::EF_CATALOG_PSEUDO_LOCALES } else { 0 };
        let lint = if self.lint_clean { sys::EF_LIVE_CATALOG_LINT_CLEAN } else { 0 };
        self.mode.flags() | mapped | numbers | pseudo | lint
    }
}

impl LiveCatalog {
    /// Opens a live catalog on a catalog directory or compiled file and starts following it
    /// (`ef_live_catalog_open`). The path's version now must be good.
    ///
    /// # Errors
    /// Why the version now is not good, as `Catalog::open_with` fails (`Parse` also for an empty
    /// catalog or a lint error); `Io` also when the thread cannot be started.
    pub fn open(path: impl AsRef<Path>, options: &LiveOptions) -> Result<LiveCatalog> {
        let path = c_path(path.as_ref())?;
        let development = c_string_optional(options.development_locale.as_deref(), "the development locale")?;
        let mut raw = std::ptr::null_mut();
        let flags = options.flags();
        let interval = options.check_interval_ms;
        // SAFETY: a valid out pointer and strings that outlive the call.
        unsafe {
            check(|err| match options.debounce_ms {
                None => sys::ef_live_catalog_open(&mut raw, path.as_ptr(), pointer(&development), flags, interval, err),
                Some(debounce) => sys::ef_live_catalog_open_with_debounce(
                    &mut raw,
                    path.as_ptr(),
                    pointer(&development),
                    flags,
                    interval,
                    debounce,
                    err,
                ),
            })?
        };
        NonNull::new(raw)
            .map(|raw| LiveCatalog { raw, fails_on_rejection: options.fail_on_rejection })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "the library returned no live catalog"))
    }

    /// The newest good version, a catalog of its own (`ef_live_catalog_current`): never waits.
    pub fn current(&self) -> Catalog {
        // SAFETY: a valid live catalog; the reference returned is ours to free (Catalog's drop).
        let raw = unsafe { sys::ef_live_catalog_current(self.raw.as_ptr()) };
        match Catalog::from_raw(raw) {
            Ok(catalog) => catalog.failing_on_rejection(self.fails_on_rejection),
            // The header promises a catalog for a live catalog; nothing else can be served.
            Err(error) => panic!("ef_live_catalog_current returned NULL: {error}"),
        }
    }

    /// Looks at the path now and serves what is there if it is a good version, without waiting
    /// for it to be quiet (`ef_live_catalog_reload`).
    ///
    /// # Errors
    /// Why what is there was refused (`NotFound` for a path deleted, `Parse`, `Io`,
    /// `InvalidLocale`); the version served stays.
    pub fn reload(&self) -> Result<()> {
        // SAFETY: a valid live catalog; reload is safe concurrently with every other call.
        unsafe { check(|err| sys::ef_live_catalog_reload(self.raw.as_ptr(), err)) }
    }

    /// How many versions were served: 1 for the first, one more for each taken since.
    pub fn generation(&self) -> u64 {
        // SAFETY: a valid live catalog.
        unsafe { sys::ef_live_catalog_generation(self.raw.as_ptr()) }
    }

    /// Why the newest state of the path is not the version served; None when it is.
    pub fn last_error(&self) -> Option<Error> {
        let mut details = std::ptr::null_mut();
        // SAFETY: a valid live catalog and out pointer.
        let status = unsafe { sys::ef_live_catalog_last_error(self.raw.as_ptr(), &mut details) };
        if status == sys::EF_OK {
            // SAFETY: NULL or details of ours; freeing NULL is a no-op.
            unsafe { sys::ef_error_details_free(details) };
            None
        } else {
            // SAFETY: details the call returned, freed by from_details.
            Some(unsafe { Error::from_details(status, details) })
        }
    }
}

impl Drop for LiveCatalog {
    fn drop(&mut self) {
        // SAFETY: owned, freed once; catalogs taken from it stay valid.
        unsafe { sys::ef_live_catalog_free(self.raw.as_ptr()) }
    }
}
