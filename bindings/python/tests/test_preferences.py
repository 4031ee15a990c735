"""preferences_from_environment() and preferences_from_accept_language(): where programs get
the user's locales, fed straight into Catalog.format."""

from __future__ import annotations


import pytest

from errorformatter import (
    Catalog,
    InvalidUTF8Error,
    preferences_from_accept_language,
    preferences_from_environment,
)

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture
def clean_locale_environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_language_list_replaces_the_locale(clean_locale_environment: pytest.MonkeyPatch) -> None:
    clean_locale_environment.setenv("LANG", "de_AT.UTF-8")
    assert preferences_from_environment() == ["de_AT.UTF-8"]
    clean_locale_environment.setenv("LANGUAGE", "fr_CA:fr")
    assert preferences_from_environment() == ["fr_CA", "fr"]


def test_lc_all_wins_and_c_ignores_language(clean_locale_environment: pytest.MonkeyPatch) -> None:
    clean_locale_environment.setenv("LANG", "de_DE.UTF-8")
    clean_locale_environment.setenv("LC_ALL", "C")
    clean_locale_environment.setenv("LANGUAGE", "fr")
    assert preferences_from_environment() == ["C"]


def test_no_variables_give_an_empty_list(clean_locale_environment: pytest.MonkeyPatch) -> None:
    assert preferences_from_environment() == []


def test_accept_language_orders_by_quality() -> None:
    header = "en;q=0.5, fr-CA, *;q=0.9, de;q=0, fr;q=0.8, garbage;q=x"
    assert preferences_from_accept_language(header) == ["fr-CA", "fr", "en"]


def test_accept_language_rejects_lone_surrogates() -> None:
    with pytest.raises(InvalidUTF8Error):
        preferences_from_accept_language("fr\udcff")


def test_environment_preferences_drive_formatting(catalog: Catalog,
                                                  clean_locale_environment: pytest.MonkeyPatch) -> None:
    clean_locale_environment.setenv("LANG", "es_MX.UTF-8")
    shown = catalog.format(domain="kCLErrorDomain", code=1, locales=preferences_from_environment())
    assert shown.stack == ("es-419", "es", "en")
