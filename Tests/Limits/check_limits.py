#!/usr/bin/env python3
"""Checks that every limit has one value: the C header's `EF_MAX_*` and `EF_DEFAULT_*` macros
equal the Swift core's `Limits` table, its `EF_PACKED_*` and `EF_PROBLEM_*` positions equal the
serving component's and the problem responses' layouts (and the null-mask bits the format
specifies), the numbers the packed outputs carry for a severity or a chain entry's kind
(`EF_SEVERITY_*`, `EF_CHAIN_*`) equal the ones those layouts write, the `EF_PROBLEM_*` flags equal
`ProblemMembers`' bits, and every binding that restates a macro states the header's value (a
null-mask macro as its three fields' values, `EF_PACKED_NULL_KEY = (1, 8, 64)`).

The core's table (Sources/ErrorFormatter/Support/Limits.swift) is where each limit is decided;
the header publishes the ones a C caller can meet. A constant of the table that the header
publishes names its macro in its doc comment (`EF_MAX_KEY_BYTES`), so that this check can pair
them. The bindings mirror the header: the Rust -sys crate states every macro (it is the header
in Rust), and any other binding file that states one (`EF_MAX_X = 64`, `const EF_MAX_X: u32 =
64`, `#define EF_MAX_X 64u`, `static final int EF_MAX_X = 64;`, `const EF_MAX_X = 64;`) must
agree with the header.

usage: check_limits.py [ROOT]   (default: this checkout)
Exit status 0 when every value agrees, 1 with one line per disagreement otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADER = "include/errorformatter.h"
LIMITS = "Sources/ErrorFormatter/Support/Limits.swift"
# Where the serving component lays the packed outputs out: constants whose doc comments name an
# EF_PACKED_* macro must have its value.
PACKED_LAYOUTS = ["Sources/ErrorFormatter/Serving/ResultLayout.swift",
                  "Sources/ErrorFormatter/Serving/LookupLayout.swift",
                  "Sources/ErrorFormatter/Serving/DiagnosticLayout.swift",
                  "Sources/ErrorFormatter/Serving/CatalogDescriptionLayout.swift",
                  "Sources/ErrorFormatter/Serving/LintReportLayout.swift",
                  "Sources/ErrorFormatter/Serving/LocaleChainLayout.swift",
                  "Sources/ErrorFormatter/Serving/LocaleListLayout.swift",
                  "Sources/ErrorFormatter/Problems/ProblemLayout.swift"]
# The macros the layouts must state: positions (the problem responses' too; their flags,
# EF_PROBLEM_CODE..., are not positions), and the numbers written for a severity or a chain
# entry's kind.
PACKED_FAMILY = r"(?:EF_(?:PACKED|SEVERITY|CHAIN)_\w+|EF_PROBLEM_(?:HEADER_NUMBERS|FIELDS)\b)"
PACKED_MACRO = re.compile(rf"^#define ({PACKED_FAMILY}) (\d+)u?\s*$", re.MULTILINE)
PACKED_NULL = re.compile(r"^#define (EF_PACKED_NULL_\w+)\(field\) (.+?)\s*$", re.MULTILINE)
PACKED_CONSTANT = re.compile(r"((?:^[ \t]*///[^\n]*\n)+)[ \t]*static let (\w+) = (\d+)$", re.MULTILINE)
# The null mask's bits, as docs/packed-format.md specifies them: three per field.
PACKED_NULL_BITS = {"EF_PACKED_NULL_KEY": 0, "EF_PACKED_NULL_LOCALE": 1, "EF_PACKED_NULL_TABLE": 2}
# Bindings that mirror the whole header, so must state every EF_MAX_* macro.
COMPLETE_MIRRORS = ["bindings/rust/errorformatter-sys/src/lib.rs"]
BINDING_SUFFIXES = {".py", ".rs", ".hpp", ".h", ".cpp", ".java", ".js"}

MACRO = re.compile(r"^#define (EF_(?:MAX|DEFAULT)_\w+) (\d+)u?\s*$", re.MULTILINE)
# A doc comment (consecutive `///` lines) followed by `public static let name = value`.
CONSTANT = re.compile(r"((?:^[ \t]*///[^\n]*\n)+)[ \t]*public static let (\w+) = ([0-9_ <]+)$",
                      re.MULTILINE)
# EF_MAX_X = 1, EF_MAX_X: u32 = 1, EF_MAX_X = 1u, #define EF_MAX_X 1u
RESTATED = re.compile(r"\b(EF_(?:MAX|DEFAULT|PACKED|SEVERITY|CHAIN|PROBLEM)_\w+)\b(?:\s*:\s*\w+)?\s*=\s*(\d+)|"
                      r"^#define (EF_(?:MAX|DEFAULT|PACKED|SEVERITY|CHAIN|PROBLEM)_\w+) (\d+)", re.MULTILINE)
# A function-like null-mask macro restated as its values for the three fields, in order:
# EF_PACKED_NULL_KEY = (1, 8, 64).
RESTATED_NULL = re.compile(r"\b(EF_PACKED_NULL_\w+)\s*=\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,?\s*\)")


def swift_integer(expression: str) -> int:
    """`64 << 20` or `16_384`: the only forms the table uses."""
    parts = [int(part.replace("_", "").strip()) for part in expression.split("<<")]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return parts[0] << parts[1]
    raise ValueError(f"unexpected limit expression {expression!r}")


def header_macros(root: Path) -> dict[str, int]:
    return {name: int(value) for name, value in MACRO.findall((root / HEADER).read_text())}


def swift_limits(root: Path) -> dict[str, tuple[str, int]]:
    """Macro -> (Swift constant, value) for the constants that name a macro."""
    published: dict[str, tuple[str, int]] = {}
    for comment, name, expression in CONSTANT.findall((root / LIMITS).read_text()):
        for macro in set(re.findall(r"\bEF_(?:MAX|DEFAULT)_\w+", comment)):
            if macro in published:
                raise ValueError(f"{macro} named by both {published[macro][0]} and {name}")
            published[macro] = (name, swift_integer(expression))
    return published


def packed_problems(root: Path) -> tuple[dict[str, int], list[str]]:
    """The header's EF_PACKED_* positions checked against the serving component's layouts and
    the specified null-mask bits; the positions, and one line per disagreement."""
    header = (root / HEADER).read_text()
    macros = {name: int(value) for name, value in PACKED_MACRO.findall(header)}
    problems = []
    swift: dict[str, tuple[str, int]] = {}
    for layout in PACKED_LAYOUTS:
        for comment, name, value in PACKED_CONSTANT.findall((root / layout).read_text()):
            for macro in set(re.findall(rf"\b{PACKED_FAMILY}", comment)):
                swift[macro] = (name, int(value))
    for macro, value in sorted(macros.items()):
        if macro not in swift:
            problems.append(f"{macro} ({value}) has no constant naming it in {', '.join(PACKED_LAYOUTS)}")
        elif swift[macro][1] != value:
            problems.append(f"{macro} is {value} in the header but {swift[macro][0]} is {swift[macro][1]}")
    for macro, (name, _) in sorted(swift.items()):
        if macro not in macros:
            problems.append(f"{name} names {macro}, which the header does not define")
    nulls = dict(PACKED_NULL.findall(header))
    for macro, offset in PACKED_NULL_BITS.items():
        if macro not in nulls:
            problems.append(f"{HEADER}: no {macro}(field)")
            continue
        for field in range(3):
            expression = re.sub(r"(\d+)u\b", r"\1", nulls[macro]).replace("field", str(field))
            if eval(expression, {"__builtins__": {}}) != 1 << (3 * field + offset):  # noqa: S307
                problems.append(f"{macro}({field}) is not bit {3 * field + offset}")
    return macros, problems


def null_copies(root: Path) -> list[str]:
    """One line per binding that restates a null-mask macro (as its three fields' values)
    otherwise than the specified bits, which packed_problems checked the header against."""
    problems = []
    for path in sorted((root / "bindings").rglob("*")):
        if path.suffix not in BINDING_SUFFIXES or "target" in path.parts or not path.is_file():
            continue
        for macro, *values in RESTATED_NULL.findall(path.read_text(encoding="utf-8", errors="replace")):
            if macro not in PACKED_NULL_BITS:
                problems.append(f"{path.relative_to(root)}: states {macro}, which the header does not define")
                continue
            bits = [1 << (3 * field + PACKED_NULL_BITS[macro]) for field in range(3)]
            if [int(value) for value in values] != bits:
                problems.append(f"{path.relative_to(root)}: {macro} is ({', '.join(values)}), "
                                f"the header says ({', '.join(map(str, bits))})")
    return problems


# The problem responses' member flags and the Swift option set that defines the same bits.
PROBLEM_FLAGS = "Sources/ErrorFormatter/Problems/ProblemOptions.swift"
PROBLEM_FLAG_MACRO = re.compile(r"^#define (EF_PROBLEM_(?:CODE|DOMAIN|BUTTON)) (\d+)u?\s*$", re.MULTILINE)
PROBLEM_FLAG_CONSTANT = re.compile(r"static let (code|domain|button) = ProblemMembers\(rawValue: (\d+)\)")


def problem_flags(root: Path) -> tuple[dict[str, int], list[str]]:
    """The header's EF_PROBLEM_* flags checked against ProblemMembers' bits."""
    macros = {name: int(value) for name, value in PROBLEM_FLAG_MACRO.findall((root / HEADER).read_text())}
    swift = {f"EF_PROBLEM_{name.upper()}": int(value)
             for name, value in PROBLEM_FLAG_CONSTANT.findall((root / PROBLEM_FLAGS).read_text())}
    problems = [f"{macro} is {macros.get(macro)} in the header but {swift.get(macro)} in {PROBLEM_FLAGS}"
                for macro in sorted(set(macros) | set(swift)) if macros.get(macro) != swift.get(macro)]
    return macros, problems


def binding_copies(root: Path) -> dict[str, dict[str, int]]:
    """File -> {macro: value} for every binding source that restates a macro."""
    copies: dict[str, dict[str, int]] = {}
    for path in sorted((root / "bindings").rglob("*")):
        if path.suffix not in BINDING_SUFFIXES or "target" in path.parts or not path.is_file():
            continue
        found = {}
        for match in RESTATED.finditer(path.read_text(encoding="utf-8", errors="replace")):
            name = match.group(1) or match.group(3)
            found[name] = int(match.group(2) or match.group(4))
        if found:
            copies[str(path.relative_to(root))] = found
    return copies


def main(arguments: list[str]) -> int:
    root = Path(arguments[1]) if len(arguments) > 1 else Path(__file__).resolve().parents[2]
    macros = header_macros(root)
    swift = swift_limits(root)
    problems = []
    if not macros:
        problems.append(f"{HEADER}: no EF_MAX_* macro found")
    for macro, value in sorted(macros.items()):
        if macro not in swift:
            problems.append(f"{macro} ({value}) has no constant in {LIMITS} naming it")
        elif swift[macro][1] != value:
            problems.append(f"{macro} is {value} in the header but Limits.{swift[macro][0]} "
                            f"is {swift[macro][1]}")
    for macro, (name, _) in sorted(swift.items()):
        if macro not in macros:
            problems.append(f"Limits.{name} names {macro}, which the header does not define")
    packed, packed_disagreements = packed_problems(root)
    problems += packed_disagreements + null_copies(root)
    flags, flag_disagreements = problem_flags(root)
    problems += flag_disagreements
    macros = {**macros, **packed, **flags}
    copies = binding_copies(root)
    for mirror in COMPLETE_MIRRORS:
        for macro in sorted(set(macros) - set(copies.get(mirror, {}))):
            problems.append(f"{mirror}: does not state {macro}")
    for path, found in copies.items():
        for macro, value in sorted(found.items()):
            if macro not in macros:
                problems.append(f"{path}: states {macro}, which the header does not define")
            elif value != macros[macro]:
                problems.append(f"{path}: {macro} is {value}, the header says {macros[macro]}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_limits: {len(problems)} limits disagree")
        return 1
    restated = sum(len(found) for found in copies.values())
    print(f"check_limits: {len(macros)} EF_MAX_*, EF_DEFAULT_*, EF_PACKED_*, EF_SEVERITY_*, EF_CHAIN_* and "
          f"EF_PROBLEM_* macros equal the Swift core's; "
          f"{restated} copies in {len(copies)} binding files equal the header")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
