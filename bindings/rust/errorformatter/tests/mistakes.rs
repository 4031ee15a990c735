//! The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
//! "Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number
//! where a text takes a string and a string where it takes a number, an integer for `%.1f`.
//! A call after close cannot be written: a dropped catalog cannot be named.
use errorformatter::{Catalog, ErrorInfo, ErrorKind, Field, OpenOptions, Rule};

const REJECTED_SIZE: &str = "errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a floating-point \
                             argument but argument 1 is a string [wrong-argument-type]";

fn examples() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Examples").to_owned()
}

#[test]
fn a_wrong_path_names_it_once() {
    let missing = format!("{}/CoreLocaton", examples());
    let error = Catalog::open(&missing).unwrap_err();
    assert_eq!((error.kind(), error.status_name()), (ErrorKind::NotFound, "EF_E_NOT_FOUND"));
    assert_eq!((error.message(), error.file()), ("no such catalog directory", Some(missing.as_str())));
    assert_eq!(error.to_string(), format!("{missing}: no such catalog directory"));
}

#[test]
fn a_posix_locale_with_a_codeset_is_the_locale_it_names() {
    let catalog = Catalog::open(format!("{}/CoreLocation", examples())).unwrap();
    let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", 0).unwrap(), &["fr_FR.UTF-8"]).unwrap();
    assert_eq!(shown.title, "Position inconnue");
    let origin = shown.provenance(Field::Title);
    assert_eq!((&origin.rule, origin.locale.as_deref()), (&Rule::CodeKey, Some("fr")));
}

#[test]
fn an_integer_fills_a_floating_point_text_and_a_text_placeholder() {
    let catalog = Catalog::open(format!("{}/Sync", examples())).unwrap();
    let mut size = ErrorInfo::new("SyncErrorDomain", 3).unwrap();
    size.arg(12).unwrap().arg("Backup").unwrap();
    let shown = catalog.format(&size, &["en"]).unwrap();
    assert_eq!(shown.message, "12.0 MB more are needed on “Backup”.");
    assert_eq!(shown.rejections().count(), 0);
    let mut file = ErrorInfo::new("SyncErrorDomain", 1).unwrap();
    file.arg(42).unwrap();
    assert_eq!(catalog.format(&file, &["en"]).unwrap().message, "“42” is open in another app.");
    let mut files = ErrorInfo::new("SyncErrorDomain", 2).unwrap();
    files.arg(3.0).unwrap();
    assert_eq!(catalog.format(&files, &["en"]).unwrap().message, "3 files could not be synced.");
}

#[test]
fn a_string_where_a_number_is_expected_is_a_typed_rejection_and_an_error_when_asked() {
    let mut wrong = ErrorInfo::new("SyncErrorDomain", 3).unwrap();
    wrong.arg("12").unwrap().arg("Backup").unwrap();
    let catalog = Catalog::open(format!("{}/Sync", examples())).unwrap();
    let shown = catalog.format(&wrong, &["en"]).unwrap();
    assert_eq!(shown.message, "Please try again later.");
    let message = shown.provenance(Field::Message);
    assert_eq!(message.rule, Rule::GenericKey);
    let rejection = &message.rejections[0];
    assert_eq!(
        (rejection.key.as_str(), rejection.locale.as_str(), rejection.table.as_str(), rejection.code.as_str()),
        ("errors.SyncErrorDomain.3.message", "en", "Localizable", "wrong-argument-type")
    );
    assert_eq!(rejection.to_string(), REJECTED_SIZE);
    let found = catalog.lookup("errors.SyncErrorDomain.3.message", &["en"], None, Some(&wrong)).unwrap();
    assert_eq!(found.rejections.first(), Some(rejection));

    let strict = OpenOptions::new().fail_on_rejection(true).open(format!("{}/Sync", examples())).unwrap();
    let error = strict.format(&wrong, &["en"]).unwrap_err();
    assert_eq!(
        (error.kind(), error.status_name(), error.message()),
        (ErrorKind::Rejected, "EF_E_REJECTED", REJECTED_SIZE)
    );
    let error = strict.lookup("errors.SyncErrorDomain.3.message", &["en"], None, Some(&wrong)).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Rejected);
    let mut right = ErrorInfo::new("SyncErrorDomain", 3).unwrap();
    right.arg(12.5).unwrap().arg("Backup").unwrap();
    assert_eq!(strict.format(&right, &["en"]).unwrap().message, "12.5 MB more are needed on “Backup”.");
}
