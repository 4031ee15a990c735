"""Formatting the example catalog: the rules, per-key locale fallback and provenance."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import errorformatter
from conftest import write_table
from errorformatter import Catalog, Provenance

DOMAIN = "kCLErrorDomain"


def key_provenance(key: str, locale: str) -> Provenance:
    return Provenance(rule=rule_of(key), key=key, locale=locale, table="Localizable")


def rule_of(key: str) -> str:
    if key == "controls.ok":
        return "button-key"
    parts = key.split(".")
    return {3: "domain-key", 4: "code-key", 2: "generic-key"}[len(parts)]


BUILTIN = Provenance("builtin", None, None, None)
EMPTY = Provenance("empty", None, None, None)


def test_english_code_key(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["en"])
    assert (shown.title, shown.message, shown.button) == (
        "Unknown Location",
        "Couldn't get a good reading. Long tunnel?",
        "OK",
    )
    assert shown.provenance["title"] == key_provenance("errors.kCLErrorDomain.0.title", "en")
    assert shown.provenance["message"] == key_provenance("errors.kCLErrorDomain.0.message", "en")
    # The seed has no controls.ok (the original shows the raw key on iOS): the built-in label.
    assert shown.provenance["button"] == BUILTIN
    assert shown.stack[0] == "en"


def test_duplicate_key_last_one_wins(catalog: Catalog) -> None:
    # The seed defines code 8's message twice, both times empty; an empty value is a value.
    shown = catalog.format(domain=DOMAIN, code=8, locales=["en"])
    assert (shown.title, shown.message) == ("No results found", "")
    assert shown.provenance["message"] == key_provenance("errors.kCLErrorDomain.8.message", "en")


def test_title_without_message(catalog: Catalog) -> None:
    # Code 9 has a title but no message (the second 8.message was meant to be it).
    shown = catalog.format(domain=DOMAIN, code=9, locales=["en"])
    assert (shown.title, shown.message) == ("No results found", "")
    assert shown.provenance["message"] == EMPTY


def test_no_locales_means_development_locale(catalog: Catalog) -> None:
    assert catalog.format(domain=DOMAIN, code=2) == catalog.format(domain=DOMAIN, code=2,
                                                                 locales=["en"])
    assert catalog.format(domain=DOMAIN, code=2, locales=[]).title == "No Internet"


def test_fr_ca_falls_back_to_fr_key_by_key(catalog: Catalog) -> None:
    located = catalog.format(domain=DOMAIN, code=0, locales=["fr-CA"])
    assert located.title == "Emplacement inconnu"
    assert located.message == "Impossible d’obtenir une bonne lecture. Un long tunnel?"
    assert located.provenance["title"].locale == "fr-CA"
    assert (located.button, located.provenance["button"]) == ("OK", BUILTIN)

    offline = catalog.format(domain=DOMAIN, code=2, locales=["fr-CA"])
    assert offline.title == "Pas d’Internet"
    assert offline.provenance["title"] == key_provenance("errors.kCLErrorDomain.2.title", "fr")
    assert offline.message == "Internet n’est pas accessible ou une erreur est survenue."
    assert offline.provenance["message"].locale == "fr-CA"
    assert offline.stack[:2] == ("fr-CA", "fr")

    unknown = catalog.format(domain=DOMAIN, code=42, locales=["fr-CA"])
    assert unknown.title == "Erreur"
    assert unknown.provenance["title"] == key_provenance("errors.title", "fr")
    assert (unknown.message, unknown.provenance["message"]) == ("", EMPTY)


def test_es_mx_goes_through_es_419_then_es(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["es-MX"])
    assert shown.stack[:2] == ("es-419", "es")
    assert shown.title == "Ubicación desconocida"
    assert shown.provenance["title"].locale == "es"
    assert shown.message == "No se pudo obtener una lectura confiable. ¿Un túnel largo?"
    assert shown.provenance["message"].locale == "es-419"

    empty = catalog.format(domain=DOMAIN, code=8, locales=["es_MX"])
    assert empty.title == "No se encontraron resultados"
    assert empty.provenance["title"].locale == "es-419"
    assert (empty.message, empty.provenance["message"].locale) == ("", "es")


def test_spain_never_sees_latin_american_wording(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["es-ES"])
    assert shown.message == "No se ha podido obtener una lectura fiable. ¿Un túnel largo?"
    assert "es-419" not in shown.stack


def test_zh_tw_is_traditional_never_simplified(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=2, locales=["zh-TW"])
    assert shown.title == "無法連上網際網路"
    assert shown.provenance["title"].locale == "zh-Hant"
    assert "zh-Hans" not in shown.stack
    assert catalog.format(domain=DOMAIN, code=2, locales=["zh-CN"]).title == "无法连接互联网"


def test_japanese_and_austrian_german(catalog: Catalog) -> None:
    assert catalog.format(domain=DOMAIN, code=8, locales=["ja"]).title == "結果が見つかりません"
    austrian = catalog.format(domain=DOMAIN, code=2, locales=["de-AT"])
    assert (austrian.title, austrian.provenance["title"].locale) == ("Kein Internet", "de")


def test_first_preference_with_a_table_wins(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["sv-SE", "ja", "fr"])
    assert shown.title == "位置情報を取得できません"


def test_malformed_locale_entries_are_skipped(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["../../etc", "fr"])
    assert shown.title == "Position inconnue"


def test_foreign_domain_gets_generic_keys(catalog: Catalog) -> None:
    shown = catalog.format(domain="NSURLErrorDomain", code=-1009, locales=["en"])
    assert (shown.title, shown.message, shown.button) == ("Error", "", "OK")
    assert shown.provenance["title"] == key_provenance("errors.title", "en")
    assert shown.provenance["message"] == EMPTY


def test_failure_reason_comes_after_the_code_key(catalog: Catalog) -> None:
    known = catalog.format(domain=DOMAIN, code=0, locales=["en"], failure_reason="Antenna")
    assert known.title == "Unknown Location"
    unknown = catalog.format(domain=DOMAIN, code=42, locales=["en"], failure_reason="Antenna")
    assert unknown.title == "Antenna"
    assert unknown.provenance["title"] == Provenance("failure-reason", None, None, None)


def test_recovery_suggestion_then_description(catalog: Catalog) -> None:
    both = catalog.format(domain=DOMAIN, code=42, locales=["en"],
                          recovery_suggestion="Go outside.", description="No fix.")
    assert both.message == "Go outside."
    assert both.provenance["message"].rule == "recovery-suggestion"
    described = catalog.format(domain=DOMAIN, code=42, locales=["en"], description="No fix.")
    assert described.message == "No fix."
    assert described.provenance["message"] == Provenance("description", None, None, None)
    keyed = catalog.format(domain=DOMAIN, code=0, locales=["en"], description="No fix.")
    assert keyed.message == "Couldn't get a good reading. Long tunnel?"


def test_builtin_defaults_and_empty_message() -> None:
    with Catalog.from_tables([("en", "Localizable.strings", b'"unrelated" = "x";')]) as empty:
        shown = empty.format(domain="NSCocoaErrorDomain", code=4, locales=["en"])
    assert (shown.title, shown.message, shown.button) == ("Error", "", "OK")
    assert shown.provenance["title"] == Provenance("builtin", None, None, None)
    assert shown.provenance["message"] == Provenance("empty", None, None, None)
    assert shown.provenance["button"] == Provenance("builtin", None, None, None)


def test_negative_codes_and_present_empty_values() -> None:
    table = '"errors.NSURLErrorDomain.-1009.title" = "Offline";\n' \
            '"errors.NSURLErrorDomain.-1009.message" = "";\n' \
            '"errors.message" = "Generic";\n'
    with Catalog.from_tables([("en", "Localizable.strings", table.encode())]) as tables:
        shown = tables.format(domain="NSURLErrorDomain", code=-1009, locales=["en"])
        assert shown.title == "Offline"
        assert shown.provenance["title"].key == "errors.NSURLErrorDomain.-1009.title"
        # A present empty value is a real value, as in Apple's tables: no fallback to "Generic".
        assert shown.message == ""
        assert shown.provenance["message"].rule == "code-key"
        extreme = tables.format(domain="NSURLErrorDomain", code=-(2**63), locales=["en"])
        assert extreme.message == "Generic"


def test_other_table() -> None:
    tables = [
        ("en", "Localizable.strings", b'"errors.title" = "From Localizable";'),
        ("en", "Alerts.strings", b'"errors.title" = "From Alerts";'),
    ]
    with Catalog.from_tables(tables) as catalog:
        assert catalog.format(domain="D", code=1).title == "From Localizable"
        alert = catalog.format(domain="D", code=1, table="Alerts")
        assert alert.title == "From Alerts"
        assert alert.provenance["title"].table == "Alerts"


def test_unlocalized_table_ends_the_stack() -> None:
    tables = [
        (None, "Localizable.strings", b'"controls.ok" = "Okay";'),
        ("fr", "Localizable.strings", b'"errors.title" = "Erreur";'),
    ]
    with Catalog.from_tables(tables) as catalog:
        shown = catalog.format(domain="D", code=1, locales=["fr"])
    assert shown.title == "Erreur"
    assert (shown.button, shown.provenance["button"].locale) == ("Okay", "")
    assert shown.stack[-1] == ""


def test_result_is_immutable(catalog: Catalog) -> None:
    shown = catalog.format(domain=DOMAIN, code=0, locales=["en"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.title = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        shown.provenance["title"] = shown.provenance["message"]  # type: ignore[index]


def test_arguments_are_checked_in_python(catalog: Catalog) -> None:
    with pytest.raises(TypeError):
        catalog.format(domain=DOMAIN, code=0, locales="fr")
    with pytest.raises(TypeError):
        catalog.format(domain=DOMAIN, code="0")  # type: ignore[arg-type]
    with pytest.raises(errorformatter.InvalidArgumentError):
        catalog.format(domain=DOMAIN, code=2**63)


def test_stack_ends_with_base_development_locale_and_unlocalized(tmp_path: Path) -> None:
    write_table(tmp_path, "zh_TW", '"errors.title" = "TW";'.encode())
    write_table(tmp_path, "Base", b'"errors.message" = "Base message";')
    write_table(tmp_path, "en", b'"errors.title" = "en title";\n"errors.message" = "en message";')
    (tmp_path / "Localizable.strings").write_bytes(b'"controls.ok" = "top OK";')
    with Catalog.open(tmp_path) as catalog:
        assert catalog.localizations == ("Base", "en", "zh_TW")
        # A directory spelled zh_TW answers a zh-Hant-TW preference (zh_TW is ICU's alias).
        shown = catalog.format(domain="D", code=1, locales=["zh-Hant-TW"])
        assert shown.stack == ("zh_TW", "Base", "en", "")
        assert (shown.title, shown.provenance["title"].locale) == ("TW", "zh_TW")
        assert (shown.message, shown.provenance["message"].locale) == ("Base message", "Base")
        assert (shown.button, shown.provenance["button"].locale) == ("top OK", "")
        # C/POSIX: untranslated, only the base tables.
        untranslated = catalog.format(domain="D", code=1, locales=["C"])
        assert untranslated.stack == ("Base", "en", "")
        assert untranslated.title == "en title"


def test_tables_in_utf16_with_bom() -> None:
    data = '"errors.title" = "Café";'.encode("utf-16")
    with Catalog.from_tables([("fr", "Localizable.strings", data)]) as catalog:
        assert catalog.format(domain="D", code=1, locales=["fr"]).title == "Café"
        assert catalog.diagnostics == ()
