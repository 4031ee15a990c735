"""The memo of argument-free results: shared only when nothing of the caller's is in the result,
bounded by size, and invisible except through identity and speed."""

from __future__ import annotations

import pytest

from conftest import EXAMPLE_CATALOG
from errorformatter import Catalog, _memo

DOMAIN = "kCLErrorDomain"


def test_an_argument_free_error_is_handed_out_again() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        first = catalog.format(DOMAIN, 1, locales=["fr-CA"])
        assert catalog.format(DOMAIN, 1, locales=("fr-CA",)) is first
        assert catalog.format(DOMAIN, 1, locales=["fr-CA"], table="Localizable") is not first
        assert catalog.format(DOMAIN, 1, locales=["fr"]) is not first
        assert catalog.format(DOMAIN, 1, locales=["fr"]) == first.__class__(
            first.title, first.message, first.button, ("fr", "en"), dict(first.provenance))


@pytest.mark.parametrize("texts", [{"description": "d"}, {"failure_reason": "f"},
                                   {"recovery_suggestion": "r"}, {"arguments": ["a"]}])
def test_results_with_caller_text_are_never_shared(texts: dict[str, object]) -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        first = catalog.format(DOMAIN, 1, locales=["fr-CA"], **texts)  # type: ignore[arg-type]
        again = catalog.format(DOMAIN, 1, locales=["fr-CA"], **texts)  # type: ignore[arg-type]
        assert again == first and again is not first
        assert len(catalog._memo) == 0


def test_the_memo_does_not_skip_checks() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        catalog.format(DOMAIN, 1, locales=["fr"])
        with pytest.raises(TypeError):
            catalog.format(DOMAIN, 1.0, locales=["fr"])  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            catalog.format(DOMAIN, 1, locales="fr")
        catalog.format(DOMAIN, 1)
        catalog.close()
        with pytest.raises(ValueError):
            catalog.format(DOMAIN, 1)
        assert len(catalog._memo) == 0


def test_the_memo_is_bounded_by_size() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        for index in range(3000):
            catalog.format(f"Domain{index}", index, locales=["fr-CA", "x" * (index % 50)])
            assert catalog._memo._used <= _memo.MEMO_BUDGET
        assert 0 < len(catalog._memo) <= _memo.MEMO_BUDGET // 512
        # A key larger than the whole budget is not kept at all.
        catalog.format("D" * (_memo.MEMO_BUDGET + 1), 0)
        assert catalog._memo.get(("D" * (_memo.MEMO_BUDGET + 1), 0, (), None)) is None


def test_a_memo_of_budget_zero_keeps_nothing() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        catalog._memo.budget = 0
        first = catalog.format(DOMAIN, 1, locales=["fr-CA"])
        assert catalog.format(DOMAIN, 1, locales=["fr-CA"]) is not first
        assert len(catalog._memo) == 0
