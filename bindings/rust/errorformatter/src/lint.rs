//! `LintReport`: the findings of `errfmt lint`, from table files, catalog directories or a
//! loaded catalog.
use std::path::Path;
use std::ptr::NonNull;

use errorformatter_sys as sys;

use crate::catalog::{Catalog, Severity};
use crate::entries::Entries;
use crate::error::{check, Error, Result};
use crate::text::{borrowed, borrowed_optional, c_path, c_string_optional, pointer};

/// One finding, borrowed from its report: a catalog diagnostic plus the key it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LintDiagnostic<'a> {
    pub severity: Severity,
    /// Stable kebab-case code, e.g. "format-mismatch" (docs/lint.md lists them).
    pub code: &'a str,
    pub message: &'a str,
    /// The file, as the paths given name it; None if none.
    pub file: Option<&'a str>,
    /// The table key the finding is about; None if none.
    pub key: Option<&'a str>,
    /// 1-based line and column (Unicode scalar values), 0 if unknown.
    pub line: u32,
    pub column: u32,
}

/// The findings of a lint run, ordered by file, line and column. Immutable: `Send` and `Sync`.
///
/// ```
/// use errorformatter::{LintReport, Severity};
/// # let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples");
/// let report = LintReport::lint_paths(&[format!("{examples}/Sync")], None)?;
/// let error = report.diagnostics().find(|finding| finding.severity == Severity::Error).unwrap();
/// assert_eq!((error.code, error.key), ("format-mismatch", Some("errors.SyncErrorDomain.3.message")));
/// # Ok::<(), errorformatter::Error>(())
/// ```
#[derive(Debug)]
pub struct LintReport {
    raw: NonNull<sys::ef_lint_report>,
}

// SAFETY: immutable, no thread affinity; only const-handle functions reach it through &self.
unsafe impl Send for LintReport {}
// SAFETY: as for Send, above.
unsafe impl Sync for LintReport {}

unsafe fn read_finding<'a>(report: *const (), index: usize) -> LintDiagnostic<'a> {
    let report = report.cast::<sys::ef_lint_report>();
    // SAFETY: `Entries::new`'s contract; the strings are borrowed from the report for 'a.
    unsafe {
        LintDiagnostic {
            severity: match sys::ef_lint_diagnostic_severity(report, index) {
                sys::EF_SEVERITY_WARNING => Severity::Warning,
                sys::EF_SEVERITY_NOTE => Severity::Note,
                _ => Severity::Error,
            },
            code: borrowed(sys::ef_lint_diagnostic_code(report, index)),
            message: borrowed(sys::ef_lint_diagnostic_message(report, index)),
            file: borrowed_optional(sys::ef_lint_diagnostic_file(report, index)),
            key: borrowed_optional(sys::ef_lint_diagnostic_key(report, index)),
            line: u32::try_from(sys::ef_lint_diagnostic_line(report, index)).unwrap_or(0),
            column: u32::try_from(sys::ef_lint_diagnostic_column(report, index)).unwrap_or(0),
        }
    }
}

impl LintReport {
    /// Lints table files and catalog directories, as `errfmt lint PATH...` does (each directory
    /// as one catalog; the files named directly together). `development_locale` None: `Base`,
    /// else `en`. Findings, errors included, are in the report: only unusable paths fail.
    ///
    /// # Errors
    /// `NotFound` (`file()` names the path), `Io`, `InvalidArgument` (no paths, a file that is
    /// not a table), `InvalidLocale`, `InvalidUtf8`.
    pub fn lint_paths<P: AsRef<Path>>(paths: &[P], development_locale: Option<&str>) -> Result<LintReport> {
        let paths = paths.iter().map(|path| c_path(path.as_ref())).collect::<Result<Vec<_>>>()?;
        let pointers: Vec<*const std::ffi::c_char> = paths.iter().map(|path| path.as_ptr()).collect();
        let development = c_string_optional(development_locale, "the development locale")?;
        let array = if pointers.is_empty() { std::ptr::null() } else { pointers.as_ptr() };
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer, array and strings, which outlive the call.
        unsafe { check(|err| sys::ef_lint_paths(&mut raw, array, pointers.len(), pointer(&development), err))? };
        LintReport::from_raw(raw)
    }

    /// Lints a catalog already opened or built (`ef_lint_catalog`): its loading diagnostics, then
    /// every check against its development locale; entries have no positions (line 0).
    pub fn lint_catalog(catalog: &Catalog) -> Result<LintReport> {
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid out pointer and catalog.
        unsafe { check(|err| sys::ef_lint_catalog(&mut raw, catalog.as_ptr(), err))? };
        LintReport::from_raw(raw)
    }

    fn from_raw(raw: *mut sys::ef_lint_report) -> Result<LintReport> {
        NonNull::new(raw)
            .map(|raw| LintReport { raw })
            .ok_or_else(|| Error::new(sys::EF_E_INTERNAL, "the library returned no lint report"))
    }

    /// The number of table files read.
    pub fn file_count(&self) -> usize {
        // SAFETY: valid handle.
        unsafe { sys::ef_lint_file_count(self.raw.as_ptr()) }
    }

    /// The findings, ordered by file (as read), line and column.
    pub fn diagnostics(&self) -> Entries<'_, LintDiagnostic<'_>> {
        let raw = self.raw.as_ptr();
        // SAFETY: the report lives as long as the borrow of `self`; the count is its own.
        unsafe { Entries::new(raw.cast(), sys::ef_lint_diagnostic_count(raw), read_finding) }
    }
}

impl Drop for LintReport {
    fn drop(&mut self) {
        // SAFETY: owned by this value; borrows of it have ended.
        unsafe { sys::ef_lint_report_free(self.raw.as_ptr()) }
    }
}
