#!/usr/bin/env python3
"""Formats the cross-binding cases through the Python binding of liberrorformatter.

usage: demo.py <cases file>          (Examples/cases.tsv)

Prints one record per case in the format of Examples/README.md, identical to the C, C++, Rust,
Swift and errfmt demos', so that they can be diffed.
"""

from __future__ import annotations

import sys

import errorformatter
import demo_format  # the shared cases and record format


def record(case: demo_format.Case, shown: errorformatter.FormattedError) -> str:
    where = shown.provenance
    return demo_format.record(
        case, {"title": shown.title, "message": shown.message, "button": shown.button},
        {field: (where[field].rule, where[field].key, where[field].locale, where[field].table)
         for field in demo_format.FIELDS},
        list(shown.stack), {field: [str(r) for r in where[field].rejections] for field in demo_format.FIELDS})


def print_diagnostics(catalog: errorformatter.Catalog) -> None:
    for diagnostic in catalog.diagnostics:
        print(f"{diagnostic.file or '(catalog)'}:{diagnostic.line}:{diagnostic.column}: "
              f"{diagnostic.severity.name.lower()}: {diagnostic.message} [{diagnostic.code}]",
              file=sys.stderr)


def main(arguments: list[str]) -> int:
    # The format is UTF-8 with LF line ends whatever the terminal's locale says.
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[attr-defined]
    if len(arguments) != 2:
        print(f"usage: {arguments[0]} <cases file>", file=sys.stderr)
        return 2
    catalogs: dict[str, errorformatter.Catalog] = {}
    try:
        for case in demo_format.read_cases(arguments[1]):
            catalog = catalogs.get(str(case.catalog))
            if catalog is None:
                # Each record prints its rejections, as every runtime's demo does: the binding's
                # own warning about them would only repeat it, differently in each runtime.
                catalog = errorformatter.Catalog.open(
                    case.catalog, development_locale="en", rejections="ignore")
                catalogs[str(case.catalog)] = catalog
                print_diagnostics(catalog)
            # The cases file types each argument; Python types them from the value, so a uint64
            # argument is an int above 2**63-1 only: the binding has no other way to ask for one.
            values = [value for _, value in case.arguments]
            shown = catalog.format(
                domain=case.domain, code=case.code, locales=case.locales,
                description=case.description, failure_reason=case.failure_reason,
                recovery_suggestion=case.recovery_suggestion, table=case.table, arguments=values)
            print(record(case, shown))
    except errorformatter.ErrorFormatterError as error:
        print(f"demo: {error} ({error.status_name})", file=sys.stderr)
        return 1
    finally:
        for catalog in catalogs.values():
            catalog.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
