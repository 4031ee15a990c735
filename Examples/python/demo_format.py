"""The demos' shared cases (Examples/cases.tsv) and record format (Examples/README.md), without
the library, so that the CLI demo can use them too."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Optional, Union

FIELDS = ("title", "message", "button")

#: A typed argument: ("s", str), ("i", int), ("u", int) or ("d", float).
Argument = tuple[str, Union[str, int, float]]

_UNESCAPES = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_INT64 = (-(2**63), 2**63 - 1)
_UINT64 = (0, 2**64 - 1)


@dataclass(frozen=True)
class Case:
    """One line of the cases file: an error to format, and where."""

    catalog: pathlib.Path
    locales_field: str  # as written, for the record
    locales: list[str]
    domain: str
    code: int
    description: Optional[str]
    failure_reason: Optional[str]
    recovery_suggestion: Optional[str]
    table: Optional[str]
    arguments: list[Argument]


def unescaped(field: str) -> str:
    """A field with \\\\, \\t, \\n and \\r replaced by what they stand for."""
    out, position = [], 0
    while position < len(field):
        character = field[position]
        if character == "\\":
            following = field[position + 1:position + 2]
            if following not in _UNESCAPES:
                raise ValueError(f"unknown escape \\{following} in {field!r}")
            out.append(_UNESCAPES[following])
            position += 2
        else:
            out.append(character)
            position += 1
    return "".join(out)


def _optional(field: str) -> Optional[str]:
    return None if field == "-" else unescaped(field)


def _integer(text: str, bounds: tuple[int, int], what: str) -> int:
    value = int(text, 10)
    if not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"{what} {text} is out of range")
    return value


def _argument(field: str) -> Argument:
    kind, separator, text = field.partition(":")
    if separator != ":":
        raise ValueError(f"argument {field!r} has no type (s:, i:, u: or d:)")
    if kind == "s":
        return ("s", unescaped(text))
    if kind == "i":
        return ("i", _integer(text, _INT64, "int64 argument"))
    if kind == "u":
        return ("u", _integer(text, _UINT64, "uint64 argument"))
    if kind == "d":
        return ("d", float(text))
    raise ValueError(f"argument {field!r} has an unknown type {kind!r}")


def read_cases(path: Union[str, pathlib.Path]) -> list[Case]:
    """The cases of ``path``, in order; catalogs are resolved beside the file."""
    path = pathlib.Path(path)
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if line == "" or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 8:
            raise ValueError(f"{path}:{number}: {len(fields)} fields, at least 8 expected")
        locales = [] if fields[1] == "-" else fields[1].split(",")
        cases.append(Case(
            catalog=path.parent / fields[0], locales_field=fields[1], locales=locales,
            domain=unescaped(fields[2]), code=_integer(fields[3], _INT64, "code"),
            description=_optional(fields[4]), failure_reason=_optional(fields[5]),
            recovery_suggestion=_optional(fields[6]), table=_optional(fields[7]),
            arguments=[_argument(field) for field in fields[8:]]))
    return cases


def escaped(text: str) -> str:
    """``text`` with \\, TAB, LF and CR escaped, so that one record's lines never split."""
    return text.translate(_ESCAPES)


def origin(value: Optional[str], is_locale: bool = False) -> str:
    """A provenance value: None is "-", the unlocalized tables' "" is "(unlocalized)"."""
    if value is None:
        return "-"
    if is_locale and value == "":
        return "(unlocalized)"
    return escaped(value)


def record(case: Case, texts: dict[str, str],
           provenance: dict[str, tuple[Optional[str], Optional[str], Optional[str], Optional[str]]],
           stack: list[str], rejections: dict[str, list[str]]) -> str:
    """One record: ``texts`` maps title/message/button to their text, ``provenance`` maps them
    to (rule, key, locale, table), ``stack`` lists the localizations searched and
    ``rejections`` maps each field to the messages of the strings skipped for it."""
    lines = ["\t".join([case.locales_field, escaped(case.domain), str(case.code)]
                       + [f"{field}={escaped(texts[field])}" for field in FIELDS])]
    for field in FIELDS:
        rule, key, locale, table = provenance[field]
        lines.append("\t".join(["", field, f"rule={origin(rule)}", f"key={origin(key)}",
                                f"locale={origin(locale, is_locale=True)}", f"table={origin(table)}"]))
    lines.append("\tstack\t" + ",".join(escaped(entry) if entry else "(unlocalized)" for entry in stack))
    for field in FIELDS:
        lines.extend(f"\trejected\t{field}\t{escaped(message)}" for message in rejections[field])
    return "\n".join(lines)
