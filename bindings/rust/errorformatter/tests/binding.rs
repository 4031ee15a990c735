//! The safe API against the real library and the example catalogs (Examples/CoreLocation,
//! Examples/Sync): values hand-checked in the tables, behaviours stated by errorformatter.h.
use std::path::{Path, PathBuf};

use errorformatter::{
    Catalog, CatalogBuilder, ChainKind, ErrorInfo, ErrorKind, Field, FormattedError, LocaleChain, LookupResult, Mode,
    OpenOptions, Severity,
};

fn examples(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../Examples").join(name)
}

fn core_location() -> Catalog {
    Catalog::open(examples("CoreLocation")).expect("the example catalog opens")
}

// The thread rules of the header, as Rust types.
const fn assert_send_sync<T: Send + Sync>() {}
const _: () = {
    assert_send_sync::<Catalog>();
    assert_send_sync::<CatalogBuilder>();
    assert_send_sync::<ErrorInfo>();
    assert_send_sync::<LocaleChain>();
    assert_send_sync::<FormattedError>();
    assert_send_sync::<LookupResult>();
    assert_send_sync::<errorformatter::Error>();
};

// A French table whose line 3 lacks '=' (as Tests/C/test_builder.c): line 3, column 15.
const BROKEN_TABLE: &[u8] =
    "\"errors.title\" = \"Erreur\";\n\"errors.message\" = \"Réessayez.\";\n\"controls.ok\" \"OK\";\n".as_bytes();

#[test]
fn version_matches_the_declarations() {
    assert_eq!(errorformatter::version_number() / 10000, errorformatter::sys::EF_VERSION_MAJOR);
    assert_eq!(errorformatter::version_string(), errorformatter::sys::EF_VERSION_STRING);
    assert_eq!(errorformatter::status_name(5), "EF_E_PARSE");
    assert_eq!(errorformatter::status_name(999), "EF_E_UNKNOWN");
}

#[test]
fn catalog_properties_and_views() {
    let catalog = core_location();
    assert_eq!(catalog.development_locale(), "en");
    let localizations: Vec<String> = catalog.localizations().collect();
    assert_eq!(localizations, ["de", "en", "es", "es-419", "fr", "fr-CA", "ja", "zh-Hans", "zh-Hant"]);
    assert_eq!(catalog.localizations().len(), 9);
    assert_eq!(catalog.localizations().next_back().as_deref(), Some("zh-Hant"));

    // The seed defines errors.kCLErrorDomain.8.message twice: a warning at line 10 of en.
    let duplicate = catalog
        .diagnostics()
        .find(|diagnostic| diagnostic.code == "duplicate-key" && diagnostic.severity == Severity::Warning)
        .expect("the duplicated key is reported");
    assert_eq!(duplicate.file, Some("en.lproj/Localizable.strings"));
    assert_eq!((duplicate.line, duplicate.column), (10, 1));
}

#[test]
fn open_failures_carry_their_status() {
    let missing = Catalog::open(examples("NoSuchCatalog")).unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::NotFound);
    assert_eq!(missing.status_name(), "EF_E_NOT_FOUND");
    assert!(!missing.message().is_empty());

    let bad_locale = Catalog::open_with(examples("CoreLocation"), Some("../../etc"), Mode::Lenient).unwrap_err();
    assert_eq!(bad_locale.kind(), ErrorKind::InvalidLocale);

    // A NUL inside a string would cut it short for the C API: refused instead.
    let nul = Catalog::open("Examples\0/CoreLocation").unwrap_err();
    assert_eq!(nul.kind(), ErrorKind::InvalidArgument);
    assert!(nul.message().contains("NUL"));
}

#[test]
fn format_reads_keys_down_the_stack() {
    let catalog = core_location();
    let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", 0).unwrap(), &["fr-CA"]).unwrap();
    assert_eq!(shown.title, "Emplacement inconnu");
    assert_eq!(shown.message, "Impossible d’obtenir une bonne lecture. Un long tunnel?");
    let title = shown.provenance(Field::Title);
    assert_eq!(title.rule, "code-key");
    assert_eq!(title.key.as_deref(), Some("errors.kCLErrorDomain.0.title"));
    assert_eq!(title.locale.as_deref(), Some("fr-CA"));
    assert_eq!(title.table.as_deref(), Some("Localizable"));
    // Like the original table, no localization has controls.ok: the built-in button.
    assert_eq!(shown.provenance(Field::Button).rule, "builtin");
    assert_eq!(shown.provenance(Field::Button).locale, None);
    assert_eq!(shown.stack, ["fr-CA", "fr", "en"]);
    assert_eq!(shown.text(Field::Message), shown.message);

    // Owned Strings as locales work as well as &str; none means the development locale.
    let preferences = vec![String::from("pt-BR"), String::from("es-MX")];
    let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", 8).unwrap(), &preferences).unwrap();
    assert_eq!(shown.title, "No se encontraron resultados");
    assert_eq!(shown.provenance(Field::Title).locale.as_deref(), Some("es-419"));
    let none: [&str; 0] = [];
    assert_eq!(catalog.format(&ErrorInfo::new("kCLErrorDomain", 2).unwrap(), &none).unwrap().title, "No Internet");
}

#[test]
fn the_errors_own_texts_and_their_validation() {
    let catalog = core_location();
    let mut info = ErrorInfo::new("NSURLErrorDomain", -1001).unwrap();
    info.set_failure_reason(Some("Timed Out")).unwrap().set_description(Some("The request timed out.")).unwrap();
    let shown = catalog.format(&info, &["ja"]).unwrap();
    assert_eq!((shown.title.as_str(), shown.provenance(Field::Title).rule.as_str()), ("Timed Out", "failure-reason"));
    assert_eq!(shown.provenance(Field::Title).key, None);
    assert_eq!(
        (shown.message.as_str(), shown.provenance(Field::Message).rule.as_str()),
        ("The request timed out.", "description")
    );
    info.set_failure_reason(None).unwrap();
    assert_eq!(catalog.format(&info, &["en"]).unwrap().title, "Error");

    assert_eq!(info.set_table(Some("a/b")).unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(catalog.format(&info, &["en\0"]).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn arguments_are_typed_as_the_c_api_types_them() {
    let catalog = Catalog::open(examples("Sync")).unwrap();
    let mut files = ErrorInfo::new("SyncErrorDomain", 2).unwrap();
    files.arg(3).unwrap();
    assert_eq!(files.argument_count(), 1);
    assert_eq!(catalog.format(&files, &["en"]).unwrap().message, "3 files could not be synced.");
    files.clear_arguments().unwrap().arg(1u8).unwrap();
    assert_eq!(catalog.format(&files, &["fr"]).unwrap().message, "1 fichier n’a pas pu être synchronisé.");

    // A string where %d is expected: the plural is rejected, and why is recorded.
    files.clear_arguments().unwrap().arg("three").unwrap();
    let shown = catalog.format(&files, &["en"]).unwrap();
    assert_eq!(shown.message, "Please try again later.");
    let rejections = &shown.provenance(Field::Message).rejections;
    assert_eq!(rejections.len(), 1);
    assert_eq!(rejections[0].code, "wrong-argument-type", "{rejections:?}");
    assert!(rejections[0].to_string().ends_with("[wrong-argument-type]"), "{rejections:?}");

    let mut space = ErrorInfo::new("SyncErrorDomain", 3).unwrap();
    space.arg(12.5).unwrap().arg(&String::from("Backup")).unwrap();
    assert_eq!(catalog.format(&space, &["fr"]).unwrap().message, "Il faut 12.5 Mo de plus sur « Backup ».");
    // German asks for a third argument: skipped, English shown.
    let shown = catalog.format(&space, &["de"]).unwrap();
    assert_eq!(shown.message, "12.5 MB more are needed on “Backup”.");
    assert_eq!(shown.provenance(Field::Message).rejections.len(), 1);

    assert_eq!(space.arg("a\0b").unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(space.argument_count(), 2);
    let mut upload = ErrorInfo::new("SyncErrorDomain", 1).unwrap();
    upload.arg(u64::MAX).unwrap();
    assert_eq!(catalog.format(&upload, &["en"]).unwrap().title, "Cannot Upload “18446744073709551615”");
}

#[test]
fn lookup_answers_not_found_with_none() {
    let catalog = core_location();
    let found = catalog.lookup("errors.kCLErrorDomain.0.title", &["fr-CA"], None, None).unwrap();
    assert_eq!(found.value.as_deref(), Some("Emplacement inconnu"));
    assert_eq!((found.locale.as_deref(), found.table.as_str()), (Some("fr-CA"), "Localizable"));
    let missing = catalog.lookup("no.such.key", &["en"], None, None).unwrap();
    assert_eq!((missing.value, missing.locale), (None, None));
    assert_eq!(catalog.lookup("errors.title", &["en"], Some("NoSuchTable"), None).unwrap().table, "NoSuchTable");

    let sync = Catalog::open(examples("Sync")).unwrap();
    let mut arguments = ErrorInfo::new("", 0).unwrap();
    arguments.arg("notes.txt").unwrap();
    let found = sync.lookup("errors.SyncErrorDomain.1.message", &["fr"], None, Some(&arguments)).unwrap();
    assert_eq!(found.value.as_deref(), Some("« notes.txt » est ouvert dans une autre app."));
    let unsatisfied = sync.lookup("errors.SyncErrorDomain.1.message", &["fr"], None, None).unwrap();
    assert_eq!(unsatisfied.value, None);
    assert_eq!(unsatisfied.rejections.len(), 2); // fr and en both need the argument
}

#[test]
fn builders_lenient_and_strict() {
    let mut builder = CatalogBuilder::new(Mode::Lenient).unwrap();
    let mut table = b"\"errors.title\" = \"Erreur\";\n\"controls.ok\" = \"D\xe2\x80\x99accord\";\n".to_vec();
    builder.add_table(Some("fr"), "Localizable.strings", &table).unwrap();
    table.fill(b'x'); // the library copied the bytes
    builder.add_table(Some("de"), "Localizable.strings", BROKEN_TABLE).unwrap(); // left out, recorded
    let catalog = builder.finish(Some("fr")).unwrap();
    assert_eq!(catalog.development_locale(), "fr");
    assert_eq!(catalog.format(&ErrorInfo::new("D", 1).unwrap(), &["de"]).unwrap().title, "Erreur");
    assert!(catalog.diagnostics().any(|diagnostic| diagnostic.severity == Severity::Error));

    let mut strict = CatalogBuilder::new(Mode::Strict).unwrap();
    let broken = strict.add_table(Some("fr"), "Localizable.strings", BROKEN_TABLE).unwrap_err();
    assert_eq!(broken.kind(), ErrorKind::Parse);
    assert_eq!((broken.line(), broken.column()), (3, 15));
    assert!(broken.to_string().contains(broken.message()));
    assert_eq!(
        strict.add_table(Some("../../etc"), "Localizable.strings", b"").unwrap_err().kind(),
        ErrorKind::InvalidLocale
    );
    assert_eq!(strict.add_table(Some("fr"), "Localizable.txt", b"").unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn locales_chains_and_preferences() {
    assert_eq!(errorformatter::normalize_locale("zh-Hant-TW").unwrap().id, "zh_Hant_TW");
    let posix = errorformatter::normalize_locale("POSIX").unwrap();
    assert_eq!((posix.id.as_str(), posix.untranslated), ("", true));
    assert_eq!(errorformatter::normalize_locale("../x").unwrap_err().kind(), ErrorKind::InvalidLocale);

    let chain = LocaleChain::new("es-MX").unwrap();
    assert_eq!(chain.normalized(), "es_MX");
    assert!(!chain.untranslated());
    let entries: Vec<(&str, ChainKind)> = (&chain).into_iter().map(|entry| (entry.id, entry.kind)).collect();
    assert_eq!(entries, [("es_MX", ChainKind::Bundle), ("es_419", ChainKind::Bundle), ("es", ChainKind::Bundle)]);
    let taiwan = LocaleChain::new("zh-TW").unwrap();
    assert_eq!(taiwan.len(), 3);
    assert_eq!(taiwan.entries().next().map(|entry| entry.kind), Some(ChainKind::Alias));
    assert!(LocaleChain::new("C").unwrap().untranslated());
    assert!(LocaleChain::new("C").unwrap().is_empty());
    assert_eq!(LocaleChain::new("\u{0}").unwrap_err().kind(), ErrorKind::InvalidArgument);

    assert_eq!(
        errorformatter::preferences_from_accept_language("en;q=0.5, zh-TW, *, de;q=0, ja;q=0.9").unwrap(),
        ["zh-TW", "ja", "en"]
    );
    assert!(errorformatter::preferences_from_accept_language("").unwrap().is_empty());
}

#[test]
fn one_catalog_serves_many_threads() {
    let catalog = core_location();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let info = ErrorInfo::new("kCLErrorDomain", 0).unwrap();
                    (0..200)
                        .filter(|_| {
                            catalog.format(&info, &["ja"]).unwrap().title != "位置情報を取得できません"
                                || catalog.format(&info, &["de-AT"]).unwrap().title != "Unbekannter Standort"
                        })
                        .count()
                })
            })
            .collect();
        let mismatches: usize = workers.into_iter().map(|worker| worker.join().unwrap()).sum();
        assert_eq!(mismatches, 0);
    });
}

/// The title, message and button of a few codes and locales, to compare two catalogs.
fn shown_texts(catalog: &Catalog) -> Vec<(String, String, String)> {
    let mut texts = Vec::new();
    for code in [0, 1, 8, 9] {
        for locale in ["en", "fr-CA", "es-MX", "zh-TW", "ja"] {
            let shown = catalog.format(&ErrorInfo::new("kCLErrorDomain", code).unwrap(), &[locale]).unwrap();
            texts.push((shown.title, shown.message, shown.button));
        }
    }
    texts
}

/// A scratch directory of this test's own, removed by the test.
fn scratch_directory(name: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("errorformatter-rust-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a scratch directory");
    directory
}

#[test]
fn a_compiled_catalog_gives_its_directorys_results() {
    let directory = core_location();
    let scratch = scratch_directory("compiled");
    let file = scratch.join("CoreLocation.efc");
    directory.compile(&file).expect("the example compiles");

    let compiled = Catalog::open(&file).expect("the compiled file opens");
    assert_eq!(compiled.development_locale(), "en");
    assert_eq!(compiled.localizations().collect::<Vec<_>>(), directory.localizations().collect::<Vec<_>>());
    let shown = compiled.format(&ErrorInfo::new("kCLErrorDomain", 0).unwrap(), &["fr-CA"]).unwrap();
    assert_eq!(shown.title, "Emplacement inconnu");
    assert_eq!(shown_texts(&compiled), shown_texts(&directory));
    let strict = OpenOptions::new().mode(Mode::Strict).open(&file).expect("strict open of the compiled file");
    assert_eq!(shown_texts(&strict), shown_texts(&directory));

    // A file that is not a catalog at all is refused.
    std::fs::write(scratch.join("not-a-catalog"), b"hello").unwrap();
    assert_eq!(Catalog::open(scratch.join("not-a-catalog")).unwrap_err().kind(), ErrorKind::Io);
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn compile_errors() {
    let catalog = core_location();
    let scratch = scratch_directory("compile-errors");
    let missing = catalog.compile(scratch.join("missing").join("CoreLocation.efc")).unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::Io);
    assert!(!missing.message().is_empty());
    assert_eq!(catalog.compile("").unwrap_err().kind(), ErrorKind::InvalidArgument);
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Whether `path` is one of this process's mappings: a line of /proc/self/maps ends in its real
/// path. None where there is no /proc/self/maps (not Linux).
fn is_mapped(path: &Path) -> Option<bool> {
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    let real = std::fs::canonicalize(path).expect("the file exists");
    let suffix = format!(" {}", real.display());
    Some(maps.lines().any(|line| line.ends_with(&suffix)))
}

/// Everything two catalogs should agree on: localizations, development locale, diagnostics
/// (as text) and the shown texts.
fn catalog_summary(catalog: &Catalog) -> (Vec<String>, String, Vec<String>, Vec<(String, String, String)>) {
    let diagnostics = catalog.diagnostics().map(|diagnostic| format!("{diagnostic:?}")).collect();
    (catalog.localizations().collect(), catalog.development_locale().to_owned(), diagnostics, shown_texts(catalog))
}

#[test]
fn a_mapped_compiled_file_gives_the_same_results_and_is_mapped_until_dropped() {
    if is_mapped(Path::new(env!("CARGO_MANIFEST_DIR"))).is_none() {
        eprintln!("skipped: /proc/self/maps (Linux procfs) is not available");
        return;
    }
    let directory = core_location();
    let scratch = scratch_directory("mapped");
    let file = scratch.join("CoreLocation.efc");
    directory.compile(&file).expect("the example compiles");
    let lenient = OpenOptions::new();
    let mut strict = OpenOptions::new();
    strict.mode(Mode::Strict);
    let mut on_demand = OpenOptions::new();
    on_demand.on_demand(true);
    for options in [lenient, strict, on_demand] {
        let read = options.open(&file).expect("the compiled file opens");
        assert_eq!(is_mapped(&file), Some(false), "{options:?} without mapped reads the file");
        let mapped = options.clone().mapped(true).open(&file).expect("the compiled file opens mapped");
        assert_eq!(catalog_summary(&mapped), catalog_summary(&read), "{options:?}");
        assert_eq!(
            mapped.lookup("errors.title", &["fr"], None, None).unwrap(),
            read.lookup("errors.title", &["fr"], None, None).unwrap()
        );
        // The sections read so far (lenient: when first needed) are mapped.
        assert_eq!(is_mapped(&file), Some(true), "{options:?}");
        drop(mapped);
        assert_eq!(is_mapped(&file), Some(false), "{options:?}: dropping the catalog unmaps the file");
    }
    // A broken file is refused mapped as it is read.
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    assert_eq!(OpenOptions::new().mapped(true).open(&file).unwrap_err().kind(), ErrorKind::Parse);
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn mapped_changes_nothing_for_a_directory() {
    let directory = core_location();
    let mapped = OpenOptions::new().mapped(true).open(examples("CoreLocation")).expect("the directory opens");
    assert_eq!(catalog_summary(&mapped), catalog_summary(&directory));
    let table = examples("CoreLocation").join("fr.lproj").join("Localizable.strings");
    assert_ne!(is_mapped(&table), Some(true));
}

#[test]
fn on_demand_gives_the_whole_loads_results() {
    let directory = core_location();
    let lazy = OpenOptions::new().on_demand(true).open(examples("CoreLocation")).expect("opens on demand");
    let shown = lazy.format(&ErrorInfo::new("kCLErrorDomain", 0).unwrap(), &["de-AT"]).unwrap();
    assert_eq!(shown.title, "Unbekannter Standort");
    assert_eq!(shown_texts(&lazy), shown_texts(&directory));
    assert_eq!(lazy.localizations().len(), directory.localizations().len());
    let french = OpenOptions::new().development_locale("fr").on_demand(true).open(examples("CoreLocation")).unwrap();
    assert_eq!(french.development_locale(), "fr");
    let missing = OpenOptions::new().on_demand(true).open(examples("NoSuchCatalog")).unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::NotFound);
}

#[test]
fn on_demand_reads_a_localization_when_first_needed() {
    // A table rewritten after the open is read as it is then; a whole load keeps what it read.
    let scratch = scratch_directory("on-demand");
    std::fs::create_dir_all(scratch.join("fr.lproj")).unwrap();
    let table = scratch.join("fr.lproj").join("Localizable.strings");
    std::fs::write(&table, "\"errors.title\" = \"Avant\";").unwrap();
    let whole = Catalog::open(&scratch).unwrap();
    let deferred = OpenOptions::new().on_demand(true).open(&scratch).unwrap();
    std::fs::write(&table, "\"errors.title\" = \"Après\";").unwrap();
    let info = ErrorInfo::new("Any", 1).unwrap();
    assert_eq!(whole.format(&info, &["fr"]).unwrap().title, "Avant");
    assert_eq!(deferred.format(&info, &["fr"]).unwrap().title, "Après");
    std::fs::remove_dir_all(&scratch).unwrap();
}
