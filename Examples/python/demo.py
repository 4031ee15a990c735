#!/usr/bin/env python3
"""Formats the example catalog's errors through the Python binding of liberrorformatter.

usage: demo.py <catalog directory>          (Examples/CoreLocation)

Prints one record per (preferred-locale list, error) in the line format of Examples/README.md,
identical to Examples/c/demo.c's, so the two (and the CLI) can be diffed.
"""

from __future__ import annotations

import sys

import errorformatter
import demo_format  # the shared cases and record format
from demo_format import ERRORS, LOCALE_LISTS


def record(locales: list[str], domain: str, code: int, shown: errorformatter.FormattedError) -> str:
    where = shown.provenance
    return demo_format.record(
        locales, domain, code, {"title": shown.title, "message": shown.message, "button": shown.button},
        {field: (where[field].rule, where[field].key, where[field].locale, where[field].table)
         for field in demo_format.FIELDS},
        list(shown.stack))


def main(arguments: list[str]) -> int:
    # The format is UTF-8 with LF line ends whatever the terminal's locale says.
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[attr-defined]
    if len(arguments) != 2:
        print(f"usage: {arguments[0]} <catalog directory>", file=sys.stderr)
        return 2
    try:
        catalog = errorformatter.Catalog.open(arguments[1], development_locale="en")
    except errorformatter.ErrorFormatterError as error:
        print(f"demo: cannot open the catalog: {error} ({error.status_name})", file=sys.stderr)
        return 1
    with catalog:
        for diagnostic in catalog.diagnostics:
            print(f"{diagnostic.file or '(catalog)'}:{diagnostic.line}:{diagnostic.column}: "
                  f"{diagnostic.severity.name.lower()}: {diagnostic.message} [{diagnostic.code}]",
                  file=sys.stderr)
        for locales in LOCALE_LISTS:
            for domain, code in ERRORS:
                shown = catalog.format(domain=domain, code=code, locales=locales)
                print(record(locales, domain, code, shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
