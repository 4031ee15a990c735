"""Python's results convert to exactly the objects errfmt prints with --json.

``FormattedError.to_dict()`` against ``errfmt format --json`` and ``LookupResult.to_dict()``
against ``errfmt lookup --json``, on the example catalog for many errors and locale lists, and on
a catalog made here whose strings the arguments cannot all satisfy (so that rejections, their
structure and unlocalized tables are compared too). Both sides run the same core, so any
difference is in a binding: the C ABI and ctypes on one side, the CLI's JSON writer on the other.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
from pathlib import Path
from typing import Any, Optional

import pytest

from conftest import EXAMPLE_CATALOG, PROJECT_ROOT, write_table
from errorformatter import Catalog

ERRFMT = Path(os.environ.get("ERRFMT", PROJECT_ROOT / "build" / "bin" / "errfmt"))

pytestmark = pytest.mark.skipif(
    not ERRFMT.exists(), reason=f"errfmt is not built ({ERRFMT}); `make cli` builds it")


def errfmt_json(*arguments: str) -> Any:
    """The JSON object errfmt prints for ``arguments`` (exit status 0 or 1 both print one)."""
    done = subprocess.run([str(ERRFMT), *arguments, "--json"], capture_output=True, text=True,
                          check=False)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def argument_options(arguments: list[object]) -> list[str]:
    options = []
    for argument in arguments:
        if isinstance(argument, str):
            options += ["--arg", argument]
        elif isinstance(argument, int):
            options += ["--arg-int", str(argument)]
        else:
            options += ["--arg-double", repr(argument)]
    return options


def locale_options(locales: list[str]) -> list[str]:
    return ["--locale", ",".join(locales)] if locales else []


LOCALE_LISTS = [[], ["en"], ["fr-CA"], ["es-MX", "en"], ["zh-TW"], ["ja"], ["de-AT"],
                ["pt-BR", "es-MX"], ["C"], ["zz"]]
ERRORS = [("kCLErrorDomain", 0), ("kCLErrorDomain", 1), ("kCLErrorDomain", 8),
          ("kCLErrorDomain", 42), ("NSURLErrorDomain", -1009), ("", 0)]


@pytest.mark.parametrize(("locales", "error"), list(itertools.product(LOCALE_LISTS, ERRORS)))
def test_format_to_dict_is_errfmt_format_json(catalog: Catalog, locales: list[str],
                                              error: tuple[str, int]) -> None:
    domain, code = error
    shown = catalog.format(domain, code, locales=locales)
    expected = errfmt_json("format", "--catalog", str(EXAMPLE_CATALOG), "--domain", domain,
                           "--code", str(code), *locale_options(locales))
    assert shown.to_dict() == expected


@pytest.mark.parametrize("texts", [
    {"description": "The network is down."},
    {"failure_reason": "No connection", "recovery_suggestion": "Check the cable."},
    {"description": "ümlaut \"quoted\"\ttab\nline", "failure_reason": "x"},
])
def test_format_with_texts_to_dict_is_errfmt_json(catalog: Catalog, texts: dict[str, str]) -> None:
    shown = catalog.format("NSURLErrorDomain", -1009, locales=["fr-CA"], **texts)
    options = [part for name, value in texts.items()
               for part in (f"--{name.replace('_', '-')}", value)]
    expected = errfmt_json("format", "--catalog", str(EXAMPLE_CATALOG), "--domain",
                           "NSURLErrorDomain", "--code", "-1009", "--locale", "fr-CA", *options)
    assert shown.to_dict() == expected


@pytest.fixture(scope="module")
def arguments_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """English strings that take one argument, French ones that ask for a second (rejected
    when one is passed), and an unlocalized table answering what neither has."""
    root = tmp_path_factory.mktemp("arguments-catalog")
    write_table(root, "en", (
        '"controls.ok" = "OK";\n'
        '"errors.Upload.1.title" = "Couldn\'t upload %1$@";\n'
        '"errors.Upload.1.message" = "%1$@ was not sent.";\n'
        '"errors.Upload.title" = "Upload failed (%1$lld)";\n'
        '"two" = "%1$@ and %2$@";\n').encode())
    write_table(root, "fr", (
        '"errors.Upload.1.title" = "Échec de l’envoi de %1$@ (%2$lld octets)";\n'
        '"errors.Upload.1.message" = "%1$@ (%2$@) n’a pas été envoyé.";\n'
        '"controls.ok" = "%1$@ OK";\n'
        '"two" = "%1$@ et %2$@";\n').encode())
    (root / "Localizable.strings").write_bytes('"errors.message" = "Sans langue";\n'.encode())
    return root


ARGUMENT_LISTS: list[list[object]] = [[], ["photo.jpg"], ["photo.jpg", 2048], [7], [1.5, "x"]]


@pytest.mark.parametrize(("locales", "arguments", "code"), list(itertools.product(
    [["fr"], ["fr-CA", "en"], ["en"], []], ARGUMENT_LISTS, [1, 2])))
def test_rejections_have_errfmt_shape(arguments_catalog: Path, locales: list[str],
                                      arguments: list[object], code: int) -> None:
    with Catalog.open(arguments_catalog) as catalog:
        shown = catalog.format("Upload", code, locales=locales, arguments=arguments)
    expected = errfmt_json("format", "--catalog", str(arguments_catalog), "--domain", "Upload",
                           "--code", str(code), *locale_options(locales),
                           *argument_options(arguments))
    assert shown.to_dict() == expected


def test_the_comparison_sees_rejections(arguments_catalog: Path) -> None:
    # Not vacuous: the cases above include structured rejections.
    with Catalog.open(arguments_catalog) as catalog:
        shown = catalog.format("Upload", 1, locales=["fr"], arguments=["photo.jpg"])
    rejected = shown.to_dict()["provenance"]["title"]["rejections"]
    assert [(r["key"], r["locale"], r["table"], r["code"]) for r in rejected] == [
        ("errors.Upload.1.title", "fr", "Localizable", "missing-argument")]


@pytest.mark.parametrize(("key", "locales", "arguments", "table"), [
    ("controls.ok", ["fr"], ["a"], None),
    ("controls.ok", ["fr"], [], None),
    ("two", ["fr"], ["a"], None),
    ("two", ["fr"], ["a", "b"], None),
    ("two", ["en"], ["a", "b"], None),
    ("errors.message", ["fr"], [], None),
    ("no.such.key", ["fr"], [], None),
    ("two", ["fr"], ["a"], "Other"),
])
def test_lookup_to_dict_is_errfmt_lookup_json(arguments_catalog: Path, key: str,
                                              locales: list[str], arguments: list[object],
                                              table: Optional[str]) -> None:
    with Catalog.open(arguments_catalog) as catalog:
        found = catalog.lookup(key, locales=locales, arguments=arguments, table=table)
    options = ["--table", table] if table else []
    expected = errfmt_json("lookup", "--catalog", str(arguments_catalog), *options,
                           *locale_options(locales), *argument_options(arguments), key)
    assert found.to_dict() == expected


@pytest.mark.parametrize("key", ["errors.kCLErrorDomain.1.title", "controls.ok", "errors.nope"])
@pytest.mark.parametrize("locales", [["fr-CA"], ["zh-TW"], ["C"], []])
def test_lookup_on_the_example_is_errfmt_lookup_json(catalog: Catalog, key: str,
                                                     locales: list[str]) -> None:
    expected = errfmt_json("lookup", "--catalog", str(EXAMPLE_CATALOG), *locale_options(locales), key)
    assert catalog.lookup(key, locales=locales).to_dict() == expected
