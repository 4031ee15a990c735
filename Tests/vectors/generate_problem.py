#!/usr/bin/env python3
"""Writes the problem responses' golden vectors (docs/packed-format.md, "A problem response").

For each case below: the output of ef_format_problem (the packed items: the header item, the
header fields' names and values, the body) for a real call on the example catalogs, and
cases.json listing the calls with their status, length and item count. The bindings' tests make
the same calls through their own API and compare the status, the header fields and the body with
the output's items.

The library is called through ctypes directly. On the way, every output is checked against what
the call promises: a call with no room reports the length a call with room writes; the first call
of a fresh catalog (its full road) and two more calls on the same catalog (the roads it
remembers) write the same bytes; the items are 2 + 2F, F the header's second number; the body is
JSON whose members come in the documented order. A case that breaks one of these stops the
generation with the reason.

usage: generate_problem.py LIBRARY ROOT OUTPUT
  LIBRARY  the built liberrorformatter.so.1    ROOT  the project's root (the catalogs)
  OUTPUT   the directory to write (made if absent)
"""

from __future__ import annotations

import ctypes
import json
import shutil
import sys
from ctypes import POINTER, byref, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any, Optional

EF_OK = 0
EF_CATALOG_LENIENT = 0
MEMBERS = {"code": 1, "domain": 2, "button": 4}
ORDER = ["type", "title", "status", "detail", "instance", "code", "domain", "button"]

CORE_LOCATION = "Examples/CoreLocation"
SYNC = "Examples/Sync"
TYPE_TEMPLATE = "https://errors.example.com/{domain}/{code}"


def case(name: str, what: str, catalog: str, domain: str, code: int, *,
         accept_language: Optional[bytes] = None, locales: Optional[list[str]] = None, status: int = 500,
         type_template: Optional[str] = None, instance: Optional[str] = None, members: tuple[str, ...] = (),
         description: Optional[str] = None, failure_reason: Optional[str] = None,
         recovery_suggestion: Optional[str] = None, arguments: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    return {"name": name, "what": what, "catalog": catalog, "domain": domain, "code": code,
            # The header as the bytes that arrived (hex: it need not be UTF-8), or null: none.
            "accept_language_hex": None if accept_language is None else accept_language.hex(),
            "locales": locales or [], "status": status, "type_template": type_template, "instance": instance,
            "members": list(members), "description": description, "failure_reason": failure_reason,
            "recovery_suggestion": recovery_suggestion,
            "arguments": [{"kind": kind, "value": value} for kind, value in arguments]}


CASES = [
    case("every-member", "a list, every member, an instance, the type template", CORE_LOCATION, "kCLErrorDomain", 0,
         locales=["fr-CA", "fr"], status=404, type_template=TYPE_TEMPLATE, instance="/requests/7",
         members=("code", "domain", "button")),
    case("two-languages", "the title from fr, the message from fr-CA: Content-Language names both", CORE_LOCATION,
         "kCLErrorDomain", 2, accept_language=b"fr-CA"),
    case("q-values", "q-values, a wildcard and a region that falls back", CORE_LOCATION, "kCLErrorDomain", 1,
         accept_language=b"da;q=0.1, *;q=0.5, de-AT;q=0.9, xx", status=503, type_template=TYPE_TEMPLATE),
    case("garbage-header", "a header that is not UTF-8: the development locale", CORE_LOCATION, "kCLErrorDomain", 0,
         accept_language=b"\xff\xfe garbage \x80\xc3", status=422),
    case("no-header", "no header at all", CORE_LOCATION, "kCLErrorDomain", 1),
    case("empty-detail", "an empty message: no detail, and no language for it", CORE_LOCATION, "kCLErrorDomain", 8,
         accept_language=b"de", status=404),
    case("builtin-title", "a domain no table has: the built-in English title", CORE_LOCATION, "Unknown Domain/é", 7,
         accept_language=b"fr", type_template=TYPE_TEMPLATE, members=("domain", "button")),
    case("own-texts-escaped", "the error's own texts, escaped once (quotes, backslash, controls, U+2028)",
         CORE_LOCATION, "Unknown", 1, accept_language=b"fr", failure_reason='Disk "A"\\ full',
         description="line one\nline two\ttabbed\u2028\u0001 end", instance='/q?a="b"&c=\\'),
    case("arguments-escaped", "arguments that need escaping, in a French title and message", SYNC,
         "SyncErrorDomain", 1, accept_language=b"fr", arguments=(("s", 'rapport "final"\\v2\n\u2028.pdf'),)),
    case("arguments-numbers", "a double and a string, a region falling back to its language", SYNC,
         "SyncErrorDomain", 3, accept_language=b"de-CH, fr;q=0.5", status=507,
         arguments=(("d", "12.25"), ("s", "Backup"))),
    case("plural", "a plural, French", SYNC, "SyncErrorDomain", 2, accept_language=b"fr", members=("code",),
         arguments=(("i", "5"),)),
]


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SystemExit(f"generate_problem: {message}")


class Library:
    """The calls the vectors need, declared from the header's signatures."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        pointer = c_void_p
        for name, restype, argtypes in [
            ("ef_catalog_open", c_int32, (POINTER(pointer), c_char_p, c_char_p, c_uint32, pointer)),
            ("ef_catalog_free", None, (pointer,)),
            ("ef_error_info_new", c_int32, (POINTER(pointer), c_char_p, c_int64, pointer)),
            ("ef_error_info_set_description", c_int32, (pointer, c_char_p, pointer)),
            ("ef_error_info_set_failure_reason", c_int32, (pointer, c_char_p, pointer)),
            ("ef_error_info_set_recovery_suggestion", c_int32, (pointer, c_char_p, pointer)),
            ("ef_error_info_add_string", c_int32, (pointer, c_char_p, pointer)),
            ("ef_error_info_add_int64", c_int32, (pointer, c_int64, pointer)),
            ("ef_error_info_add_uint64", c_int32, (pointer, c_uint64, pointer)),
            ("ef_error_info_add_double", c_int32, (pointer, c_double, pointer)),
            ("ef_error_info_free", None, (pointer,)),
            ("ef_format_problem", c_int32, (POINTER(c_size_t), c_void_p, c_size_t, pointer, pointer, c_char_p,
                                            POINTER(c_char_p), c_size_t, c_int32, c_char_p, c_char_p, c_uint32,
                                            pointer)),
        ]:
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = argtypes
        self.lib = lib

    def catalog(self, root: Path, directory: str) -> int:
        handle = c_void_p()
        status = self.lib.ef_catalog_open(byref(handle), str(root / directory).encode(), b"en", EF_CATALOG_LENIENT,
                                          None)
        check(status == EF_OK, f"{directory}: ef_catalog_open returned {status}")
        return handle.value

    def info(self, case: dict[str, Any]) -> c_void_p:
        info = c_void_p()
        check(self.lib.ef_error_info_new(byref(info), case["domain"].encode(), case["code"], None) == EF_OK,
              f"{case['name']}: ef_error_info_new failed")
        for field in ("description", "failure_reason", "recovery_suggestion"):
            if case[field] is not None:
                setter = getattr(self.lib, f"ef_error_info_set_{field}")
                check(setter(info, case[field].encode(), None) == EF_OK, f"{case['name']}: setting {field} failed")
        for argument in case["arguments"]:
            kind, value = argument["kind"], argument["value"]
            if kind == "s":
                status = self.lib.ef_error_info_add_string(info, value.encode(), None)
            elif kind == "d":
                status = self.lib.ef_error_info_add_double(info, float(value), None)
            elif kind == "u":
                status = self.lib.ef_error_info_add_uint64(info, int(value), None)
            else:
                status = self.lib.ef_error_info_add_int64(info, int(value), None)
            check(status == EF_OK, f"{case['name']}: adding argument {argument} returned {status}")
        return info

    def problem(self, catalog: int, info: c_void_p, case: dict[str, Any], room: bool) -> bytes:
        """The output of one call (`room`: a buffer it fits, else none: the length alone)."""
        header = None if case["accept_language_hex"] is None else bytes.fromhex(case["accept_language_hex"])
        locales = (c_char_p * max(1, len(case["locales"])))(*[locale.encode() for locale in case["locales"]])
        members = sum(MEMBERS[member] for member in case["members"])
        length = c_size_t()
        buffer = ctypes.create_string_buffer(65536) if room else None
        status = self.lib.ef_format_problem(
            byref(length), buffer, 65536 if room else 0, catalog, info, header, locales, len(case["locales"]),
            case["status"], None if case["type_template"] is None else case["type_template"].encode(),
            None if case["instance"] is None else case["instance"].encode(), members, None)
        check(status == EF_OK, f"{case['name']}: ef_format_problem returned {status}")
        check(length.value <= 65536, f"{case['name']}: an output of {length.value} bytes")
        return buffer.raw[:length.value] if buffer is not None else b"\0" * length.value


def read(output: bytes, name: str) -> tuple[int, list[tuple[str, str]], bytes]:
    """The status, header fields and body of an output, checked as the format says."""
    check(output.endswith(b"\0"), f"{name}: the output does not end with a NUL")
    items = output[:-1].split(b"\0")
    numbers = items[0].decode("ascii").split(" ")
    check(len(numbers) == 2 and all(number.isdigit() for number in numbers), f"{name}: header item {items[0]!r}")
    status, fields = int(numbers[0]), int(numbers[1])
    check(len(items) == 2 + 2 * fields, f"{name}: {len(items)} items for {fields} header fields")
    headers = [(items[1 + 2 * i].decode(), items[2 + 2 * i].decode()) for i in range(fields)]
    body = items[1 + 2 * fields]
    members = list(json.loads(body.decode()))
    check(members == [member for member in ORDER if member in members], f"{name}: members in order {members}")
    check(json.loads(body.decode())["status"] == status, f"{name}: the body's status is not the header's")
    return status, headers, body


def generate(library: Library, root: Path, output: Path) -> None:
    if output.exists():
        shutil.rmtree(output)
    output.mkdir(parents=True)
    manifest: dict[str, Any] = {"cases": []}
    for entry in CASES:
        name = entry["name"]
        info = library.info(entry)
        catalog = library.catalog(root, entry["catalog"])
        try:
            first = library.problem(catalog, info, entry, room=True)
            remembered = [library.problem(catalog, info, entry, room=True) for _ in range(2)]
            preflight = library.problem(catalog, info, entry, room=False)
        finally:
            library.lib.ef_catalog_free(catalog)
            library.lib.ef_error_info_free(info)
        check(all(again == first for again in remembered), f"{name}: a remembered call wrote other bytes")
        check(len(preflight) == len(first), f"{name}: a call with no room says {len(preflight)} bytes")
        status, _, _ = read(first, name)
        check(status == entry["status"], f"{name}: status {status}")
        (output / f"{name}.out").write_bytes(first)
        manifest["cases"].append(dict(entry, length=len(first), items=first.count(b"\0")))
    (output / "cases.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"generate_problem: {len(manifest['cases'])} cases in {output}")


def main(arguments: list[str]) -> int:
    if len(arguments) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    generate(Library(arguments[1]), Path(arguments[2]).resolve(), Path(arguments[3]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
