#!/usr/bin/env python3
"""Writes the packed format's golden vectors (docs/packed-format.md, "Golden vectors").

For each case below: the request bytes of ef_format_packed_reusable (formatted errors), the 1.3
output (ef_format_packed_reusable, ef_catalog_lookup_packed_v2) and what `errfmt format --json`
or `errfmt lookup --json` prints for the same call; cases.json lists them with their call, the
1.1 output's length and the item count. Then malformed outputs, made from real ones, that every
decoder must refuse, each with its reason.

The library is called through ctypes directly, not through the Python binding, whose decoder
the vectors test. On the way, every output is checked against what the format promises: the 1.1
output of the same call is the 1.3 output's prefix, a call with no room reports the length a
call with room writes, the same call twice writes the same bytes, and the output, read by the
reference reader below, is the object errfmt prints. A case that breaks one of these stops the
generation with the reason.

usage: generate_packed.py LIBRARY ERRFMT ROOT OUTPUT
  LIBRARY  the built liberrorformatter.so.1     ERRFMT  the built errfmt
  ROOT     the project's root (the catalogs)    OUTPUT  the directory to write (made if absent)
"""

from __future__ import annotations

import ctypes
import json
import re
import shutil
import struct
import subprocess
import sys
from ctypes import POINTER, byref, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any, Optional

EF_OK = 0
EF_E_KEY_NOT_FOUND = 8
EF_CATALOG_LENIENT = 0
STATUS_NAMES = {EF_OK: "EF_OK", EF_E_KEY_NOT_FOUND: "EF_E_KEY_NOT_FOUND"}

CORE_LOCATION = "Examples/CoreLocation"
SYNC = "Examples/Sync"


def format_case(name: str, what: str, catalog: str, preferences: list[str], domain: str, code: int,
                description: Optional[str] = None, failure_reason: Optional[str] = None,
                recovery_suggestion: Optional[str] = None, table: Optional[str] = None,
                arguments: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    return {"name": name, "what": what, "call": "format", "catalog": catalog, "preferences": preferences,
            "domain": domain, "code": code, "description": description, "failure_reason": failure_reason,
            "recovery_suggestion": recovery_suggestion, "table": table,
            "arguments": [{"kind": kind, "value": value} for kind, value in arguments]}


def lookup_case(name: str, what: str, catalog: str, preferences: list[str], key: str,
                table: Optional[str] = None, arguments: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    return {"name": name, "what": what, "call": "lookup", "catalog": catalog, "preferences": preferences,
            "key": key, "table": table, "arguments": [{"kind": kind, "value": value} for kind, value in arguments]}


CASES = [
    format_case("format-keys", "no rejection: every field from a key, down fr-CA's chain",
                CORE_LOCATION, ["fr-CA"], "kCLErrorDomain", 0),
    format_case("format-non-ascii", "Japanese texts (three-byte UTF-8)",
                CORE_LOCATION, ["ja"], "kCLErrorDomain", 2),
    format_case("format-fallback", "pt-BR matches nothing; es-MX falls back to es-419, es, en, field by field",
                CORE_LOCATION, ["pt-BR", "es-MX"], "kCLErrorDomain", 0),
    format_case("format-no-preferences", "no preferences: the development locale",
                CORE_LOCATION, [], "kCLErrorDomain", 8),
    format_case("format-null-message-button", "an empty message and a built-in button: NULL key, locale and table",
                CORE_LOCATION, ["en"], "kCLErrorDomain", 9),
    format_case("format-null-all", "a table with no such file: every field built in or empty, the whole null mask",
                CORE_LOCATION, ["en"], "kCLErrorDomain", 0, table="NoSuchTable"),
    format_case("format-caller-texts", "the failure reason is the title, the recovery suggestion the message "
                "(non-ASCII, a four-byte character)",
                CORE_LOCATION, ["ja"], "NSURLErrorDomain", -1001, description="The request timed out.",
                failure_reason="Délai dépassé 📁", recovery_suggestion="Réessayez plus tard."),
    format_case("format-description-controls", "the description as the message: a tab and a line feed in an item",
                CORE_LOCATION, ["en"], "NSCocoaErrorDomain", 4,
                description="The file “a\tb” doesn’t exist.\nIt was moved."),
    format_case("format-long", "a description of 6,000 bytes as the message: more than a binding's first buffer",
                CORE_LOCATION, ["fr"], "kCLErrorDomain", 42,
                description="Le journal dit : " + "données illisibles ; " * 272 + "fin."),
    format_case("format-empty-texts", "texts given empty count as none",
                CORE_LOCATION, ["de"], "kCLErrorDomain", 42, description="", failure_reason="", recovery_suggestion=""),
    format_case("format-untranslated-c", "C: untranslated, the developer's own text",
                CORE_LOCATION, ["C"], "kCLErrorDomain", 2),
    format_case("format-untranslated-posix", "POSIX: untranslated, the developer's own text",
                SYNC, ["POSIX", "fr"], "SyncErrorDomain", 1, arguments=(("s", "notes.txt"),)),
    format_case("format-negative-code", "a negative code, a table given by name",
                CORE_LOCATION, ["zh-TW"], "NSURLErrorDomain", -1009, table="Localizable"),
    format_case("format-argument-string", "a string argument (s) in French",
                SYNC, ["fr"], "SyncErrorDomain", 1, arguments=(("s", "rapport final.pdf"),)),
    format_case("format-argument-int64", "a signed integer (i) for a plural",
                SYNC, ["en"], "SyncErrorDomain", 2, arguments=(("i", "3"),)),
    format_case("format-argument-uint64", "an unsigned integer (u) for a plural",
                SYNC, ["fr"], "SyncErrorDomain", 2, arguments=(("u", "18446744073709551615"),)),
    format_case("format-argument-double", "a double (d) and a string",
                SYNC, ["en"], "SyncErrorDomain", 3, arguments=(("d", "12.5"), ("s", "Backup"))),
    format_case("format-argument-decimal", "integers in decimal (n): one signed, one past 2^63-1",
                SYNC, ["fr"], "SyncErrorDomain", 2, arguments=(("n", "1"), ("n", "9223372036854775808"))),
    format_case("format-rejection-title-message", "no arguments: the title and message of fr and en rejected",
                SYNC, ["fr-CA"], "SyncErrorDomain", 1),
    format_case("format-rejection-message", "de's message asks for a third argument: rejected, en's shown",
                SYNC, ["de"], "SyncErrorDomain", 3, arguments=(("d", "1.5"), ("s", "Backup"))),
    format_case("format-rejection-type", "a string for a plural's integer: the message rejected",
                SYNC, ["en"], "SyncErrorDomain", 2, arguments=(("s", "three"),)),
    lookup_case("lookup-found", "a key found in ja", CORE_LOCATION, ["ja"], "errors.title"),
    lookup_case("lookup-not-found", "no such key: not found, no rejection", CORE_LOCATION, ["ja"], "no.such.key"),
    lookup_case("lookup-untranslated", "C: the development text", CORE_LOCATION, ["C"], "errors.kCLErrorDomain.0.title",
                table="Localizable"),
    lookup_case("lookup-plural", "a plural with an integer in decimal (n)", SYNC, ["fr"],
                "errors.SyncErrorDomain.2.message", arguments=(("n", "0"),)),
    lookup_case("lookup-rejection-found", "de rejected, en found", SYNC, ["de"], "errors.SyncErrorDomain.3.message",
                arguments=(("d", "1.5"), ("s", "Backup"))),
    lookup_case("lookup-rejection-not-found", "every string rejected: not found, two rejections", SYNC, ["fr"],
                "errors.SyncErrorDomain.1.title"),
]


# --------------------------------------------------------------------------------------- library

class Library:
    """The calls the vectors need, declared from the header's signatures."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        pointer = c_void_p
        strings = POINTER(c_char_p)
        size = POINTER(c_size_t)
        self.declare(lib, "ef_catalog_open", c_int32, POINTER(pointer), c_char_p, c_char_p, c_uint32, pointer)
        self.declare(lib, "ef_catalog_free", None, pointer)
        self.declare(lib, "ef_error_info_new", c_int32, POINTER(pointer), c_char_p, c_int64, pointer)
        self.declare(lib, "ef_error_info_add_string", c_int32, pointer, c_char_p, pointer)
        self.declare(lib, "ef_error_info_add_int64", c_int32, pointer, c_int64, pointer)
        self.declare(lib, "ef_error_info_add_uint64", c_int32, pointer, c_uint64, pointer)
        self.declare(lib, "ef_error_info_add_double", c_int32, pointer, c_double, pointer)
        self.declare(lib, "ef_error_info_free", None, pointer)
        self.declare(lib, "ef_format_packed", c_int32, size, c_void_p, c_size_t, pointer, c_char_p, c_int64,
                     c_char_p, c_char_p, c_char_p, c_char_p, pointer, strings, c_size_t, pointer)
        self.declare(lib, "ef_format_packed_reusable", c_int32, size, c_void_p, c_size_t, POINTER(c_int32), pointer,
                     c_char_p, c_size_t, strings, c_size_t, pointer)
        for name in ("ef_catalog_lookup_packed", "ef_catalog_lookup_packed_v2"):
            self.declare(lib, name, c_int32, size, c_void_p, c_size_t, pointer, c_char_p, c_char_p, strings,
                         c_size_t, pointer, pointer)
        self.lib = lib
        self.catalogs: dict[str, int] = {}

    @staticmethod
    def declare(lib: ctypes.CDLL, name: str, restype: Any, *argtypes: Any) -> None:
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes

    def catalog(self, root: Path, directory: str) -> int:
        if directory not in self.catalogs:
            handle = c_void_p()
            status = self.lib.ef_catalog_open(byref(handle), str(root / directory).encode(), b"en",
                                              EF_CATALOG_LENIENT, None)
            check(status == EF_OK, f"{directory}: ef_catalog_open returned {status}")
            self.catalogs[directory] = handle.value
        return self.catalogs[directory]

    def arguments(self, case: dict[str, Any]) -> c_void_p:
        """An ef_error_info holding the case's arguments (the 1.1 calls and lookups take them so)."""
        info = c_void_p()
        check(self.lib.ef_error_info_new(byref(info), b"-", 0, None) == EF_OK, "ef_error_info_new failed")
        for argument in case["arguments"]:
            kind, value = argument["kind"], argument["value"]
            if kind == "s":
                status = self.lib.ef_error_info_add_string(info, value.encode(), None)
            elif kind == "d":
                status = self.lib.ef_error_info_add_double(info, float(value), None)
            elif kind == "u" or (kind == "n" and int(value) > 2**63 - 1):
                status = self.lib.ef_error_info_add_uint64(info, int(value), None)
            else:
                status = self.lib.ef_error_info_add_int64(info, int(value), None)
            check(status == EF_OK, f"{case['name']}: adding argument {argument} returned {status}")
        return info

    def packed(self, name: str, call: Any) -> tuple[int, bytes, int]:
        """Calls `call(length, buffer, capacity, reusable)` as a binding does (grow and retry),
        checking the promises of the protocol; returns the status, the output and *out_reusable."""
        length, reusable = c_size_t(), c_int32(-1)
        status = call(byref(length), None, 0, byref(reusable))
        needed = length.value
        check(needed > 0, f"{name}: status {status} and no output")
        outputs = []
        for capacity in (needed, needed + 7):
            buffer = ctypes.create_string_buffer(capacity)
            again = call(byref(length), buffer, capacity, byref(reusable))
            check(again == status, f"{name}: status {again} with room, {status} without")
            check(length.value == needed, f"{name}: {length.value} bytes with room, {needed} without")
            outputs.append(buffer.raw[:needed])
        check(outputs[0] == outputs[1], f"{name}: the same call wrote different bytes")
        if needed > 1:
            short = ctypes.create_string_buffer(needed - 1)
            call(byref(length), short, needed - 1, byref(reusable))
            check(length.value == needed, f"{name}: a buffer one byte short reported {length.value}")
        return status, outputs[0], reusable.value


def locale_array(preferences: list[str]) -> tuple[Any, int]:
    if not preferences:
        return None, 0
    return (c_char_p * len(preferences))(*(preference.encode() for preference in preferences)), len(preferences)


def optional_bytes(text: Optional[str]) -> Optional[bytes]:
    return None if text is None else text.encode()


# --------------------------------------------------------------------------------------- request

def request_bytes(case: dict[str, Any]) -> bytes:
    """The request of ef_format_packed_reusable (docs/packed-format.md, "The request")."""
    parts = [case["domain"].encode() + b"\0", b"%d\0" % case["code"]]
    for kind, member in ((b"D", "description"), (b"F", "failure_reason"), (b"R", "recovery_suggestion"),
                         (b"T", "table")):
        if case[member] is not None:
            parts.append(kind + case[member].encode() + b"\0")
    for argument in case["arguments"]:
        kind, value = argument["kind"], argument["value"]
        if kind == "s":
            parts.append(b"s" + value.encode() + b"\0")
        elif kind == "n":
            parts.append(b"n" + value.encode() + b"\0")
        elif kind == "i":
            parts.append(struct.pack("<cq", b"i", int(value)))
        elif kind == "u":
            parts.append(struct.pack("<cQ", b"u", int(value)))
        else:
            parts.append(struct.pack("<cd", b"d", float(value)))
    return b"".join(parts)


def errfmt_arguments(case: dict[str, Any]) -> list[str]:
    """The errfmt options of the case's arguments, in order."""
    options = []
    for argument in case["arguments"]:
        kind, value = argument["kind"], argument["value"]
        if kind == "s":
            options += ["--arg", value]
        elif kind == "d":
            options += ["--arg-double", value]
        elif kind == "u" or (kind == "n" and int(value) > 2**63 - 1):
            options += ["--arg-uint", value]
        else:
            options += ["--arg-int", value]
    return options


def errfmt_json(errfmt: str, root: Path, case: dict[str, Any]) -> bytes:
    command = [errfmt, case["call"], "--json", "--quiet", "--catalog", str(root / case["catalog"])]
    for preference in case["preferences"]:
        command += ["--locale", preference]
    if case["table"] is not None:
        command += ["--table", case["table"]]
    if case["call"] == "format":
        command += ["--domain", case["domain"], "--code", str(case["code"])]
        for member, option in (("description", "--description"), ("failure_reason", "--failure-reason"),
                               ("recovery_suggestion", "--recovery-suggestion")):
            if case[member] is not None:
                command += [option, case[member]]
    command += errfmt_arguments(case)
    if case["call"] == "lookup":
        command += ["--", case["key"]] if case["key"].startswith("-") else [case["key"]]
    ran = subprocess.run(command, capture_output=True, check=False)
    # lookup exits 1 when nothing was found, and still prints the object.
    check(ran.returncode in (0, 1) and ran.stdout, f"{case['name']}: errfmt failed: {ran.stderr.decode()}")
    return ran.stdout


# --------------------------------------------------------------------------------------- reader

class Malformed(Exception):
    """An output the format does not allow; the message says why."""


HEADER_NUMBER = re.compile(rb"0|[1-9][0-9]*")
FORMAT_FIXED, LOOKUP_FIXED = 16, 4


def read_items(output: bytes, call: str, complete: bool = True) -> tuple[list[int], list[str]]:
    """The header's numbers and the items of an output, after every check of
    docs/packed-format.md, "What a decoder must refuse"."""
    if not output:
        raise Malformed("no output")
    if output[-1:] != b"\0":
        raise Malformed("no final NUL")
    raw = output[:-1].split(b"\0")
    parts = raw[0].split(b" ")
    wanted = 6 if call == "format" else 2
    if len(parts) != wanted or not all(HEADER_NUMBER.fullmatch(part) for part in parts):
        raise Malformed(f"the header is not {wanted} numbers")
    numbers = [int(part) for part in parts]
    if any(number > len(output) for number in numbers[:5]):
        raise Malformed("a header number is too large for the output")
    if numbers[0] > 1:
        raise Malformed("a flag of the header is neither 0 nor 1")
    per_rejection = 6 if complete else 5
    if call == "format":
        if numbers[5] >= 1 << 9:
            raise Malformed("the null mask has a bit past the ninth")
        expected = FORMAT_FIXED + numbers[1] + per_rejection * sum(numbers[2:5])
    else:
        expected = LOOKUP_FIXED + per_rejection * numbers[1]
    if len(raw) != expected:
        raise Malformed(f"{len(raw)} items where the header says {expected}")
    try:
        return numbers, [item.decode() for item in raw]
    except UnicodeDecodeError as error:
        raise Malformed("an item is not UTF-8") from error


def rejection_objects(items: list[str], start: int, count: int) -> list[dict[str, str]]:
    return [dict(zip(("key", "locale", "table", "code", "message"), items[start + 5 * index:start + 5 * index + 5]))
            for index in range(count)]


def expected_object(output: bytes, call: str) -> dict[str, Any]:
    """The object errfmt prints, read from an output by the reference reader."""
    numbers, items = read_items(output, call)
    if call == "lookup":
        found, count = numbers
        return {"value": items[1] if found else None, "locale": items[2] if found else None, "table": items[3],
                "diagnostics": rejection_objects(items, 4, count)}
    untranslated, stack, *counts, mask = numbers
    provenance = {}
    position = FORMAT_FIXED + stack
    for field, name in enumerate(("title", "message", "button")):
        rule, key, locale, table = items[4 + 4 * field:8 + 4 * field]

        def value(item: str, bit: int) -> Optional[str]:
            return None if mask >> (3 * field + bit) & 1 else item

        provenance[name] = {"rule": rule, "key": value(key, 0), "locale": value(locale, 1),
                            "table": value(table, 2), "rejections": rejection_objects(items, position, counts[field])}
        position += 5 * counts[field]
    return {"title": items[1], "message": items[2], "button": items[3], "stack": items[16:16 + stack],
            "untranslated": untranslated == 1, "provenance": provenance}


def descriptions(output: bytes, call: str) -> list[str]:
    numbers, items = read_items(output, call)
    count = sum(numbers[2:5]) if call == "format" else numbers[1]
    return items[len(items) - count:]


# --------------------------------------------------------------------------------------- malformed

def with_header(output: bytes, header: bytes) -> bytes:
    return header + output[output.index(b"\0"):]


def without_last_item(output: bytes) -> bytes:
    return output[:output.rindex(b"\0", 0, len(output) - 1) + 1]


def malformed_outputs(outputs: dict[str, bytes], lengths_1_1: dict[str, int]) -> list[tuple[str, str, str, bytes]]:
    """(name, call, reason, bytes): for each error a decoder must report, an output that has it."""
    keys = outputs["format-keys"]
    rejected = outputs["format-rejection-title-message"]
    lookup = outputs["lookup-rejection-found"]
    header = keys[:keys.index(b"\0")].split(b" ")

    def header_with(index: int, value: bytes) -> bytes:
        return with_header(keys, b" ".join(header[:index] + [value] + header[index + 1:]))

    return [
        ("format-empty", "format", "no output: zero bytes", b""),
        ("format-no-final-nul", "format", "no final NUL: the last byte of the output is not a NUL", keys[:-1]),
        ("format-cut", "format", "no final NUL: the output is cut inside an item",
         keys[:keys.index(b"\0", keys.index(b"\0") + 1) + 3]),
        ("format-missing-item", "format", "the item count: one item fewer than the header says",
         without_last_item(keys)),
        ("format-extra-item", "format", "the item count: one item more than the header says", keys + b"\0"),
        ("format-1.1-output", "format", "the item count: a 1.1 output (without descriptions) where a 1.3 one "
         "was asked for", rejected[:lengths_1_1["format-rejection-title-message"]]),
        ("format-missing-description", "format", "the item count: the last description is missing",
         without_last_item(rejected)),
        ("format-header-five-numbers", "format", "the header: five numbers where six are due",
         with_header(keys, b" ".join(header[:5]))),
        ("format-header-seven-numbers", "format", "the header: seven numbers where six are due",
         with_header(keys, b" ".join(header + [b"0"]))),
        ("format-header-letter", "format", "the header: a number that is not decimal", header_with(2, b"x")),
        ("format-header-sign", "format", "the header: a number with a sign", header_with(2, b"+0")),
        ("format-header-negative", "format", "the header: a negative number", header_with(2, b"-1")),
        ("format-header-leading-zero", "format", "the header: a number with a leading zero",
         header_with(1, b"0" + header[1])),
        ("format-header-double-space", "format", "the header: two spaces between numbers",
         with_header(keys, b" ".join(header[:2]) + b"  " + b" ".join(header[2:]))),
        ("format-header-trailing-space", "format", "the header: a space after the last number",
         with_header(keys, b" ".join(header) + b" ")),
        ("format-header-empty", "format", "the header: an empty item", with_header(keys, b"")),
        ("format-header-untranslated-2", "format", "the header: untranslated is neither 0 nor 1",
         header_with(0, b"2")),
        ("format-header-null-mask-512", "format", "the header: a null mask bit past the ninth",
         header_with(5, b"512")),
        ("format-header-huge-stack", "format", "the header: a stack count larger than the output (and than 64 bits)",
         header_with(1, b"99999999999999999999999")),
        ("format-not-utf8", "format", "UTF-8: the title holds the byte 0xFF",
         keys.replace(b"\0", b"\0\xff", 1)),
        ("lookup-empty", "lookup", "no output: zero bytes", b""),
        ("lookup-no-final-nul", "lookup", "no final NUL: the last byte of the output is not a NUL", lookup[:-1]),
        ("lookup-missing-description", "lookup", "the item count: the last description is missing",
         without_last_item(lookup)),
        ("lookup-1.1-output", "lookup", "the item count: a 1.1 output (without descriptions) where a 1.3 one "
         "was asked for", lookup[:lengths_1_1["lookup-rejection-found"]]),
        ("lookup-extra-item", "lookup", "the item count: one item more than the header says", lookup + b"\0"),
        ("lookup-header-three-numbers", "lookup", "the header: three numbers where two are due",
         with_header(lookup, lookup[:lookup.index(b"\0")] + b" 0")),
        ("lookup-header-found-2", "lookup", "the header: found is neither 0 nor 1",
         with_header(lookup, b"2" + lookup[1:lookup.index(b"\0")])),
        ("lookup-format-output", "lookup", "the header: a formatted error's output given as a lookup's", keys),
        ("format-lookup-output", "format", "the header: a lookup's output given as a formatted error's", lookup),
        ("lookup-not-utf8", "lookup", "UTF-8: the value holds a lone continuation byte",
         lookup.replace(b"\0", b"\0\x80", 1)),
    ]


# --------------------------------------------------------------------------------------- main

def check(condition: bool, message: str) -> None:
    if not condition:
        raise SystemExit(f"generate_packed: {message}")


def generate(library: Library, errfmt: str, root: Path, output: Path) -> None:
    if output.exists():
        shutil.rmtree(output)
    (output / "malformed").mkdir(parents=True)
    manifest: dict[str, Any] = {"cases": [], "malformed": []}
    outputs: dict[str, bytes] = {}
    lengths_1_1: dict[str, int] = {}
    for case in CASES:
        name = case["name"]
        catalog = library.catalog(root, case["catalog"])
        locales, count = locale_array(case["preferences"])
        arguments = library.arguments(case)
        try:
            if case["call"] == "format":
                request = request_bytes(case)
                status, out, reusable = library.packed(name, lambda length, buffer, capacity, reusable: (
                    library.lib.ef_format_packed_reusable(length, buffer, capacity, reusable, catalog, request,
                                                          len(request), locales, count, None)))
                _, old, _ = library.packed(name, lambda length, buffer, capacity, _: library.lib.ef_format_packed(
                    length, buffer, capacity, catalog, case["domain"].encode(), case["code"],
                    optional_bytes(case["description"]), optional_bytes(case["failure_reason"]),
                    optional_bytes(case["recovery_suggestion"]), optional_bytes(case["table"]), arguments,
                    locales, count, None))
                (output / f"{name}.request").write_bytes(request)
            else:
                key, table = case["key"].encode(), optional_bytes(case["table"])
                status, out, _ = library.packed(name, lambda length, buffer, capacity, _: (
                    library.lib.ef_catalog_lookup_packed_v2(length, buffer, capacity, catalog, table, key, locales,
                                                            count, arguments, None)))
                _, old, _ = library.packed(name, lambda length, buffer, capacity, _: (
                    library.lib.ef_catalog_lookup_packed(length, buffer, capacity, catalog, table, key, locales,
                                                         count, arguments, None)))
                reusable = None
        finally:
            library.lib.ef_error_info_free(arguments)
        check(status in STATUS_NAMES, f"{name}: status {status}")
        check(out.startswith(old), f"{name}: the 1.1 output is not the 1.3 output's prefix")
        read_items(old, case["call"], complete=False)
        printed = errfmt_json(errfmt, root, case)
        try:
            read = expected_object(out, case["call"])
        except Malformed as error:
            raise SystemExit(f"generate_packed: {name}: the library's output is malformed: {error}") from error
        check(read == json.loads(printed), f"{name}: the output reads as {read}, errfmt printed {printed.decode()}")
        (output / f"{name}.out").write_bytes(out)
        (output / f"{name}.json").write_bytes(printed)
        outputs[name], lengths_1_1[name] = out, len(old)
        entry = dict(case)
        entry.update({"status": STATUS_NAMES[status], "length": len(out), "length_1_1": len(old),
                      "items": out.count(b"\0")})
        if reusable is not None:
            entry["reusable"] = reusable
        manifest["cases"].append(entry)
    for name, call, reason, data in malformed_outputs(outputs, lengths_1_1):
        try:
            read_items(data, call)
        except Malformed:
            pass
        else:
            raise SystemExit(f"generate_packed: malformed/{name}.out reads as a valid output")
        (output / "malformed" / f"{name}.out").write_bytes(data)
        manifest["malformed"].append({"name": name, "call": call, "reason": reason})
    (output / "cases.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for catalog in library.catalogs.values():
        library.lib.ef_catalog_free(catalog)
    print(f"generate_packed: {len(manifest['cases'])} cases and {len(manifest['malformed'])} malformed outputs "
          f"in {output}")


def main(arguments: list[str]) -> int:
    if len(arguments) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    generate(Library(arguments[1]), arguments[2], Path(arguments[3]).resolve(), Path(arguments[4]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
