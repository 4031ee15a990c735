#!/usr/bin/env python3
"""One error formatted from Python: errorformatter.Catalog.format side by side with the peers
that are installed (fluent.runtime, PyICU), in one run.

The same work each way: the title, message and button of kCLErrorDomain 2 for fr-CA from the
example catalog, and an English plural string with a count. The peers are given the same
French and English strings as their own message formats, parsed once before timing (as an
application would). A peer that is not installed is skipped with a message: neither is a
dependency of this project.

Prints microseconds per operation (best of several rounds) and the ratio ErrorFormatter / the
faster installed peer (below 1 is faster).

usage: format_bench.py CATALOG_DIR [ITERATIONS]
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional

import errorformatter

ROUNDS = 7  # best of several rounds: the machine is shared, the minimum is the least disturbed

PLURAL_STRINGSDICT = b"""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>files</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
<key>files</key><dict>
<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>%d file</string><key>other</key><string>%d files</string>
</dict></dict></dict></plist>
"""


def best_time(operation: Callable[[int], object], iterations: int) -> float:
    """Seconds per call of the fastest round."""
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for index in range(iterations):
            operation(index)
        best = min(best, (time.perf_counter() - start) / iterations)
    return best


def fluent_peers(texts: dict[str, str]) -> Optional[tuple[Callable[[int], object], Callable[[int], object]]]:
    try:
        from fluent.runtime import FluentBundle, FluentResource  # type: ignore[import-not-found]
    except ImportError:
        return None
    french = FluentBundle(["fr-CA", "fr"], use_isolating=False)
    french.add_resource(FluentResource(
        f"title = {texts['title']}\nmessage = {texts['message']}\nok = {texts['button']}\n"))
    english = FluentBundle(["en"], use_isolating=False)
    english.add_resource(FluentResource("files = { $count ->\n [one] { $count } file\n *[other] { $count } files\n}\n"))
    title, message, ok = (french.get_message(name).value for name in ("title", "message", "ok"))
    files = english.get_message("files").value

    def format_error(_: int) -> object:
        return (french.format_pattern(title, {})[0], french.format_pattern(message, {})[0],
                french.format_pattern(ok, {})[0])

    def format_plural(index: int) -> object:
        return english.format_pattern(files, {"count": index % 100})[0]

    return format_error, format_plural


def pyicu_peers(texts: dict[str, str]) -> Optional[tuple[Callable[[int], object], Callable[[int], object]]]:
    try:
        import icu  # type: ignore[import-not-found]
    except ImportError:
        return None
    french = icu.Locale("fr_CA")
    # Apostrophes are MessageFormat's quoting character: double them to keep the text as is.
    formats = [icu.MessageFormat(texts[field].replace("'", "''"), french)
               for field in ("title", "message", "button")]
    files = icu.MessageFormat("{0,plural,one{# file} other{# files}}", icu.Locale("en"))

    def format_error(_: int) -> object:
        return tuple(str(each.format([])) for each in formats)

    def format_plural(index: int) -> object:
        return str(files.format([icu.Formattable(index % 100)]))

    return format_error, format_plural


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print(f"usage: {arguments[0]} CATALOG_DIR [ITERATIONS]", file=sys.stderr)
        return 2
    iterations = int(arguments[2]) if len(arguments) > 2 else 20000
    catalog = errorformatter.Catalog.open(arguments[1], development_locale="en")
    plural = errorformatter.Catalog.from_tables([("en", "Localizable.stringsdict", PLURAL_STRINGSDICT)])
    shown = catalog.format("kCLErrorDomain", 2, locales=["fr-CA"])
    texts = {"title": shown.title, "message": shown.message, "button": shown.button}

    ours = {
        "format: title+message+button (fr-CA > fr)":
            lambda _: catalog.format("kCLErrorDomain", 2, locales=["fr-CA"]),
        "plural lookup (en, %d of 0..99)":
            lambda index: plural.lookup("files", locales=["en"], arguments=[index % 100]),
    }
    peers = {}
    for name, make in (("fluent.runtime", fluent_peers), ("PyICU", pyicu_peers)):
        made = make(texts)
        if made is None:
            print(f"format_bench.py: {name} is not installed; skipped (pip install "
                  f"{'fluent.runtime' if name == 'fluent.runtime' else 'PyICU'} to compare)")
        else:
            peers[name] = made

    print(f"{'operation (best of 7 rounds, us/op)':44} {'ours':>8} " + " ".join(f"{n:>15}" for n in peers)
          + f" {'ours/best':>10}")
    for index, (name, operation) in enumerate(ours.items()):
        mine = best_time(operation, iterations)
        theirs = [best_time(peer[index], iterations) for peer in peers.values()]
        ratio = f"{mine / min(theirs):9.2f}x" if theirs else f"{'-':>10}"
        print(f"{name:44} {mine * 1e6:8.2f} " + " ".join(f"{t * 1e6:15.2f}" for t in theirs) + f" {ratio}")
    print("target (DESIGN.md): one format from Python <= 0.60x the faster of fluent.runtime and PyICU")
    catalog.close()
    plural.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
