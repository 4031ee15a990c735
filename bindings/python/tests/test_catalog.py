"""Opening catalogs, in-memory tables, diagnostics and the handle's lifetime."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from conftest import BROKEN_LINE, BROKEN_TABLE, EXAMPLE_CATALOG, write_table
from errorformatter import Catalog, Severity

EXAMPLE_LOCALIZATIONS = ("de", "en", "es", "es-419", "fr", "fr-CA", "ja", "zh-Hans", "zh-Hant")


def test_localizations_and_development_locale(catalog: Catalog) -> None:
    assert catalog.localizations == EXAMPLE_LOCALIZATIONS
    assert catalog.development_locale == "en"


def test_seed_duplicate_key_is_a_diagnostic(catalog: Catalog) -> None:
    lines = Path(EXAMPLE_CATALOG, "en.lproj", "Localizable.strings").read_text().splitlines()
    first, second = [number for number, text in enumerate(lines, start=1)
                     if text.startswith('"errors.kCLErrorDomain.8.message"')]
    duplicates = [d for d in catalog.diagnostics if d.code == "duplicate-key"]
    # One warning at the definition that wins (the later one); notes may point at the earlier.
    warnings = [d for d in duplicates if d.severity == Severity.WARNING]
    assert len(warnings) == 1
    (warning,) = warnings
    assert (warning.file, warning.line, warning.column) == ("en.lproj/Localizable.strings", second, 1)
    assert "errors.kCLErrorDomain.8.message" in warning.message
    for note in duplicates:
        assert note is warning or (note.severity == Severity.NOTE and note.line == first)


def test_translations_are_clean(catalog: Catalog) -> None:
    assert [d for d in catalog.diagnostics if d.file != "en.lproj/Localizable.strings"] == []


def test_development_locale_is_a_parameter() -> None:
    with Catalog.open(EXAMPLE_CATALOG, development_locale="fr") as french_first:
        assert french_first.development_locale == "fr"
        shown = french_first.format(domain="kCLErrorDomain", code=0, locales=["sv"])
        assert shown.title == "Position inconnue"


def test_path_like_and_bytes_paths() -> None:
    with Catalog.open(Path(EXAMPLE_CATALOG)) as from_path, \
            Catalog.open(bytes(EXAMPLE_CATALOG)) as from_bytes:
        assert from_path.localizations == from_bytes.localizations == EXAMPLE_LOCALIZATIONS


def test_lenient_open_leaves_a_broken_table_out(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"errors.title" = "Problem";')
    write_table(tmp_path, "de", b'"errors.title" = "Problem (de)";')
    write_table(tmp_path, "fr", BROKEN_TABLE)
    with Catalog.open(tmp_path) as lenient:
        errors = [d for d in lenient.diagnostics if d.severity == Severity.ERROR]
        assert len(errors) == 1
        assert errors[0].file == "fr.lproj/Localizable.strings"
        assert errors[0].line == BROKEN_LINE
        # The broken French table contributes nothing; English and German keep working.
        assert lenient.format(domain="D", code=1, locales=["fr"]).title == "Problem"
        assert lenient.format(domain="D", code=1, locales=["de"]).title == "Problem (de)"


def test_directories_that_are_not_locales_are_skipped(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"errors.title" = "Problem";')
    write_table(tmp_path, "not a locale!", b'"errors.title" = "Nope";')
    with Catalog.open(tmp_path) as catalog:
        assert catalog.localizations == ("en",)
        skipped = [d for d in catalog.diagnostics if d.severity == Severity.WARNING]
        assert len(skipped) == 1


def test_from_tables_matches_open() -> None:
    tables = [
        (path.parent.name.removesuffix(".lproj"), path.name, path.read_bytes())
        for path in sorted(EXAMPLE_CATALOG.glob("*.lproj/*.strings"))
    ]
    with Catalog.from_tables(tables) as in_memory, Catalog.open(EXAMPLE_CATALOG) as on_disk:
        assert in_memory.localizations == on_disk.localizations
        for locales in (["fr-CA"], ["es-MX"], ["zh-TW"], ["ja"], ["de-AT"], ["en"]):
            for code in (0, 1, 8, 42):
                assert in_memory.format(domain="kCLErrorDomain", code=code, locales=locales) \
                    == on_disk.format(domain="kCLErrorDomain", code=code, locales=locales)


def test_from_tables_accepts_any_bytes_like_and_a_generator() -> None:
    tables = ((locale, "Localizable.strings", bytearray(b'"controls.ok" = "Vale";'))
              for locale in ["es"])
    with Catalog.from_tables(tables) as catalog:
        assert catalog.format(domain="D", code=1, locales=["es"]).button == "Vale"


def test_context_manager_and_use_after_close() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        assert not catalog.closed
    assert catalog.closed
    assert "closed" in repr(catalog)
    with pytest.raises(ValueError, match="closed"):
        catalog.format(domain="kCLErrorDomain", code=0)
    with pytest.raises(ValueError):
        catalog.localizations
    with pytest.raises(ValueError):
        catalog.diagnostics
    with pytest.raises(ValueError):
        with catalog:
            pass
    catalog.close()  # closing twice is a no-op


def test_garbage_collection_frees_the_handle() -> None:
    catalog = Catalog.open(EXAMPLE_CATALOG)
    finalizer = catalog._finalizer
    reference = weakref.ref(catalog)
    del catalog
    gc.collect()
    assert reference() is None
    assert not finalizer.alive


def test_on_demand_catalog_answers_as_a_whole_one(catalog: Catalog) -> None:
    with Catalog.open(EXAMPLE_CATALOG, on_demand=True) as on_demand:
        for locales in (["fr-CA"], ["de"], ["ja"], ["es-MX"], ["zh-TW"], ["C"]):
            for code in (0, 1, 2, 8, 9):
                expected = catalog.format("kCLErrorDomain", code, locales)
                actual = on_demand.format("kCLErrorDomain", code, locales)
                assert (actual.title, actual.message, actual.button, actual.stack) == (
                    expected.title, expected.message, expected.button, expected.stack)
        assert on_demand.localizations == EXAMPLE_LOCALIZATIONS
        assert on_demand.diagnostics == catalog.diagnostics


def test_on_demand_reads_only_what_a_lookup_needs(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"greeting" = "Hello";')
    write_table(tmp_path, "fr", b'"greeting" = "Bonjour";')
    write_table(tmp_path, "de", b'"greeting" = "Hallo";')
    with Catalog.open(tmp_path, on_demand=True) as on_demand:
        # de is never needed before it goes; the listings read it then, and say it is gone.
        (tmp_path / "de.lproj" / "Localizable.strings").unlink()
        assert on_demand.lookup("greeting", ["fr"]).value == "Bonjour"
        assert [d.code for d in on_demand.diagnostics] == ["vanished-file"]
        assert on_demand.localizations == ("en", "fr")
