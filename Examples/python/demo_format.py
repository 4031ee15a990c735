"""The demos' shared cases and record format (Examples/README.md), without the library, so that
the CLI demo can use them too."""

from __future__ import annotations

from typing import Optional

# The same cases, in the same order, as Examples/c/demo.c.
LOCALE_LISTS = [["en"], ["fr-CA"], ["es-MX"], ["zh-TW"], ["ja"], ["de-AT"], ["pt-BR", "es-MX"]]
ERRORS = [("kCLErrorDomain", 0), ("kCLErrorDomain", 1), ("kCLErrorDomain", 8),
          ("kCLErrorDomain", 42), ("NSURLErrorDomain", -1009)]

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
