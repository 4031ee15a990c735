"""Fixtures of the errfmt codegen suite (make test-codegen): the catalogs it runs on, each with
its JSON registry and the records its errors must format to, and a work directory per test.

The records come from the Python binding called directly (not through generated code), and a
sample of them is compared with `errfmt format --json` as well, so the generated code of every
language is checked against the library, through two other roads.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Dict, List, Optional, Sequence, Tuple

import pytest

import catalogs
import languages

ROOT = languages.ROOT
ERRFMT = os.environ.get("ERRFMT", str(ROOT / "build" / "bin" / "errfmt"))
WORK = languages.BUILD / "codegen" / "work"

sys.path.insert(0, str(ROOT / "bindings" / "python" / "src"))
os.environ.setdefault("ERRORFORMATTER_LIBRARY", str(languages.LIBDIR / "liberrorformatter.so.1"))


def errfmt(*arguments: str, cwd: Optional[pathlib.Path] = None) -> subprocess.CompletedProcess:
    return subprocess.run([ERRFMT, *arguments], capture_output=True, text=True, timeout=600, cwd=cwd)


@dataclasses.dataclass
class TestCatalog:
    """A catalog the generated code is checked on."""
    name: str
    path: pathlib.Path
    locales: List[str]
    # Extra codegen options (a names file).
    options: List[str] = dataclasses.field(default_factory=list)
    # How many errors are also formatted by errfmt (all when None).
    cli_sample: Optional[int] = None
    # How many errors the drivers call, spread evenly (all when None): every constructor is
    # compiled, but a driver calling 10,000 takes minutes to compile in some languages (and is
    # more than a Java method may hold).
    driver_sample: Optional[int] = None
    _registry: Optional[dict] = None
    _records: Optional[List[Tuple[int, str, str, str]]] = None

    @property
    def registry(self) -> dict:
        if self._registry is None:
            output = languages.BUILD / "codegen" / "registries" / f"{self.name}.json"
            output.parent.mkdir(parents=True, exist_ok=True)
            generated = errfmt("codegen", str(self.path), "--lang", "json", "-o", str(output), *self.options)
            assert generated.returncode == 0, generated.stderr
            self._registry = json.loads(output.read_text(encoding="utf-8"))
        return self._registry

    def arguments(self, error: dict) -> List[object]:
        """The sample arguments of `error`, as Python values of their types."""
        values: List[object] = []
        for argument in error["arguments"]:
            literal = languages.sample(argument["type"], argument["position"])
            values.append(literal.strip('"') if argument["type"] == "string"
                          else float(literal) if argument["type"] == "double" else int(literal))
        return values

    @property
    def called(self) -> List[int]:
        """The indices of the errors the drivers call."""
        count = len(self.registry["errors"])
        step = 1 if self.driver_sample is None else max(1, count // self.driver_sample)
        return list(range(0, count, step))

    @property
    def records(self) -> List[Tuple[int, str, str, str]]:
        """What every call of the drivers must print: formatted through the Python binding."""
        if self._records is None:
            import errorformatter
            found = []
            # What the library shows, a text an argument rejects included (the drivers show the
            # same): recorded, not reported.
            with errorformatter.Catalog.open(str(self.path), rejections="ignore") as catalog:
                for index, error in enumerate(self.registry["errors"]):
                    for locale in self.locales:
                        shown = catalog.format(domain=error["domain"], code=error["code"], locales=[locale],
                                               table=self.registry["table"], arguments=self.arguments(error))
                        found.append((index, locale, shown.title, shown.message))
            self._records = found
        return self._records


def fresh(path: pathlib.Path) -> pathlib.Path:
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


@pytest.fixture(scope="session")
def test_catalogs() -> Dict[str, TestCatalog]:
    """Every catalog of the suite, made once; the corpus's is left out (None) without ../shared."""
    root = fresh(languages.BUILD / "codegen" / "catalogs")
    found: Dict[str, Optional[TestCatalog]] = {
        "sync": TestCatalog("sync", ROOT / "Examples" / "Sync", ["en", "fr", "fr-CA", "de"]),
        "corelocation": TestCatalog("corelocation", ROOT / "Examples" / "CoreLocation",
                                    ["en", "fr-CA", "de", "es-MX", "zh-TW", "ja"]),
        "keywords": TestCatalog("keywords", catalogs.keywords_catalog(root / "keywords"), ["en", "fr"],
                                options=["--names", str(root / "keywords" / "names.txt")], cli_sample=12),
        "unicode": TestCatalog("unicode", catalogs.unicode_catalog(root / "unicode"), ["en", "ja", "fr"], cli_sample=8),
        "bulk": TestCatalog("bulk", catalogs.bulk_catalog(root / "bulk"), ["en", "fr"], cli_sample=10,
                            driver_sample=250),
    }
    found["corpus"] = corpus_catalog(root) if catalogs.corpus_string_catalogs() else None
    return found  # type: ignore[return-value]


def corpus_catalog(root: pathlib.Path) -> TestCatalog:
    """The corpus's String Catalogs as one catalog: a first pass finds the strings the generator
    refuses (a development text that is not a format), which are left out of the second."""
    path, _ = catalogs.corpus_catalog(root / "corpus-first")
    first = errfmt("codegen", str(path), "--lang", "json", "-o", "-")
    refused = [line for line in first.stderr.splitlines() if "[error-argument" in line]
    keys = [line.split('"')[1] for line in refused]
    assert len(keys) == len(refused), first.stderr
    path, _ = catalogs.corpus_catalog(root / "corpus", refused=keys)
    return TestCatalog("corpus", path, ["en", "de", "ja"], cli_sample=12, driver_sample=800)


@pytest.fixture(scope="session")
def corpus_refusals(test_catalogs) -> List[str]:
    """The generator's findings on the corpus's catalog before the refused strings were left out."""
    if test_catalogs["corpus"] is None:
        pytest.skip("../shared/corpus is not present: the corpus's String Catalogs are not tried")
    path = languages.BUILD / "codegen" / "catalogs" / "corpus-first"
    return errfmt("codegen", str(path), "--lang", "json", "-o", "-").stderr.splitlines()


def catalog_or_skip(test_catalogs: Dict[str, Optional[TestCatalog]], name: str) -> TestCatalog:
    catalog = test_catalogs[name]
    if catalog is None:
        pytest.skip(f"../shared/corpus is not present: no {name} catalog")
    return catalog


@pytest.fixture
def work(request) -> pathlib.Path:
    """An empty directory for the test, under build/codegen/work, kept after it for inspection."""
    name = "".join(character if character.isalnum() or character in "-_" else "-" for character in request.node.name)
    return fresh(WORK / name)
