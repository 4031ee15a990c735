"""The memo of results: shared only when the library says a result answers the call (no
arguments, no text of the caller's shown), bounded by size, and invisible except through
identity and speed."""

from __future__ import annotations

import pytest

import errorformatter
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
                                   {"recovery_suggestion": "r"}])
def test_results_that_show_caller_text_are_never_shared(texts: dict[str, str]) -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        # A domain the catalog has no keys for: each text is shown (title or message).
        first = catalog.format("Elsewhere", 1, locales=["fr-CA"], **texts)  # type: ignore[arg-type]
        assert list(texts.values())[0] in (first.title, first.message)
        again = catalog.format("Elsewhere", 1, locales=["fr-CA"], **texts)  # type: ignore[arg-type]
        assert again == first and again is not first
        assert len(catalog._memo) == 0


def test_results_of_calls_with_arguments_are_never_shared() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        first = catalog.format(DOMAIN, 0, locales=["fr-CA"], arguments=["a"])
        again = catalog.format(DOMAIN, 0, locales=["fr-CA"], arguments=["a"])
        assert again == first and again is not first
        assert len(catalog._memo) == 0


@pytest.mark.parametrize("field", ["description", "failure_reason", "recovery_suggestion"])
def test_a_text_the_result_does_not_show_is_shared_whatever_it_says(field: str) -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        # Code 0 has a title and a message key: none of the texts is shown, as the library says.
        first = catalog.format(DOMAIN, 0, locales=["fr-CA"], **{field: "not shown"})  # type: ignore[arg-type]
        assert "not shown" not in (first.title, first.message, first.button)
        assert catalog.format(DOMAIN, 0, locales=["fr-CA"], **{field: "other"}) is first  # type: ignore[arg-type]
        # Without the text the answer is the same, but a call of another key is not answered
        # by this one (the library says only what is certain); it is kept on its own.
        without = catalog.format(DOMAIN, 0, locales=["fr-CA"])
        assert without == first and without is not first
        assert catalog.format(DOMAIN, 0, locales=["fr-CA"], **{field: ""}) is without  # type: ignore[arg-type]
        assert len(catalog._memo) == 2


def test_a_memo_hit_still_checks_the_texts() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        catalog.format(DOMAIN, 0, locales=["fr"], description="fine")
        with pytest.raises(errorformatter.InvalidUTF8Error):
            catalog.format(DOMAIN, 0, locales=["fr"], description="lone \udc80 surrogate")
        with pytest.raises(TypeError):
            catalog.format(DOMAIN, 0, locales=["fr"], description=b"bytes")  # type: ignore[arg-type]
        assert catalog.format(DOMAIN, 0, locales=["fr"], description="é") is catalog.format(
            DOMAIN, 0, locales=["fr"], description="fine")


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
        # A key larger than the whole budget is not kept at all (a domain is at most
        # EF_MAX_KEY_BYTES: the budget is made smaller than one).
        catalog._memo.budget = 4096
        catalog.format("D" * 8192, 0)
        assert catalog._memo.get(("D" * 8192, 0, (), None, 0)) is None


def test_a_memo_of_budget_zero_keeps_nothing() -> None:
    with Catalog.open(EXAMPLE_CATALOG) as catalog:
        catalog._memo.budget = 0
        first = catalog.format(DOMAIN, 1, locales=["fr-CA"])
        assert catalog.format(DOMAIN, 1, locales=["fr-CA"]) is not first
        assert len(catalog._memo) == 0
