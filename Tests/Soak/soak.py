#!/usr/bin/env python3
"""1,000,000 formats from Python with resident memory printed as it goes (make soak).

usage: soak.py <catalog directory> [formats]

The Python twin of soak.c: a distinct well-formed locale every round, RSS from /proc/self/statm
every 100,000 formats, and a failure if it grows by more than 8 MiB after the first 100,000.
"""

from __future__ import annotations

import os
import sys

import errorformatter

LANGUAGES = ["fr", "de", "es", "ja", "zh", "pt", "ar", "ru"]
REGIONS = ["CA", "MX", "TW", "BR", "AT", "CH", "IN", "ZZ"]


def resident_kib() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def variant(number: int) -> str:
    letters = []
    while True:
        letters.append(chr(ord("a") + number % 26))
        number //= 26
        if number == 0 or len(letters) == 8:
            break
    return "".join(letters).ljust(5, "a")


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print(f"usage: {arguments[0]} <catalog directory> [formats]", file=sys.stderr)
        return 2
    formats = int(arguments[2]) if len(arguments) > 2 else 1_000_000
    warm = -1
    peak = 0
    with errorformatter.Catalog.open(arguments[1]) as catalog:
        for round_ in range(1, formats + 1):
            locale = f"{LANGUAGES[round_ % 8]}-{REGIONS[(round_ // 8) % 8]}-{variant(round_)}"
            shown = catalog.format(domain="kCLErrorDomain", code=round_ % 3, locales=[locale, "en"])
            if not shown.title:
                print(f"soak-python: format {round_} gave no title", file=sys.stderr)
                return 1
            if round_ % 100_000 == 0:
                rss = resident_kib()
                if warm < 0:
                    warm = rss
                peak = max(peak, rss)
                print(f"soak-python: {round_:7d} formats  RSS {rss:6d} KiB  ({rss - warm:+d} KiB since warm-up)",
                      flush=True)
    if warm >= 0 and peak - warm > 8 * 1024:
        print(f"soak-python: FAIL resident memory grew by {peak - warm} KiB after the warm-up")
        return 1
    print(f"soak-python: flat (peak {peak} KiB, {peak - warm:+d} KiB over the warm-up)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
