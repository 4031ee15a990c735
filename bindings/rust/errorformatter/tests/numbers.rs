//! Localized numbers and pseudo-locales (library 1.3): `OpenOptions::localized_numbers` and
//! `pseudo_locales`, and an error's own choice (`ErrorInfo::set_number_style`). The digits
//! themselves are checked against Foundation by the Swift suite.
use std::path::PathBuf;

use errorformatter::{Catalog, ErrorInfo, Field, NumberStyle, OpenOptions};

const ENGLISH: &str = "\"errors.Sync.1.title\" = \"%lld files\";\n\"errors.Sync.2.title\" = \"Sync failed\";\n";
const GERMAN: &str =
    "\"errors.Sync.1.title\" = \"%lld Dateien\";\n\"errors.Sync.2.title\" = \"Synchronisierung fehlgeschlagen\";\n";

/// A catalog directory of this test's own (`en`, `de`), removed by the caller.
fn catalog_directory(name: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("errorformatter-rust-numbers-{name}-{}", std::process::id()));
    for (locale, text) in [("en", ENGLISH), ("de", GERMAN)] {
        let lproj = directory.join(format!("{locale}.lproj"));
        std::fs::create_dir_all(&lproj).expect("a scratch directory");
        std::fs::write(lproj.join("Localizable.strings"), text).expect("a table");
    }
    directory
}

fn title(catalog: &Catalog, code: i64, value: Option<i64>, style: Option<NumberStyle>, locale: &str) -> String {
    let mut error = ErrorInfo::new("Sync", code).unwrap();
    if let Some(value) = value {
        error.arg(value).unwrap();
    }
    if let Some(style) = style {
        error.set_number_style(style).unwrap();
    }
    catalog.format(&error, &[locale]).unwrap().title
}

#[test]
fn numbers_follow_the_catalog_unless_the_error_chooses() {
    let directory = catalog_directory("styles");
    let plain = OpenOptions::new().open(&directory).unwrap();
    let localized = OpenOptions::new().localized_numbers(true).open(&directory).unwrap();
    // Three rounds: the library's memos and plans answer the later ones, never across choices.
    for _ in 0..3 {
        assert_eq!(title(&plain, 1, Some(1234567), None, "de"), "1234567 Dateien");
        assert_eq!(title(&plain, 1, Some(1234567), Some(NumberStyle::Localized), "de"), "1.234.567 Dateien");
        assert_eq!(title(&plain, 1, Some(-1234567), Some(NumberStyle::CLocale), "de"), "-1234567 Dateien");
        assert_eq!(title(&localized, 1, Some(1234567), None, "de"), "1.234.567 Dateien");
        assert_eq!(title(&localized, 1, Some(1234567), Some(NumberStyle::Catalog), "en"), "1,234,567 files");
        assert_eq!(title(&localized, 1, Some(1234567), Some(NumberStyle::CLocale), "de"), "1234567 Dateien");
    }
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn pseudo_locales_only_when_asked() {
    let directory = catalog_directory("pseudo");
    let plain = OpenOptions::new().open(&directory).unwrap();
    let pseudo = OpenOptions::new().pseudo_locales(true).open(&directory).unwrap();
    let accented = pseudo.format(&ErrorInfo::new("Sync", 2).unwrap(), &["en-XA"]).unwrap();
    assert!(accented.title.starts_with('[') && accented.title.ends_with(']'), "{}", accented.title);
    assert!(accented.title.len() > "Sync failed".len());
    assert_eq!(accented.provenance(Field::Title).locale.as_deref(), Some("en-XA"));
    assert_eq!(title(&plain, 2, None, None, "en-XA"), "Sync failed");
    assert_eq!(title(&pseudo, 2, None, None, "de-AT"), "Synchronisierung fehlgeschlagen");
    assert_eq!(pseudo.localizations().count(), plain.localizations().count());
    std::fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn flags_the_library_does_not_know_are_refused() {
    let directory = catalog_directory("refused");
    let mut raw = std::ptr::null_mut();
    // SAFETY: valid pointers; the path is NUL-terminated.
    let path = std::ffi::CString::new(directory.to_str().unwrap()).unwrap();
    let status = unsafe {
        errorformatter::sys::ef_catalog_open(&mut raw, path.as_ptr(), std::ptr::null(), 64, std::ptr::null_mut())
    };
    assert_eq!(status, errorformatter::sys::EF_E_INVALID_ARGUMENT);
    assert!(raw.is_null());
    let both = OpenOptions::new().localized_numbers(true).pseudo_locales(true).open(&directory);
    assert!(both.is_ok());
    std::fs::remove_dir_all(&directory).unwrap();
}
