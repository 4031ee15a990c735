#!/usr/bin/env python3
"""Formats the cross-binding cases through the errfmt command line.

usage: demo.py <errfmt> <cases file>          (Examples/cases.tsv)

Runs `errfmt format --json` for each case and prints the same records as the binding demos
(Examples/README.md), so that the CLI and the bindings can be diffed. This script only re-prints
errfmt's JSON; it does not load the library itself.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "python"))
import demo_format  # noqa: E402  (the shared cases and record format)

_ARGUMENT_OPTIONS = {"s": "--arg", "i": "--arg-int", "u": "--arg-uint", "d": "--arg-double"}


def command(errfmt: str, case: demo_format.Case) -> list[str]:
    words = [errfmt, "format", "--catalog", str(case.catalog), "--domain", case.domain,
             "--code", str(case.code), "--development-locale", "en", "--json"]
    if case.locales:
        words += ["--locale", ",".join(case.locales)]
    for option, text in (("--description", case.description),
                         ("--failure-reason", case.failure_reason),
                         ("--recovery-suggestion", case.recovery_suggestion),
                         ("--table", case.table)):
        if text is not None:
            words += [option, text]
    for kind, value in case.arguments:
        # repr() of a float round-trips: errfmt parses back the very double the bindings pass.
        words += [_ARGUMENT_OPTIONS[kind], repr(value) if kind == "d" else str(value)]
    return words


def rejection_line(rejection: dict) -> str:
    # The CLI's JSON keeps a rejection's parts; the C API's one-line form joins them so.
    locale = rejection["locale"] or "(unlocalized)"
    return f"{rejection['key']} in {locale}/{rejection['table']}: {rejection['message']} [{rejection['code']}]"


def record(case: demo_format.Case, shown: dict) -> str:
    where = shown["provenance"]
    return demo_format.record(
        case, {field: shown[field] for field in demo_format.FIELDS},
        {field: (where[field]["rule"], where[field]["key"], where[field]["locale"], where[field]["table"])
         for field in demo_format.FIELDS},
        shown["stack"],
        {field: [rejection_line(rejection) for rejection in where[field]["rejections"]]
         for field in demo_format.FIELDS})


def main(arguments: list[str]) -> int:
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[attr-defined]
    if len(arguments) != 3:
        print(f"usage: {arguments[0]} <errfmt> <cases file>", file=sys.stderr)
        return 2
    errfmt = arguments[1]
    for case in demo_format.read_cases(arguments[2]):
        completed = subprocess.run(command(errfmt, case), capture_output=True, text=True,
                                   encoding="utf-8")
        if completed.returncode != 0:
            print(f"demo: errfmt failed: {completed.stderr.strip()}", file=sys.stderr)
            return 1
        print(record(case, json.loads(completed.stdout)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
