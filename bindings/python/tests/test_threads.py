"""One catalog shared by many threads: ctypes releases the GIL, so the library really runs in parallel."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import EXAMPLE_CATALOG
from errorformatter import Catalog

THREADS = 8
ROUNDS = 300
CASES = [
    (locales, code)
    for locales in (["en"], ["fr-CA"], ["es-MX"], ["zh-TW"], ["ja"], ["de-AT"])
    for code in (0, 1, 8, 42)
]


# With the memo, repeated argument-free errors are answered without calling the library; with
# it off every format is a C call into the shared catalog, each thread with its own buffer.
@pytest.mark.parametrize("memo_budget", [None, 0])
def test_eight_threads_share_one_catalog(memo_budget: "int | None") -> None:
    catalog = Catalog.open(EXAMPLE_CATALOG)
    if memo_budget is not None:
        catalog._memo.budget = memo_budget
    expected = {(tuple(locales), code): catalog.format(domain="kCLErrorDomain", code=code,
                                                        locales=locales)
                for locales, code in CASES}
    start = threading.Barrier(THREADS)

    def work(offset: int) -> int:
        start.wait()
        mismatches = 0
        for round_number in range(ROUNDS):
            locales, code = CASES[(offset + round_number) % len(CASES)]
            shown = catalog.format(domain="kCLErrorDomain", code=code, locales=locales)
            mismatches += shown != expected[(tuple(locales), code)]
        return mismatches

    with ThreadPoolExecutor(THREADS) as pool:
        assert list(pool.map(work, range(THREADS))) == [0] * THREADS
    catalog.close()


@pytest.mark.parametrize("description", [None, "caller text: never memoized"])
def test_close_while_other_threads_format(description: "str | None") -> None:
    catalog = Catalog.open(EXAMPLE_CATALOG)
    started = threading.Barrier(THREADS + 1)
    outcomes: list[str] = []

    def work() -> None:
        started.wait()
        try:
            while True:
                catalog.format(domain="kCLErrorDomain", code=0, locales=["fr-CA"],
                               description=description)
        except ValueError:
            outcomes.append("closed")

    threads = [threading.Thread(target=work) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    started.wait()
    catalog.close()
    for thread in threads:
        thread.join(timeout=30)
    # Every thread saw a clean ValueError; none crashed inside a freed catalog.
    assert outcomes == ["closed"] * THREADS
    assert not catalog._finalizer.alive


def test_threads_with_more_preference_lists_than_the_cache_keeps() -> None:
    """The cache of C preference arrays (64 lists) is emptied while other threads are in calls
    that pass one of its arrays: each call holds its array, so every result stays right."""
    catalog = Catalog.open(EXAMPLE_CATALOG)
    catalog._memo.budget = 0
    lists = [["fr-CA", f"x-{index}", "en"] for index in range(200)]
    expected = catalog.format(domain="kCLErrorDomain", code=1, locales=["fr-CA"])

    def work(offset: int) -> int:
        wrong = 0
        for round_number in range(400):
            shown = catalog.format(domain="kCLErrorDomain", code=1,
                                   locales=lists[(offset * 37 + round_number) % len(lists)])
            wrong += shown.title != expected.title or shown.provenance["title"].locale != "fr"
        return wrong

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(work, range(4))) == [0] * 4
    catalog.close()
