"""Shared fixtures: the project's example catalog and header, and small catalogs made on the fly."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

import errorformatter

PROJECT_ROOT = Path(__file__).resolve().parents[3]
EXAMPLE_CATALOG = PROJECT_ROOT / "Examples" / "CoreLocation"
HEADER = PROJECT_ROOT / "include" / "errorformatter.h"

# A French table whose line 3 lacks the '=' between key and value: CoreFoundation stops at the
# second string with "Expected ';' or '=' after key", at line 3, column 15.
BROKEN_TABLE = (
    '"errors.title" = "Erreur";\n'
    '"errors.message" = "Réessayez.";\n'
    '"controls.ok" "OK";\n'
).encode()
BROKEN_LINE = 3
BROKEN_COLUMN = 15


@pytest.fixture(scope="session")
def catalog() -> Iterator[errorformatter.Catalog]:
    """The example catalog, opened once and shared (catalogs are immutable)."""
    with errorformatter.Catalog.open(str(EXAMPLE_CATALOG)) as opened:
        yield opened


def write_table(root: Path, locale: str, text: bytes, table: str = "Localizable") -> Path:
    """Writes ``<root>/<locale>.lproj/<table>.strings`` and returns its path."""
    directory = root / f"{locale}.lproj"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{table}.strings"
    path.write_bytes(text)
    return path
