"""Localized numbers and pseudo-locales through the Python binding (library 1.3): the catalog's
``localized_numbers`` and ``pseudo_locales``, and a call's ``localized_numbers``. The digits
themselves are checked against Foundation by the Swift suite."""

from __future__ import annotations

import pytest

from errorformatter import Catalog, InvalidArgumentError
from errorformatter import _packed

from conftest import EXAMPLE_CATALOG

ENGLISH = b'"errors.Sync.1.title" = "%lld files";\n"errors.Sync.2.title" = "Sync failed";\n'
GERMAN = (
    '"errors.Sync.1.title" = "%lld Dateien";\n'
    '"errors.Sync.2.title" = "Synchronisierung fehlgeschlagen";\n'
).encode()
TABLES = [("en", "Localizable.strings", ENGLISH), ("de", "Localizable.strings", GERMAN)]


def test_numbers_follow_the_catalog_unless_the_call_chooses() -> None:
    with Catalog.from_tables(TABLES) as plain, Catalog.from_tables(TABLES, localized_numbers=True) as localized:
        # Three rounds: the library's memos and plans answer the later ones, never across choices.
        for _ in range(3):
            assert plain.format("Sync", 1, ["de"], arguments=[1234567]).title == "1234567 Dateien"
            assert plain.format("Sync", 1, ["de"], arguments=[1234567],
                                localized_numbers=True).title == "1.234.567 Dateien"
            assert plain.format("Sync", 1, ["de"], arguments=[-1234567],
                                localized_numbers=False).title == "-1234567 Dateien"
            assert localized.format("Sync", 1, ["de"], arguments=[1234567]).title == "1.234.567 Dateien"
            assert localized.format("Sync", 1, ["en"], arguments=[1234567]).title == "1,234,567 files"
            assert localized.format("Sync", 1, ["de"], arguments=[1234567],
                                    localized_numbers=False).title == "1234567 Dateien"
            # Arguments in neither a list nor a tuple take the value-by-value request.
            assert plain.format("Sync", 1, ["de"], arguments=range(1234567, 1234568),
                                localized_numbers=True).title == "1.234.567 Dateien"
            assert localized.format("Sync", 1, ["de"], arguments=range(1234567, 1234568),
                                    localized_numbers=False).title == "1234567 Dateien"
    with Catalog.open(str(EXAMPLE_CATALOG), localized_numbers=True, pseudo_locales=True) as opened:
        assert opened.localizations  # ef_catalog_open takes both flags


def test_a_call_without_arguments_is_remembered_per_choice() -> None:
    with Catalog.from_tables(TABLES) as catalog:
        for choice in (None, True, False, None, True, False):
            assert catalog.format("Sync", 2, ["de"], localized_numbers=choice).title \
                == "Synchronisierung fehlgeschlagen"
        keys = {key[5] for key in catalog._memo.entries}
        assert keys == {None, True, False}


def test_the_request_carries_the_choice() -> None:
    assert _packed.pack_request("Sync", 1, None, None, None, "T", [], True) == b"Sync\x001\x00TT\x00Nl\x00"
    assert _packed.pack_request("Sync", 1, None, None, None, None, [], False) == b"Sync\x001\x00Nc\x00"
    assert _packed.pack_request("Sync", 1, None, None, None, None, []) == b"Sync\x001\x00"


def test_the_choice_must_be_a_bool() -> None:
    with Catalog.from_tables(TABLES) as catalog:
        with pytest.raises(TypeError):
            catalog.format("Sync", 1, ["de"], arguments=[1], localized_numbers=1)  # type: ignore[arg-type]


def test_pseudo_locales_only_when_asked() -> None:
    with Catalog.from_tables(TABLES) as plain, Catalog.from_tables(TABLES, pseudo_locales=True) as pseudo:
        accented = pseudo.format("Sync", 2, ["en-XA"])
        assert accented.title.startswith("[") and accented.title.endswith("]")
        assert len(accented.title) > len("Sync failed")
        assert accented.provenance["title"].locale == "en-XA"
        assert plain.format("Sync", 2, ["en-XA"]).title == "Sync failed"
        # Never reached by fallback, never listed.
        assert pseudo.format("Sync", 2, ["de-AT"]).title == "Synchronisierung fehlgeschlagen"
        assert pseudo.localizations == plain.localizations


def test_unknown_flags_are_still_refused() -> None:
    from errorformatter import _catalog, _ffi
    assert _catalog._flags(False, localized_numbers=True, pseudo_locales=True) == \
        _ffi.EF_CATALOG_LOCALIZED_NUMBERS | _ffi.EF_CATALOG_PSEUDO_LOCALES
    with pytest.raises(InvalidArgumentError):
        _catalog._call(_catalog._lib.ef_catalog_builder_new, _catalog.ctypes.byref(_catalog._ffi.CatalogBuilderP()), 64)
