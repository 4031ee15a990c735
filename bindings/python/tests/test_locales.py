"""normalize_locale() and locale_chain(): ICU's canonical IDs and CLDR fallback chains."""

from __future__ import annotations

import pytest

from errorformatter import ChainKind, locale_chain, normalize_locale


@pytest.mark.parametrize(
    ("spelling", "normalized"),
    [
        ("fr-CA", "fr_CA"),
        ("fr_CA", "fr_CA"),
        ("zh-Hant-TW", "zh_Hant_TW"),
        ("es-419", "es_419"),
        ("en_US.UTF-8", "en_US"),
        ("und", ""),
        ("root", ""),
        ("C", ""),
        ("POSIX", ""),
    ],
)
def test_normalize(spelling: str, normalized: str) -> None:
    assert normalize_locale(spelling) == normalized


def test_chain_es_mx() -> None:
    chain = locale_chain("es-MX")
    assert chain.normalized == "es_MX"
    assert not chain.untranslated
    assert [entry_id for entry_id, _ in chain.entries] == ["es_MX", "es_419", "es"]
    assert all(kind is ChainKind.BUNDLE for _, kind in chain.entries)


def test_chain_zh_tw_goes_through_its_alias_to_traditional() -> None:
    chain = locale_chain("zh-TW")
    assert chain.entries[:3] == (
        ("zh_TW", ChainKind.ALIAS), ("zh_Hant_TW", ChainKind.BUNDLE), ("zh_Hant", ChainKind.BUNDLE))
    assert "zh" not in [entry_id for entry_id, _ in chain.entries]


def test_chain_untranslated() -> None:
    chain = locale_chain("C")
    assert chain.untranslated
    assert (chain.normalized, chain.entries) == ("", ())
