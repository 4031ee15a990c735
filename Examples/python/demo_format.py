"""The demos' shared cases and record format (Examples/README.md), without the library, so that
the CLI demo can use them too."""

from __future__ import annotations

from typing import Optional

FIELDS = ("title", "message", "button")

# The same cases, in the same order, as Examples/c/demo.c.
LOCALE_LISTS = [["en"], ["fr-CA"], ["es-MX"], ["zh-TW"], ["ja"], ["de-AT"], ["pt-BR", "es-MX"]]
ERRORS = [("kCLErrorDomain", 0), ("kCLErrorDomain", 2), ("kCLErrorDomain", 8),
          ("kCLErrorDomain", 9), ("kCLErrorDomain", 42), ("NSURLErrorDomain", -1009)]

_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


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


def record(locales: list[str], domain: str, code: int, texts: dict[str, str],
           provenance: dict[str, tuple[Optional[str], Optional[str], Optional[str], Optional[str]]],
           stack: list[str]) -> str:
    """One record: ``texts`` maps title/message/button to their text, ``provenance`` maps them
    to (rule, key, locale, table), ``stack`` lists the localizations searched."""
    lines = ["\t".join([",".join(locales), domain, str(code)]
                       + [f"{field}={escaped(texts[field])}" for field in FIELDS])]
    for field in FIELDS:
        rule, key, locale, table = provenance[field]
        lines.append("\t".join(["", field, f"rule={origin(rule)}", f"key={origin(key)}",
                                f"locale={origin(locale, is_locale=True)}", f"table={origin(table)}"]))
    lines.append("\tstack\t" + ",".join(escaped(entry) if entry else "(unlocalized)" for entry in stack))
    return "\n".join(lines)
