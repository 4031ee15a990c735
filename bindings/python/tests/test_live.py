"""LiveCatalog: the newest good version of a catalog's path, never a broken one, from Python threads.

The last test is the load test of the C suite (Tests/Live/live_load.c) from Python: four threads
format while the catalog is replaced (rename, in place with pauses mid-file, link swap, corrupt,
deleted and back), ``EF_LIVE_SWAPS`` times (120 by default, a few seconds)."""

from __future__ import annotations

import os
import re
import threading
import time
import warnings
from pathlib import Path
from typing import Callable

import pytest

import errorformatter
from conftest import EXAMPLE_CATALOG

# How long a test waits for what it expects (a hang guard, not a measurement).
PATIENCE_SECONDS = 30


def eventually(condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return False


def replace(path: Path, text: str) -> None:
    """Writes ``text`` beside ``path`` and renames it over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(text)
    os.replace(temporary, path)


def version_text(version: int, french: bool = False) -> str:
    return f'"errors.Live.1.title" = "Version {version}{" fr" if french else ""}";\n'


def served(live: errorformatter.LiveCatalog, locale: str = "en") -> str:
    return live.format("Live", 1, [locale]).title


def test_the_example_as_a_live_catalog() -> None:
    with errorformatter.LiveCatalog.open(EXAMPLE_CATALOG, check_interval_ms=0) as live:
        assert live.generation == 1
        assert live.last_error is None
        assert live.format("kCLErrorDomain", 0, ["fr-CA"]).title == "Emplacement inconnu"
        assert live.lookup("errors.kCLErrorDomain.2.title", ["fr-CA"]).value == "Pas d’Internet"
        with live.current() as version:
            assert version.development_locale == "en"
            assert "fr-CA" in version.localizations
        kept = live.current()
    # The live catalog is closed; a version taken from it lives on until closed.
    assert kept.format("kCLErrorDomain", 0, ["fr-CA"]).title == "Emplacement inconnu"
    kept.close()
    with pytest.raises(ValueError):
        live.format("kCLErrorDomain", 0)
    live.close()


def test_reloads_take_changes_and_report_refusals(tmp_path: Path) -> None:
    table = tmp_path / "catalog" / "en.lproj" / "Localizable.strings"
    replace(table, version_text(1))
    with errorformatter.LiveCatalog.open(tmp_path / "catalog", strict=True, check_interval_ms=0) as live:
        first = live.current()
        replace(table, version_text(2))
        live.reload()
        assert (live.generation, served(live)) == (2, "Version 2")
        assert first.format("Live", 1, ["en"]).title == "Version 1"
        first.close()
        replace(table, version_text(3) + '"b" = "never closed\n')
        with pytest.raises(errorformatter.ParseError) as refused:
            live.reload()
        assert refused.value.file == "en.lproj/Localizable.strings" and refused.value.line == 2
        assert isinstance(live.last_error, errorformatter.ParseError)
        assert (live.generation, served(live)) == (2, "Version 2")
        (tmp_path / "catalog").rename(tmp_path / "gone")
        with pytest.raises(errorformatter.NotFoundError):
            live.reload()
        assert isinstance(live.last_error, errorformatter.NotFoundError)
        assert served(live) == "Version 2"
        (tmp_path / "gone").rename(tmp_path / "catalog")
        replace(table, version_text(4))
        live.reload()
        assert (live.generation, served(live), live.last_error) == (3, "Version 4", None)


def test_lint_clean_and_bad_arguments(tmp_path: Path) -> None:
    replace(tmp_path / "en.lproj" / "Localizable.strings", '"a" = "File %@";\n')
    replace(tmp_path / "fr.lproj" / "Localizable.strings", '"a" = "Fichier %d";\n')
    with pytest.raises(errorformatter.ParseError, match="lint found 1 error"):
        errorformatter.LiveCatalog.open(tmp_path, lint_clean=True, check_interval_ms=0)
    errorformatter.LiveCatalog.open(tmp_path, check_interval_ms=0).close()
    with pytest.raises(errorformatter.NotFoundError):
        errorformatter.LiveCatalog.open(tmp_path / "missing")
    with pytest.raises(errorformatter.InvalidArgumentError):
        errorformatter.LiveCatalog.open(tmp_path, check_interval_ms=-1)
    with pytest.raises(errorformatter.InvalidArgumentError):
        errorformatter.LiveCatalog.open(tmp_path, debounce_ms=2**32)


def test_catalog_options_reach_every_version(tmp_path: Path) -> None:
    replace(tmp_path / "en.lproj" / "Localizable.strings", '"errors.Live.1.title" = "%lld files";\n')
    replace(tmp_path / "de.lproj" / "Localizable.strings", '"errors.Live.1.title" = "%lld Dateien";\n')
    with errorformatter.LiveCatalog.open(tmp_path, check_interval_ms=0, localized_numbers=True,
                                         pseudo_locales=True, rejections="raise") as live:
        for generation in (1, 2):
            assert live.generation == generation
            assert live.format("Live", 1, ["de"], arguments=[1234567]).title == "1.234.567 Dateien"
            pseudo = live.format("Live", 1, ["en-XA"], arguments=[7])
            assert pseudo.title.startswith("[") and pseudo.provenance["title"].locale == "en-XA"
            with pytest.raises(errorformatter.RejectionError):
                live.format("Live", 1, ["en"])
            with live.current() as version:
                with pytest.raises(errorformatter.RejectionError):
                    version.format("Live", 1, ["en"])
            replace(tmp_path / "de.lproj" / "Localizable.strings",
                    '"errors.Live.1.title" = "%lld Dateien";\n"other" = "x";\n')
            live.reload()
    with errorformatter.LiveCatalog.open(tmp_path, check_interval_ms=0, rejections="ignore") as plain:
        assert plain.format("Live", 1, ["de"], arguments=[1234567]).title == "1234567 Dateien"
        assert plain.format("Live", 1, ["en"]).rejections
    with pytest.raises(ValueError):
        errorformatter.LiveCatalog.open(tmp_path, check_interval_ms=0, rejections="loud")


def test_the_thread_follows_the_path(tmp_path: Path) -> None:
    table = tmp_path / "catalog" / "en.lproj" / "Localizable.strings"
    replace(table, version_text(1))
    with errorformatter.LiveCatalog.open(tmp_path / "catalog", strict=True, check_interval_ms=10,
                                         debounce_ms=30) as live:
        replace(table, version_text(2))
        assert eventually(lambda: served(live) == "Version 2")
        replace(table, '"broken')
        assert eventually(lambda: isinstance(live.last_error, errorformatter.ParseError))
        assert served(live) == "Version 2"
        replace(table, version_text(3))
        assert eventually(lambda: served(live) == "Version 3")
        assert live.last_error is None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_pre_forked_workers_follow_changes(tmp_path: Path) -> None:
    table = tmp_path / "catalog" / "en.lproj" / "Localizable.strings"
    replace(table, version_text(1))
    with errorformatter.LiveCatalog.open(tmp_path / "catalog", check_interval_ms=10, debounce_ms=30) as live:
        ready_read, ready_write = os.pipe()
        go_read, go_write = os.pipe()
        workers = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # forking with threads running
            for _ in range(3):
                pid = os.fork()
                if pid == 0:
                    status = 1
                    try:
                        if served(live) == "Version 1":
                            os.write(ready_write, b"r")
                            os.read(go_read, 1)
                            status = 0 if eventually(lambda: served(live) == "Version 2") else 2
                    finally:
                        os._exit(status)
                workers.append(pid)
        for _ in workers:
            assert os.read(ready_read, 1) == b"r"
        replace(table, version_text(2))
        os.write(go_write, b"ggg")
        for pid in workers:
            _, status = os.waitpid(pid, 0)
            assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        assert eventually(lambda: served(live) == "Version 2")
        for descriptor in (ready_read, ready_write, go_read, go_write):
            os.close(descriptor)


def test_four_threads_format_while_the_catalog_is_replaced(tmp_path: Path) -> None:
    swaps = int(os.environ.get("EF_LIVE_SWAPS", "120"))
    debounce = 30
    directories = [tmp_path / "catalog-a", tmp_path / "catalog-b"]
    link = tmp_path / "catalog"
    good = {1}
    failures: list[str] = []
    stop = threading.Event()

    def write_version(directory: Path, version: int) -> None:
        for french in (False, True):
            replace(directory / ("fr.lproj" if french else "en.lproj") / "Localizable.strings",
                    version_text(version, french))

    def rewrite_in_place(path: Path, text: str) -> None:
        # The first byte broken first and made whole last: no state between is a version.
        encoded = text.encode()
        with open(path, "r+b") as file:
            file.write(b";")
            file.flush()
            time.sleep(0.001)
            file.seek(1)
            file.write(encoded[1:])
            file.truncate(len(encoded))
            file.flush()
            time.sleep(0.001)
            file.seek(0)
            file.write(encoded[:1])

    write_version(directories[0], 1)
    link.symlink_to("catalog-a")
    live = errorformatter.LiveCatalog.open(link, strict=True, check_interval_ms=5, debounce_ms=debounce)

    def number(title: str, french: bool) -> int:
        match = re.fullmatch(r"Version (\d+)" + (" fr" if french else ""), title)
        return int(match.group(1)) if match else -1

    def read() -> None:
        newest, round = 0, 0
        while not stop.is_set():
            round += 1
            try:
                if round % 2:
                    # One version taken: both texts are its own.
                    with live.current() as taken:
                        english = number(taken.format("Live", 1, ["en"]).title, False)
                        french = number(taken.format("Live", 1, ["fr"]).title, True)
                    consistent = english == french
                else:
                    # format() takes the newest version per call: the second may be newer.
                    english, french = number(served(live), False), number(served(live, "fr"), True)
                    consistent = french >= english
                if not consistent or english not in good or french not in good or english < newest:
                    failures.append(f"versions {english} / {french} after {newest}")
                newest = max(newest, english)
            except Exception as error:  # noqa: BLE001 -- a reader reports, never stops
                failures.append(repr(error))

    readers = [threading.Thread(target=read) for _ in range(4)]
    for reader in readers:
        reader.start()
    active, version = 0, 1
    try:
        for swap in range(swaps):
            version += 1
            kind = swap % 6
            if kind == 4:  # corrupt, in place: refused, the version served stays
                rewrite_in_place(directories[active] / "en.lproj" / "Localizable.strings",
                                 f'"errors.Live.1.title" = "Version {10**9 + version}";\n"b" = "')
                assert eventually(lambda: isinstance(live.last_error, errorformatter.ParseError))
                continue
            good.add(version)
            if kind == 3:  # the link swapped to the other directory
                active = 1 - active
                write_version(directories[active], version)
                swapped = tmp_path / "catalog.new"
                swapped.symlink_to(directories[active].name)
                os.replace(swapped, link)
            elif kind == 5:  # deleted, then back with a new version
                link.unlink()
                assert eventually(lambda: isinstance(live.last_error, errorformatter.NotFoundError))
                write_version(directories[active], version)
                link.symlink_to(directories[active].name)
            else:  # both tables rewritten in place, French broken first
                french = directories[active] / "fr.lproj" / "Localizable.strings"
                with open(french, "r+b") as file:
                    file.write(b";")
                rewrite_in_place(directories[active] / "en.lproj" / "Localizable.strings", version_text(version))
                rewrite_in_place(french, version_text(version, True))
            expected = f"Version {version}"
            assert eventually(lambda: served(live) == expected and served(live, "fr") == expected + " fr"), \
                f"swap {swap}: version {version} never served"
    finally:
        stop.set()
        for reader in readers:
            reader.join()
        live.close()
    assert failures == [], failures[:5]
