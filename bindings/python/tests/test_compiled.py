"""Compiled catalogs: Catalog.compile, and Catalog.open on the file it writes."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLE_CATALOG, write_table
from errorformatter import Catalog, CatalogIOError, InvalidArgumentError, ParseError

CASES = [(domain, code, locales)
         for domain in ("kCLErrorDomain", "NSURLErrorDomain")
         for code in (-1009, 0, 1, 2, 8, 9)
         for locales in (["en"], ["fr-CA"], ["es-MX"], ["zh-TW"], ["ja", "de"], ["pt-BR"])]


def assert_same_catalog(actual: Catalog, expected: Catalog) -> None:
    """The same listings, and the same results for CASES and a lookup."""
    assert actual.localizations == expected.localizations
    assert actual.development_locale == expected.development_locale
    assert actual.diagnostics == expected.diagnostics
    for domain, code, locales in CASES:
        assert actual.format(domain, code, locales) == expected.format(domain, code, locales)
    assert actual.lookup("errors.title", ["fr"]) == expected.lookup("errors.title", ["fr"])


def test_a_compiled_catalog_gives_its_directorys_results(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "example.efc"
    catalog.compile(path)
    with Catalog.open(path, strict=True) as compiled:
        assert_same_catalog(compiled, catalog)


def test_compiling_twice_writes_the_same_bytes(catalog: Catalog, tmp_path: Path) -> None:
    catalog.compile(str(tmp_path / "first.efc"))
    with Catalog.open(EXAMPLE_CATALOG) as again:
        again.compile(tmp_path / "second.efc")
    first = (tmp_path / "first.efc").read_bytes()
    assert first[:8] == b"\x89EFC\r\n\x1a\n"
    assert first == (tmp_path / "second.efc").read_bytes()


def last_localization_byte(data: bytes) -> int:
    """The offset of the last byte of the last localization section (kind 1), read from the
    directory (docs/compiled-catalog.md: a u32 length and the bytes for a string, little-endian)."""
    count = int.from_bytes(data[28:32], "little")
    position = 32
    position += 4 + int.from_bytes(data[position : position + 4], "little")  # the development locale
    last = -1
    for _ in range(count):
        kind = data[position]
        name_length = int.from_bytes(data[position + 1 : position + 5], "little")
        position += 5 + name_length
        offset = int.from_bytes(data[position : position + 8], "little")
        length = int.from_bytes(data[position + 8 : position + 16], "little")
        position += 20
        if kind == 1 and length > 0:
            last = offset + length - 1
    assert last >= 0
    return last


def test_a_broken_compiled_file_is_a_parse_error(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "example.efc"
    catalog.compile(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(ParseError):
        Catalog.open(path)
    with pytest.raises(ParseError):
        Catalog.open(path, mapped=True)
    # The last byte of the last localization's section (the negotiation section may follow it).
    last = last_localization_byte(data)
    path.write_bytes(data[:last] + bytes([data[last] ^ 1]) + data[last + 1 :])
    with pytest.raises(ParseError):
        Catalog.open(path, strict=True)
    # Lenient, the localization whose section is broken is left out, and said so.
    with Catalog.open(path) as lenient:
        assert len(lenient.localizations) == len(catalog.localizations) - 1
        assert lenient.diagnostics[-1].code == "broken-compiled-section"


def test_a_catalog_from_tables_compiles(tmp_path: Path) -> None:
    write_table(tmp_path / "source", "fr", '"controls.ok" = "D\'accord";'.encode())
    source = Catalog.open(tmp_path / "source", development_locale="fr")
    source.compile(tmp_path / "fr.efc")
    with Catalog.open(tmp_path / "fr.efc") as compiled:
        assert compiled.development_locale == "fr"
        assert compiled.format("Any", 1, ["fr"]).button == "D'accord"


def test_compile_errors(catalog: Catalog, tmp_path: Path) -> None:
    with pytest.raises(CatalogIOError):
        catalog.compile(tmp_path / "missing" / "example.efc")
    with pytest.raises(InvalidArgumentError):
        catalog.compile("")
    closed = Catalog.open(EXAMPLE_CATALOG)
    closed.close()
    with pytest.raises(ValueError):
        closed.compile(tmp_path / "closed.efc")


def is_mapped(path: Path) -> bool:
    """Whether ``path`` is one of this process's mappings (a line of /proc/self/maps ends in its
    real path)."""
    real = os.path.realpath(path)
    with open("/proc/self/maps") as maps:
        return any(line.rstrip("\n").endswith(" " + real) for line in maps)


needs_proc_maps = pytest.mark.skipif(
    not os.path.exists("/proc/self/maps"), reason="/proc/self/maps (Linux procfs) is not available")


@needs_proc_maps
@pytest.mark.parametrize("options", [{}, {"strict": True}, {"on_demand": True}],
                         ids=["lenient", "strict", "on_demand"])
def test_a_mapped_compiled_file_gives_the_same_results_and_is_mapped_while_open(
        catalog: Catalog, tmp_path: Path, options: dict[str, Any]) -> None:
    path = tmp_path / "example.efc"
    catalog.compile(path)
    with Catalog.open(path, **options) as read:
        assert not is_mapped(path)  # read with pread, without the flag
        with Catalog.open(path, mapped=True, **options) as mapped:
            assert_same_catalog(mapped, read)
            assert is_mapped(path)  # the sections read so far (lenient: when first needed)
        assert not is_mapped(path)  # close() unmapped it


@needs_proc_maps
def test_a_mapped_catalog_freed_by_the_garbage_collector_is_unmapped(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "example.efc"
    catalog.compile(path)
    mapped = Catalog.open(path, mapped=True)
    assert mapped.lookup("errors.title", ["fr"]).value == "Erreur"  # maps French's section
    assert is_mapped(path)
    del mapped
    gc.collect()
    assert not is_mapped(path)


def test_mapped_changes_nothing_for_a_directory(catalog: Catalog) -> None:
    with Catalog.open(EXAMPLE_CATALOG, mapped=True) as mapped:
        if os.path.exists("/proc/self/maps"):
            assert not any(is_mapped(table) for table in EXAMPLE_CATALOG.glob("**/*.strings*"))
        assert_same_catalog(mapped, catalog)
