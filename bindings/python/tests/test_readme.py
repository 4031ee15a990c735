"""The binding's README documents every public name."""

from __future__ import annotations

from pathlib import Path

import pytest

import errorformatter

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("name", sorted(errorformatter.__all__))
def test_every_public_name_is_documented(name: str) -> None:
    assert f"`{name}" in README.read_text(encoding="utf-8"), f"bindings/python/README.md does not name {name}"


@pytest.mark.parametrize("member", sorted(
    name for name in vars(errorformatter.Catalog) if not name.startswith("_")))
def test_every_catalog_member_is_documented(member: str) -> None:
    text = README.read_text(encoding="utf-8")
    assert f"catalog.{member}" in text or f"Catalog.{member}" in text, member
