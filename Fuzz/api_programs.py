#!/usr/bin/env python3
"""Writes fuzz-api seed programs (Fuzz/APISequenceFuzz.swift's format) from table files.

usage: api_programs.py <output directory> <table file>...

Each table becomes: a lenient builder, the table added for a locale chosen by its format,
finish, a format and a lookup for French then English, result getters. make fuzz-api runs it
over ../shared/corpus/data when that is present, so the fuzzer starts from real tables.
"""

import hashlib
import os
import sys

# Indices into the harness's fileNames: .strings, .stringsdict, .json, .xcstrings.
FILE_PICKS = {".strings": 0, ".stringsdict": 1, ".json": 2, ".xcstrings": 3}


def step(opcode: int, argument: bytes, wide: bool = False) -> bytes:
    if wide:
        return bytes([opcode, len(argument) & 0xFF, len(argument) >> 8]) + argument
    return bytes([opcode, len(argument)]) + argument


def main(arguments: list[str]) -> int:
    output = arguments[1]
    os.makedirs(output, exist_ok=True)
    for path in arguments[2:]:
        extension = os.path.splitext(path)[1]
        if extension not in FILE_PICKS:
            continue
        with open(path, "rb") as file:
            table = file.read(65535 - 1)
        # pick: file index in the high nibble, locale index ("fr-CA" = 3, none = 0) in the low.
        pick = FILE_PICKS[extension] * 16 + (0 if extension == ".xcstrings" else 3)
        program = (b"\x00" + step(0, bytes([pick]) + table, wide=True) + step(1, b"\x02")
                   + step(2, b"\x01fr-CA|en") + step(4, b"\x01") + step(3, b"\x01errors.title"))
        name = "shared-" + hashlib.sha1(path.encode()).hexdigest()[:12]
        with open(os.path.join(output, name), "wb") as file:
            file.write(program)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
