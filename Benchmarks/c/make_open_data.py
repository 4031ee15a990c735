"""Makes the gettext side of `make bench-open`: every table of every localization of a catalog
directory, as gettext .mo files (`<out>/<lang>/LC_MESSAGES/<Table>.mo`), the way a project that
ships with gettext would compile them with msgfmt.

usage: make_open_data.py ERRFMT CATALOG OUT

The tables are read with `errfmt dump --json` (exactly as the catalog reads them), so both sides
hold the same keys and values. Keys gettext cannot hold (the empty key, which is the .po header)
and entries msgfmt refuses are left out: the benchmark looks up an ordinary key.
"""

import json
import os
import subprocess
import sys


def po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    escaped = escaped.replace("\r", "\\r")
    return '"' + escaped + '"'


def main() -> int:
    errfmt, catalog, out = sys.argv[1:4]
    made = 0
    for directory in sorted(os.listdir(catalog)):
        if not directory.endswith(".lproj"):
            continue
        language = directory[: -len(".lproj")].replace("-", "_")
        folder = os.path.join(catalog, directory)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".strings"):
                continue
            dumped = subprocess.run([errfmt, "dump", "--json", os.path.join(folder, name)],
                                    capture_output=True, text=True, check=False)
            record = json.loads(dumped.stdout.splitlines()[0])
            if not record.get("ok"):
                continue
            lines = ['msgid ""', 'msgstr "Content-Type: text/plain; charset=UTF-8\\n"', ""]
            for key, value in record["entries"].items():
                if key == "" or not isinstance(value, str) or "\0" in key + value:
                    continue
                # msgfmt refuses an entry whose msgid and msgstr differ in a leading or trailing
                # newline; such entries are left out of the .mo (not of the catalog).
                if key.startswith("\n") != value.startswith("\n") or key.endswith("\n") != value.endswith("\n"):
                    continue
                lines += ["msgid " + po_string(key), "msgstr " + po_string(value), ""]
            target = os.path.join(out, language, "LC_MESSAGES")
            os.makedirs(target, exist_ok=True)
            source = os.path.join(target, name[: -len(".strings")] + ".po")
            with open(source, "w", encoding="utf-8") as po:
                po.write("\n".join(lines))
            subprocess.run(["msgfmt", "-o", source[:-3] + ".mo", source], check=True)
            os.remove(source)
            made += 1
    print(f"make_open_data: {made} .mo files in {out}")
    return 0 if made else 1


if __name__ == "__main__":
    sys.exit(main())
