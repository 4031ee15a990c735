#!/usr/bin/env python3
"""Writes a gettext .po file with the same keys and values as a .strings table, so that the
format benchmark can run gettext on exactly the strings ErrorFormatter reads.

usage: strings_to_po.py ERRFMT TABLE.strings OUT.po
(The table is parsed by `errfmt dump --json`, i.e. with CoreFoundation's grammar.)
"""
import json
import subprocess
import sys


def po_quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def main() -> int:
    errfmt, table, out = sys.argv[1:4]
    dumped = json.loads(subprocess.run([errfmt, "dump", "--json", table], check=True,
                                       capture_output=True, text=True).stdout)
    with open(out, "w", encoding="utf-8") as po:
        po.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for key, value in dumped["entries"].items():
            if isinstance(value, str):
                po.write(f"msgid {po_quote(key)}\nmsgstr {po_quote(value)}\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
