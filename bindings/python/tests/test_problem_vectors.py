"""The problem responses' golden vectors (Tests/vectors/problem, docs/packed-format.md, "A problem
response"): the same calls made through ``Catalog.problem`` give each output's status, header
fields and body, byte for byte, on a fresh catalog and again on one that has answered them."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

import errorformatter

from conftest import PROJECT_ROOT

VECTORS = PROJECT_ROOT / "Tests" / "vectors" / "problem"
CASES = json.loads((VECTORS / "cases.json").read_text(encoding="utf-8"))["cases"]


def expected(case: dict[str, Any]) -> tuple[int, tuple[tuple[str, str], ...], bytes]:
    """The status, header fields and body of the case's output, read as the format says."""
    output = (VECTORS / f"{case['name']}.out").read_bytes()
    assert len(output) == case["length"] and output.endswith(b"\0")
    items = output[:-1].split(b"\0")
    status, fields = (int(number) for number in items[0].decode("ascii").split(" "))
    assert len(items) == case["items"] == 2 + 2 * fields
    headers = tuple((items[1 + 2 * i].decode(), items[2 + 2 * i].decode()) for i in range(fields))
    return status, headers, items[1 + 2 * fields]


def arguments(case: dict[str, Any]) -> list[object]:
    """The case's arguments as Python values, which the binding types as the kinds say."""
    kinds = {"s": str, "d": float, "i": int, "u": int}
    return [kinds[argument["kind"]](argument["value"]) for argument in case["arguments"]]


@pytest.fixture(scope="module")
def catalogs() -> Iterator[dict[str, errorformatter.Catalog]]:
    opened = {name: errorformatter.Catalog.open(str(PROJECT_ROOT / name)) for name in {c["catalog"] for c in CASES}}
    yield opened
    for catalog in opened.values():
        catalog.close()


def test_the_vectors_are_the_specified_ones() -> None:
    assert len(CASES) >= 11
    assert any(case["arguments"] for case in CASES) and any(case["accept_language_hex"] is None for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_binding_gives_each_output(case: dict[str, Any], catalogs: dict[str, errorformatter.Catalog]) -> None:
    header = None if case["accept_language_hex"] is None else bytes.fromhex(case["accept_language_hex"])
    # Twice: the second call is answered by what the catalog kept of the first.
    for _ in range(2):
        problem = catalogs[case["catalog"]].problem(
            case["domain"], case["code"], accept_language=header, locales=case["locales"] or None,
            status=case["status"], type_template=case["type_template"], instance=case["instance"],
            members=case["members"], description=case["description"], failure_reason=case["failure_reason"],
            recovery_suggestion=case["recovery_suggestion"], arguments=arguments(case))
        assert (problem.status, tuple(problem.headers), problem.body) == expected(case)
