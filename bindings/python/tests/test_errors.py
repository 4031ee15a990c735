"""Failures become exceptions carrying the status, its name, the message and the file position."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import errorformatter
from conftest import BROKEN_COLUMN, BROKEN_LINE, BROKEN_TABLE, EXAMPLE_CATALOG, write_table
from errorformatter import (
    Catalog,
    CatalogIOError,
    ErrorFormatterError,
    InvalidArgumentError,
    InvalidLocaleError,
    InvalidUTF8Error,
    NotFoundError,
    ParseError,
)


def test_missing_path(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-catalog"
    with pytest.raises(NotFoundError) as caught:
        Catalog.open(missing)
    error = caught.value
    assert isinstance(error, FileNotFoundError)
    assert isinstance(error, ErrorFormatterError)
    assert (error.status, error.status_name) == (3, "EF_E_NOT_FOUND")
    assert error.message
    assert error.file == str(missing)
    assert error.filename == str(missing)
    assert str(error).startswith(str(missing))


def test_file_instead_of_directory(tmp_path: Path) -> None:
    a_file = tmp_path / "Localizable.strings"
    a_file.write_text('"a" = "b";')
    with pytest.raises(CatalogIOError) as caught:
        Catalog.open(a_file)
    assert isinstance(caught.value, OSError)
    assert not isinstance(caught.value, FileNotFoundError)
    assert (caught.value.status, caught.value.status_name) == (4, "EF_E_IO")
    assert caught.value.message


def test_strict_open_of_a_broken_table(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"errors.title" = "Problem";')
    write_table(tmp_path, "fr", BROKEN_TABLE)
    with pytest.raises(ParseError) as caught:
        Catalog.open(tmp_path, strict=True)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.status, error.status_name) == (5, "EF_E_PARSE")
    assert error.file is not None and error.file.endswith("fr.lproj/Localizable.strings")
    assert (error.line, error.column) == (BROKEN_LINE, BROKEN_COLUMN)
    assert str(error) == f"{error.file}:{BROKEN_LINE}:{BROKEN_COLUMN}: {error.message}"


def test_strict_builder_rejects_a_broken_table() -> None:
    with pytest.raises(ParseError) as caught:
        Catalog.from_tables([("fr", "Localizable.strings", BROKEN_TABLE)], strict=True)
    assert (caught.value.line, caught.value.column) == (BROKEN_LINE, BROKEN_COLUMN)


def test_lenient_builder_records_a_broken_table() -> None:
    tables = [("fr", "Localizable.strings", BROKEN_TABLE),
              ("en", "Localizable.strings", b'"errors.title" = "Problem";')]
    with Catalog.from_tables(tables) as catalog:
        assert [d.line for d in catalog.diagnostics if d.severity == 0] == [BROKEN_LINE]
        assert catalog.format(domain="D", code=1, locales=["fr"]).title == "Problem"


PATH_LIKE_LOCALES = ["../../etc", "..", "../fr", "./fr", "fr/../../etc", "x" * 300, "fr\u00e9"]


@pytest.mark.parametrize("locale", PATH_LIKE_LOCALES)
def test_malformed_locales_are_rejected(locale: str) -> None:
    with pytest.raises(InvalidLocaleError) as caught:
        errorformatter.normalize_locale(locale)
    assert caught.value.status_name == "EF_E_INVALID_LOCALE"
    with pytest.raises(InvalidLocaleError):
        errorformatter.locale_chain(locale)


@pytest.mark.parametrize("locale", PATH_LIKE_LOCALES)
def test_malformed_locales_never_name_a_localization(locale: str) -> None:
    with pytest.raises(InvalidLocaleError):
        Catalog.open(EXAMPLE_CATALOG, development_locale=locale)
    with pytest.raises(InvalidLocaleError):
        Catalog.from_tables([(locale, "Localizable.strings", b'"a" = "b";')])


def test_builder_argument_errors() -> None:
    with pytest.raises(InvalidArgumentError):
        Catalog.from_tables([("en", "Localizable.txt", b'"a" = "b";')])
    with pytest.raises(InvalidUTF8Error):
        Catalog.from_tables([("en", "Localizable\udcff.strings", b"")])


def test_table_name_with_a_slash(catalog: Catalog) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        catalog.format(domain="kCLErrorDomain", code=0, table="../Localizable")
    assert caught.value.status == 1


@pytest.mark.parametrize("field", ["domain", "description", "failure_reason",
                                   "recovery_suggestion", "table"])
def test_lone_surrogates_in_format(catalog: Catalog, field: str) -> None:
    arguments = {"domain": "kCLErrorDomain", "code": 0, field: "bad \ud800 text"}
    with pytest.raises(InvalidUTF8Error) as caught:
        catalog.format(**arguments)  # type: ignore[arg-type]
    assert caught.value.status_name == "EF_E_INVALID_UTF8"


def test_lone_surrogates_elsewhere(catalog: Catalog) -> None:
    with pytest.raises(InvalidUTF8Error):
        catalog.format(domain="kCLErrorDomain", code=0, locales=["fr", "\udcff"])
    with pytest.raises(InvalidUTF8Error):
        Catalog.open("\udcff")
    with pytest.raises(InvalidUTF8Error):
        errorformatter.normalize_locale("fr\ud800")
    with pytest.raises(InvalidUTF8Error):
        errorformatter.locale_chain("\ud800")


def test_invalid_utf8_bytes_path_is_reported_by_the_library() -> None:
    with pytest.raises(InvalidUTF8Error) as caught:
        Catalog.open(b"/nonexistent-\xff")
    assert caught.value.message


def test_every_status_maps_to_its_class() -> None:
    expected = {
        1: InvalidArgumentError, 2: InvalidUTF8Error, 3: NotFoundError, 4: CatalogIOError,
        5: ParseError, 6: InvalidLocaleError, 7: errorformatter.InternalError,
    }
    from errorformatter._errors import make_error

    for status, cls in expected.items():
        error = make_error(status, "message")
        assert type(error) is cls
        assert error.status_name.startswith("EF_E_")
    unknown = make_error(99, "message")
    assert type(unknown) is ErrorFormatterError
    assert unknown.status_name == "EF_E_UNKNOWN"
    assert errorformatter.status_name(0) == "EF_OK"


def test_exceptions_pickle(tmp_path: Path) -> None:
    with pytest.raises(NotFoundError) as caught:
        Catalog.open(tmp_path / "missing")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is NotFoundError
    assert (copy.status, copy.message, copy.file) == (3, caught.value.message, caught.value.file)


def test_failure_without_details_uses_the_status_text() -> None:
    from errorformatter import _ffi
    from errorformatter._errors import error_from_details

    error = error_from_details(_ffi.EF_E_INTERNAL, _ffi.ErrorDetailsP())
    assert type(error) is errorformatter.InternalError
    assert error.message == _ffi.lib.ef_status_string(_ffi.EF_E_INTERNAL).decode()
    assert (error.file, error.line, error.column) == (None, 0, 0)
