//! Lint reports against the example catalogs (the Sync example's German string asks for an
//! argument that the English one does not pass; CoreLocation's English table defines a key twice).
use std::path::PathBuf;

use errorformatter::{Catalog, ErrorKind, LintReport, Severity};

fn examples(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../Examples").join(name)
}

#[test]
fn lint_paths_reports_positions_and_keys() {
    let report = LintReport::lint_paths(&[examples("Sync")], None).unwrap();
    assert_eq!(report.file_count(), 5);
    let errors: Vec<_> = report.diagnostics().filter(|finding| finding.severity == Severity::Error).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let mismatch = errors[0];
    assert_eq!(mismatch.code, "format-mismatch");
    assert_eq!(mismatch.key, Some("errors.SyncErrorDomain.3.message"));
    assert!(mismatch.file.is_some_and(|file| file.ends_with("Sync/de.lproj/Localizable.strings")), "{mismatch:?}");
    assert_eq!((mismatch.line, mismatch.column), (8, 1));
    assert!(mismatch.message.contains("argument 3"));

    let duplicate = LintReport::lint_paths(&[examples("CoreLocation")], Some("en")).unwrap();
    assert!(duplicate.diagnostics().any(|finding| finding.code == "duplicate-key" && finding.line == 10));
}

#[test]
fn lint_paths_fails_only_for_unusable_paths() {
    let missing = examples("NoSuchCatalog");
    let error = LintReport::lint_paths(&[&missing], None).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NotFound);
    assert_eq!(error.file(), missing.to_str());
    let none: [&str; 0] = [];
    assert_eq!(LintReport::lint_paths(&none, None).unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(LintReport::lint_paths(&[examples("Sync")], Some("../x")).unwrap_err().kind(), ErrorKind::InvalidLocale);
}

#[test]
fn lint_catalog_reads_a_loaded_catalog() {
    let catalog = Catalog::open(examples("Sync")).unwrap();
    let report = LintReport::lint_catalog(&catalog).unwrap();
    let mismatch = report.diagnostics().find(|finding| finding.code == "format-mismatch").unwrap();
    assert_eq!(mismatch.key, Some("errors.SyncErrorDomain.3.message"));
    assert_eq!(mismatch.line, 0); // a catalog keeps no positions
}
