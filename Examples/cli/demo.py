#!/usr/bin/env python3
"""Formats the example catalog's errors through the errfmt command line.

usage: demo.py <errfmt> <catalog directory>

Runs `errfmt format --json` for the same cases as Examples/c/demo.c and Examples/python/demo.py
and prints the same records (Examples/README.md), so that the CLI, C and Python can be diffed.
This script only re-prints errfmt's JSON; it does not load the library itself.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "python"))
import demo_format  # noqa: E402  (the shared cases and record format)
from demo_format import ERRORS, LOCALE_LISTS  # noqa: E402


def record(locales: list[str], domain: str, code: int, shown: dict) -> str:
    where = shown["provenance"]
    return demo_format.record(
        locales, domain, code, {field: shown[field] for field in demo_format.FIELDS},
        {field: (where[field]["rule"], where[field]["key"], where[field]["locale"], where[field]["table"])
         for field in demo_format.FIELDS},
        shown["stack"])


def main(arguments: list[str]) -> int:
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[attr-defined]
    if len(arguments) != 3:
        print(f"usage: {arguments[0]} <errfmt> <catalog directory>", file=sys.stderr)
        return 2
    errfmt, catalog = arguments[1], arguments[2]
    for locales in LOCALE_LISTS:
        for domain, code in ERRORS:
            completed = subprocess.run(
                [errfmt, "format", "--catalog", catalog, "--domain", domain, "--code", str(code),
                 "--locale", ",".join(locales), "--json"],
                capture_output=True, text=True, encoding="utf-8")
            if completed.returncode != 0:
                print(f"demo: errfmt failed: {completed.stderr.strip()}", file=sys.stderr)
                return 1
            print(record(locales, domain, code, json.loads(completed.stdout)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
