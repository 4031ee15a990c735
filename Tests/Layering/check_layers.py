#!/usr/bin/env python3
"""Checks DESIGN.md's "What depends on what": no folder of the Swift core names a type declared
in a folder it must never name.

The core's folders are layers (bytes -> tables -> catalog -> rules); a lower layer that names a
higher layer's type is a dependency going the wrong way. This reads every folder's declarations
(class, struct, enum, protocol, actor, typealias), strips comments and string literals from the
sources, and looks for each forbidden name as a whole word. A type that a folder both declares
and would be forbidden to name (a nested type of the same name) is ignored.

usage: check_layers.py [SOURCES_DIR]   (default: Sources/ErrorFormatter of this checkout)
Exit status 0 when every rule holds, 1 with one line per violation otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

# Folder -> folders whose types it must never name (DESIGN.md, "What depends on what").
NEVER = {
    "Support": ["Tables", "Locales", "FormatEngine", "Catalog", "ErrorRules", "Lint", "Conversion", "Compiled",
                "Serving", "Codegen", "Problems", "Live"],
    "Tables": ["FormatEngine", "Catalog", "ErrorRules", "Lint", "Conversion", "Compiled", "Serving", "Codegen",
               "Problems", "Live"],
    "Locales": ["Tables", "FormatEngine", "Catalog", "ErrorRules", "Lint", "Conversion", "Compiled", "Serving",
                "Codegen", "Problems", "Live"],
    "FormatEngine": ["Catalog", "ErrorRules", "Lint", "Conversion", "Compiled", "Serving", "Codegen", "Problems",
                     "Live"],
    "Catalog": ["ErrorRules", "Lint", "Conversion", "Serving", "Codegen", "Problems", "Live"],
    "ErrorRules": ["Lint", "Conversion", "Serving", "Codegen", "Problems", "Live"],
    "Serving": ["Lint", "Conversion", "Compiled", "Codegen", "Problems", "Live"],
    "Problems": ["Lint", "Conversion", "Compiled", "Codegen", "Live"],
    "Lint": ["ErrorRules", "Conversion", "Serving", "Codegen", "Problems", "Live"],
    "Conversion": ["Locales", "FormatEngine", "Catalog", "ErrorRules", "Lint", "Compiled", "Serving", "Codegen",
                   "Problems", "Live"],
    "Compiled": ["FormatEngine", "ErrorRules", "Lint", "Conversion", "Serving", "Codegen", "Problems", "Live"],
    "Codegen": ["ErrorRules", "Conversion", "Compiled", "Serving", "Problems", "Live"],
    "Live": ["ErrorRules", "Serving", "Conversion", "Compiled", "Codegen", "Problems"],
}

# Top-level declarations only (a nested `Result` or `Key` is local to its type).
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|"
    r"indirect|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
    re.MULTILINE)
# Comments (line and block, not nested) and string literals (single-line and multi-line).
NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"', re.DOTALL)


def code_of(path: Path) -> str:
    return NOISE.sub(" ", path.read_text(encoding="utf-8"))


def main(arguments: list[str]) -> int:
    root = Path(arguments[1]) if len(arguments) > 1 else \
        Path(__file__).resolve().parents[2] / "Sources" / "ErrorFormatter"
    folders = {folder: sorted((root / folder).rglob("*.swift")) for folder in NEVER}
    missing = [folder for folder, files in folders.items() if not files]
    if missing:
        print(f"check_layers: no Swift files in {', '.join(missing)} under {root}", file=sys.stderr)
        return 1
    declared = {folder: {name for path in files for name in DECLARATION.findall(path.read_text(encoding="utf-8"))}
                for folder, files in folders.items()}
    violations = []
    for folder, forbidden_folders in NEVER.items():
        own = declared[folder]
        for forbidden in forbidden_folders:
            names = declared[forbidden] - own
            if not names:
                continue
            pattern = re.compile(r"\b(" + "|".join(sorted(names, key=len, reverse=True)) + r")\b")
            for path in folders[folder]:
                for number, line in enumerate(code_of(path).splitlines(), start=1):
                    for match in pattern.finditer(line):
                        violations.append(f"{path.relative_to(root)}:{number}: {folder} names "
                                          f"{match.group(1)} ({forbidden})")
    for violation in violations:
        print(violation)
    total = sum(len(names) for names in declared.values())
    if violations:
        print(f"check_layers: {len(violations)} dependencies go the wrong way")
        return 1
    print(f"check_layers: {len(NEVER)} folders, {total} types, every dependency goes down")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
