#!/usr/bin/env python3
"""Builds a smaller libicudata.so.<major> holding only the ICU data liberrorformatter reads.

ICU's data library is one symbol, ``icudt<major>_dat``: a common-data package (the format of
``icudt<major>l.dat``). This script copies that package out of the installed library, drops every
item not named in packaging/icu/data-items.txt with ``icupkg``, turns the rest back into an
object with ``genccode`` and links a shared library with the same soname. ICU finds its data
through that symbol, so the trimmed library replaces the original one-for-one (in a wheel, in
a tarball, or through LD_LIBRARY_PATH to test it). An --output ending in .a makes a static archive
instead, libicudata.a, for a build that links a static ICU into the library itself.

usage: trim_icu_data.py --library /usr/lib/<triplet>/libicudata.so.72 --items data-items.txt
                        --output build/icu-data/libicudata.so.72|libicudata.a [--cc cc]

Needs icupkg and genccode (Debian: icu-devtools), nm and readelf (binutils) and a C compiler.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# A main-tree locale bundle: ll[l][_Script][_RR][_VARIANT].res (af.res, es_419.res, sr_Latn_BA.res).
LOCALE_BUNDLE = re.compile(r"^[a-z]{2,3}(_[A-Za-z0-9]+)*\.res$")


# Debian installs icupkg and genccode in /usr/sbin, which a non-root PATH often lacks.
TOOL_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/usr/local/sbin"])


def tool(name: str) -> str:
    found = shutil.which(name, path=TOOL_PATH)
    if found is None:
        sys.exit(f"trim_icu_data: {name} is not on PATH or in /usr/sbin (apt-get install icu-devtools binutils)")
    return found


def run(*command: str) -> str:
    command = (tool(command[0]),) + command[1:]
    process = subprocess.run(command, capture_output=True, text=True)
    if process.returncode != 0:
        sys.exit(f"trim_icu_data: {' '.join(command)} failed:\n{process.stderr}")
    return process.stdout


def data_package(library: Path) -> tuple[str, bytes]:
    """(entry point name, bytes of the common-data package) of an ICU data library."""
    symbols = run("nm", "-D", "-S", "--defined-only", str(library))
    found = [line.split() for line in symbols.splitlines()
             if re.search(r"\sicudt\d+_dat$", line)]
    if len(found) != 1 or len(found[0]) != 4:
        sys.exit(f"trim_icu_data: {library} has no single icudt<N>_dat symbol:\n{symbols}")
    address, size, _, name = found[0]
    address_value, size_value = int(address, 16), int(size, 16)
    # The symbol's address maps to a file offset through the section that holds it.
    for line in run("readelf", "-S", "-W", str(library)).splitlines():
        # "  [11] .rodata  PROGBITS  0000000000002000 002000 1dcde00 00 A 0 0 16"
        section = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s", line)
        if section is None:
            continue
        kind = section.group(2)
        section_address, section_offset, section_size = (int(section.group(i), 16) for i in (3, 4, 5))
        if kind != "NOBITS" and section_address <= address_value < section_address + section_size:
            offset = address_value - section_address + section_offset
            with library.open("rb") as file:
                file.seek(offset)
                data = file.read(size_value)
            if len(data) != size_value:
                sys.exit(f"trim_icu_data: {library} is shorter than its {name} symbol")
            return name.removesuffix("_dat"), data
    sys.exit(f"trim_icu_data: no section of {library} holds {name}")


def kept(items: list[str], patterns: list[str]) -> list[str]:
    """The items to keep: those matching a pattern, and every locale bundle for @locales."""
    result = []
    # `icupkg -l` names items relative to the package: "af.res" (main tree), "coll/af.res".
    for item in items:
        if any(pattern == "@locales" and "/" not in item and LOCALE_BUNDLE.match(item)
               or fnmatch.fnmatchcase(item, pattern) for pattern in patterns):
            result.append(item)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", type=Path, required=True)
    parser.add_argument("--items", type=Path, required=True)
    parser.add_argument("--output", type=Path, required=True)
    parser.add_argument("--cc", default="cc")
    arguments = parser.parse_args()
    for name in ("icupkg", "genccode", "nm", "readelf", "ar", arguments.cc):
        tool(name)

    patterns = [line.strip() for line in arguments.items.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    entry, package = data_package(arguments.library.resolve())
    soname = arguments.output.name
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        # icupkg names a package's items after its file name (icudt72l/...), so keep that name.
        full = scratch / "full" / f"{entry}l.dat"
        full.parent.mkdir()
        full.write_bytes(package)
        items = run("icupkg", "-l", str(full)).split()
        keep = kept(items, patterns)
        if not any(item.endswith("root.res") for item in keep):
            sys.exit("trim_icu_data: the item list keeps no root.res; refusing to build unusable data")
        (scratch / "remove.txt").write_text("\n".join(sorted(set(items) - set(keep))) + "\n")
        trimmed = scratch / f"{entry}l.dat"
        run("icupkg", "-r", str(scratch / "remove.txt"), str(full), str(trimmed))
        run("genccode", "-q", "-a", "gcc", "-e", entry, "-d", str(scratch), str(trimmed))
        assembly = scratch / f"{entry}l_dat.S"
        run(arguments.cc, "-c", "-Wa,--noexecstack", str(assembly), "-o", str(scratch / "data.o"))
        arguments.output.parent.mkdir(parents=True, exist_ok=True)
        if arguments.output.suffix == ".a":
            # A static archive (libicudata.a) for a library that links ICU into itself.
            arguments.output.unlink(missing_ok=True)
            run("ar", "rcs", str(arguments.output), str(scratch / "data.o"))
        else:
            run(arguments.cc, "-shared", "-nostdlib", f"-Wl,-soname,{soname}", "-Wl,-z,noexecstack",
                "-o", str(arguments.output), str(scratch / "data.o"))
        print(f"trim_icu_data: {arguments.output}: {len(keep)} of {len(items)} items, "
              f"{trimmed.stat().st_size / 1e6:.1f} MB of data (was {len(package) / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
