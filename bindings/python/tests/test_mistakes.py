"""The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
"Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number where
a text takes a string and a string where it takes a number, an integer for ``%.1f``, and a call
after close."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import errorformatter
from errorformatter import (
    Catalog,
    InvalidArgumentError,
    LiveCatalog,
    NotFoundError,
    RejectionError,
    RejectionWarning,
)

from conftest import PROJECT_ROOT

SYNC = PROJECT_ROOT / "Examples" / "Sync"
REJECTED_SIZE = ("errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a floating-point "
                 "argument but argument 1 is a string [wrong-argument-type]")


def test_a_wrong_path_names_it_once(tmp_path: Path) -> None:
    missing = tmp_path / "Examples" / "CoreLocaton"
    with pytest.raises(NotFoundError) as raised:
        Catalog.open(missing)
    assert raised.value.status_name == "EF_E_NOT_FOUND"
    assert raised.value.message == "no such catalog directory"
    assert raised.value.file == str(missing)
    assert str(raised.value) == f"{missing}: no such catalog directory"
    assert isinstance(raised.value, FileNotFoundError)


def test_a_posix_locale_with_a_codeset_is_the_locale_it_names() -> None:
    with Catalog.open(PROJECT_ROOT / "Examples" / "CoreLocation") as catalog:
        shown = catalog.format("kCLErrorDomain", 0, locales=["fr_FR.UTF-8"])
        assert (shown.title, shown.provenance["title"].locale) == ("Position inconnue", "fr")
        # One string where a list is expected would be a list of characters: refused.
        with pytest.raises(TypeError, match="not a single string"):
            catalog.format("kCLErrorDomain", 0, locales="fr_FR.UTF-8")  # type: ignore[arg-type]


def test_an_integer_fills_a_floating_point_text_and_a_text_placeholder() -> None:
    with Catalog.open(SYNC) as catalog, warnings.catch_warnings():
        warnings.simplefilter("error")
        assert catalog.format("SyncErrorDomain", 3, locales=["en"], arguments=[12, "Backup"]).message \
            == "12.0 MB more are needed on “Backup”."
        assert catalog.format("SyncErrorDomain", 3, locales=["en"], arguments=[12.0, "Backup"]).message \
            == "12.0 MB more are needed on “Backup”."
        assert catalog.format("SyncErrorDomain", 1, locales=["en"], arguments=[42]).message \
            == "“42” is open in another app."
        # A float holding an integer counts files; one that does not is refused, never rounded.
        assert catalog.format("SyncErrorDomain", 2, locales=["en"], arguments=[3.0]).message == "3 files could not be synced."


def test_a_string_where_a_number_is_expected_warns_by_default() -> None:
    with Catalog.open(SYNC) as catalog:
        with pytest.warns(RejectionWarning) as caught:
            shown = catalog.format("SyncErrorDomain", 3, locales=["en"], arguments=["12", "Backup"])
        assert shown.message == "Please try again later."
        assert [str(warning.message) for warning in caught] == [REJECTED_SIZE]
        warning = caught[0]
        assert warning.filename == __file__  # the caller's line, not the binding's
        assert isinstance(warning.message, RejectionWarning)
        assert warning.message.rejection == shown.rejections[0]
        with pytest.warns(RejectionWarning, match="wrong-argument-type"):
            catalog.lookup("errors.SyncErrorDomain.3.message", locales=["en"], arguments=["12", "Backup"])


def test_a_rejection_raises_or_stays_quiet_when_asked() -> None:
    with Catalog.open(SYNC, rejections="raise") as catalog:
        with pytest.raises(RejectionError) as raised:
            catalog.format("SyncErrorDomain", 3, locales=["en"], arguments=["12", "Backup"])
        assert (raised.value.status_name, str(raised.value)) == ("EF_E_REJECTED", REJECTED_SIZE)
        assert isinstance(raised.value, TypeError)
        # Every call reports, also one the memo could answer (an argument-free error whose
        # message asks for arguments).
        for _ in range(3):
            with pytest.raises(RejectionError, match="missing-argument"):
                catalog.format("SyncErrorDomain", 3, locales=["en"])
    with Catalog.open(SYNC, rejections="ignore") as catalog, warnings.catch_warnings():
        warnings.simplefilter("error")
        shown = catalog.format("SyncErrorDomain", 3, locales=["en"], arguments=["12", "Backup"])
        assert [rejection.code for rejection in shown.rejections] == ["wrong-argument-type"]
    with pytest.raises(ValueError, match="'warn', 'raise' or 'ignore'"):
        Catalog.open(SYNC, rejections="loud")  # type: ignore[arg-type]


def test_a_call_after_close_is_an_invalid_argument() -> None:
    catalog = Catalog.open(SYNC)
    catalog.close()
    for call in (lambda: catalog.format("SyncErrorDomain", 1),
                 lambda: catalog.lookup("errors.title"),
                 lambda: catalog.localizations):
        with pytest.raises(InvalidArgumentError) as raised:
            call()
        assert (raised.value.status_name, raised.value.message) == ("EF_E_INVALID_ARGUMENT", "the catalog is closed")
        assert isinstance(raised.value, ValueError)
    assert errorformatter.status_name(9) == "EF_E_REJECTED"


def test_a_call_after_close_of_a_live_catalog_is_the_catalogs_failure() -> None:
    live = LiveCatalog.open(SYNC, check_interval_ms=0)
    live.close()
    for call in (lambda: live.format("SyncErrorDomain", 1),
                 lambda: live.lookup("errors.title"),
                 live.current,
                 live.reload,
                 lambda: live.generation,
                 lambda: live.last_error):
        with pytest.raises(InvalidArgumentError) as raised:
            call()
        assert (raised.value.status_name, raised.value.message) == ("EF_E_INVALID_ARGUMENT", "the catalog is closed")
        assert isinstance(raised.value, ValueError)
    live.close()
