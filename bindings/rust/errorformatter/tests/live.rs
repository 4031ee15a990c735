//! LiveCatalog against the real library: changes taken by reload and by the library's thread,
//! refusals reported and never served, versions that outlive their live catalog, and readers
//! on four threads while the catalog is replaced.
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use errorformatter::{ErrorInfo, ErrorKind, Field, LiveCatalog, LiveOptions, Mode};

/// How long a test waits for what it expects (a hang guard, not a measurement).
const PATIENCE: Duration = Duration::from_secs(30);

fn scratch_directory(name: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("errorformatter-rust-live-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a scratch directory");
    directory
}

/// Writes `text` beside `path` and renames it over `path`.
fn replace(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("the table's directory");
    let temporary = path.with_extension("new");
    std::fs::write(&temporary, text).expect("the new table");
    std::fs::rename(&temporary, path).expect("the rename");
}

fn version_text(version: u32) -> String {
    format!("\"errors.Live.1.title\" = \"Version {version}\";\n")
}

fn served(catalog: &errorformatter::Catalog) -> String {
    catalog.format(&ErrorInfo::new("Live", 1).expect("an error"), &["en"]).expect("a format").title
}

fn eventually(mut condition: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

#[test]
fn reloads_take_changes_and_report_refusals() {
    let scratch = scratch_directory("reload");
    let catalog = scratch.join("catalog");
    let table = catalog.join("en.lproj/Localizable.strings");
    replace(&table, &version_text(1));
    let live = LiveCatalog::open(&catalog, LiveOptions::new().mode(Mode::Strict).check_interval_ms(0)).unwrap();
    assert_eq!((live.generation(), live.last_error().is_none()), (1, true));
    let first = live.current();

    replace(&table, &version_text(2));
    live.reload().unwrap();
    assert_eq!((live.generation(), served(&live.current())), (2, "Version 2".to_string()));
    assert_eq!(served(&first), "Version 1", "a version taken stays as it was");

    replace(&table, &(version_text(3) + "\"b\" = \"never closed\n"));
    let refused = live.reload().unwrap_err();
    assert_eq!(
        (refused.kind(), refused.file(), refused.line()),
        (ErrorKind::Parse, Some("en.lproj/Localizable.strings"), 2)
    );
    assert_eq!(live.last_error().map(|error| error.kind()), Some(ErrorKind::Parse));
    assert_eq!((live.generation(), served(&live.current())), (2, "Version 2".to_string()));

    std::fs::rename(&catalog, scratch.join("gone")).unwrap();
    assert_eq!(live.reload().unwrap_err().kind(), ErrorKind::NotFound);
    assert_eq!(live.last_error().map(|error| error.kind()), Some(ErrorKind::NotFound));
    assert_eq!(served(&live.current()), "Version 2");

    std::fs::rename(scratch.join("gone"), &catalog).unwrap();
    replace(&table, &version_text(4));
    live.reload().unwrap();
    assert_eq!((live.generation(), served(&live.current())), (3, "Version 4".to_string()));
    assert!(live.last_error().is_none());

    let kept = live.current();
    drop(live);
    assert_eq!(served(&kept), "Version 4", "a version outlives its live catalog");
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// The open's options reach every version, the first and those reloaded after it.
#[test]
fn open_options_reach_every_version() {
    let catalog = scratch_directory("options");
    replace(&catalog.join("en.lproj/Localizable.strings"), "\"errors.Live.1.title\" = \"%lld files\";\n");
    let german = catalog.join("de.lproj/Localizable.strings");
    replace(&german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n");
    let live = LiveCatalog::open(
        &catalog,
        LiveOptions::new().localized_numbers(true).pseudo_locales(true).fail_on_rejection(true).check_interval_ms(0),
    )
    .unwrap();
    let mut count = ErrorInfo::new("Live", 1).unwrap();
    count.arg(1234567i64).unwrap();
    for generation in 1..=2 {
        assert_eq!(live.generation(), generation);
        let version = live.current();
        assert_eq!(version.format(&count, &["de"]).unwrap().title, "1.234.567 Dateien");
        let pseudo = version.format(&count, &["en-XA"]).unwrap();
        assert!(pseudo.title.starts_with('['), "{}", pseudo.title);
        assert_eq!(pseudo.provenance(Field::Title).locale.as_deref(), Some("en-XA"));
        let refused = version.format(&ErrorInfo::new("Live", 1).unwrap(), &["en"]).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::Rejected);
        replace(&german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n\"other\" = \"x\";\n");
        if generation == 1 {
            live.reload().unwrap();
        }
    }
    std::fs::remove_dir_all(&catalog).unwrap();
}

#[test]
fn opens_refuse_what_is_not_good() {
    let scratch = scratch_directory("refused");
    replace(&scratch.join("en.lproj/Localizable.strings"), "\"a\" = \"File %@\";\n");
    replace(&scratch.join("fr.lproj/Localizable.strings"), "\"a\" = \"Fichier %d\";\n");
    let lint = LiveCatalog::open(&scratch, LiveOptions::new().lint_clean(true).check_interval_ms(0)).unwrap_err();
    assert_eq!(lint.kind(), ErrorKind::Parse);
    assert!(LiveCatalog::open(&scratch, LiveOptions::new().check_interval_ms(0)).is_ok());
    let missing = LiveCatalog::open(scratch.join("missing"), &LiveOptions::new()).unwrap_err();
    assert_eq!(missing.kind(), ErrorKind::NotFound);
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn four_threads_read_while_the_thread_takes_versions() {
    let scratch = scratch_directory("threads");
    let catalog = scratch.join("catalog");
    let table = catalog.join("en.lproj/Localizable.strings");
    replace(&table, &version_text(1));
    let live = LiveCatalog::open(&catalog, LiveOptions::new().mode(Mode::Strict).check_interval_ms(5).debounce_ms(20))
        .unwrap();
    let stop = AtomicBool::new(false);
    let versions = 40;
    std::thread::scope(|scope| {
        let readers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let mut newest = 1;
                    let mut failures = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        let title = served(&live.current());
                        let number = title.strip_prefix("Version ").and_then(|n| n.parse::<u32>().ok());
                        match number {
                            // Only good versions, never one older than a version seen before.
                            Some(number) if number >= newest && number <= versions => newest = number,
                            _ => failures.push(format!("{title} after Version {newest}")),
                        }
                    }
                    failures
                })
            })
            .collect();
        for version in 2..=versions {
            if version % 5 == 0 {
                // A broken version: refused, the one before stays served.
                replace(&table, "\"errors.Live.1.title\" = \"Version 999\";\n\"b\" = \"");
                assert!(eventually(|| live.last_error().map(|error| error.kind()) == Some(ErrorKind::Parse)));
            }
            replace(&table, &version_text(version));
            let expected = format!("Version {version}");
            assert!(eventually(|| served(&live.current()) == expected), "version {version} never served");
        }
        stop.store(true, Ordering::Relaxed);
        for reader in readers {
            let failures = reader.join().unwrap();
            assert!(failures.is_empty(), "{:?}", &failures[..failures.len().min(5)]);
        }
    });
    std::fs::remove_dir_all(&scratch).unwrap();
}
