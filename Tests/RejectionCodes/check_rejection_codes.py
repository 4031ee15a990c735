#!/usr/bin/env python3
"""Checks that the rejection codes the documentation and the bindings name are the ones the core
emits.

A rejection (a table string found but not shown) carries the code of the formatting failure
that kept it from rendering: a `FormatFailure` of the format engine
(Sources/ErrorFormatter/FormatEngine/), whose codes are string literals there (`code:
"wrong-argument-type"`). This check reads those literals and holds three things to them:

- docs/formatting.md's table of failure codes lists exactly those codes, no more, no fewer;
- every code the READMEs (README.md, bindings/*/README.md), docs/ and the bindings' sources
  name where they speak of rejections (a line that, with the two before it, mentions a
  rejection or a code, or a word in brackets as in a rejection's description, `...
  [wrong-argument-type]`) is one the library
  makes: a format failure's, or a code of another of its families (a diagnostic's, a lint
  finding's), read from the core's literals, which such a line may name too;
- the codes the binding suites and docs/conventions.md promise for the issue's mistakes
  (`wrong-argument-type`, `missing-argument`) are among the format failures.

usage: check_rejection_codes.py [ROOT]   (default: this checkout)
Exit status 0 when all agree, 1 with one line per disagreement otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FORMAT_ENGINE = "Sources/ErrorFormatter/FormatEngine"
CORE = "Sources/ErrorFormatter"
FORMATTING_DOC = "docs/formatting.md"
# The table's heading in docs/formatting.md; the table runs to the next heading.
TABLE_HEADING = "## Failure codes"
BINDING_SUFFIXES = {".py", ".go", ".rs", ".java", ".js", ".ts", ".hpp", ".h", ".cpp"}
# Codes the failure vocabulary (docs/conventions.md) and the mistakes' tests rely on.
PROMISED = {"wrong-argument-type", "missing-argument"}

# Every code is words of letters (a locale, `es-419`, is not one).
KEBAB = r"[a-z]{2,}(?:-[a-z]{2,})+"
CODE_LITERAL = re.compile(rf'\bcode:\s*"({KEBAB})"')
# Any kebab-case string literal of the core: the codes of every family it hands out.
CORE_LITERAL = re.compile(rf'"({KEBAB})"')
TABLE_ROW = re.compile(rf"^\|\s*`({KEBAB})`\s*\|", re.MULTILINE)
# A code as prose and sources name one: quoted, in backticks, or in brackets; not an option
# (`--arg-int`) or part of a longer word.
NAMED = re.compile(rf"(?<![\w-])[`'\"\[]({KEBAB})[`'\"\]]")
# A line that speaks of rejections, or of a code (the bindings' doc comments: "code:
# 'missing-argument', ..."), or that shows a rejection's description (`... [code]`).
# "code" alone is an error's code (`code 3`) as often: a failure's code is a stable one, a field
# (`code`, `code()`, `code:`, "code (`...`") or a rejection's.
REJECTION_CONTEXT = re.compile(r"rejection|stable (?:code|name)|failure code|`code`|\bcode\(\)|"
                               r"\bcode\s*[:=(]|\bcode e\.g\.|\[" + KEBAB + r"\]", re.IGNORECASE)


def format_failure_codes(root: Path) -> set[str]:
    codes: set[str] = set()
    for source in sorted((root / FORMAT_ENGINE).rglob("*.swift")):
        codes.update(CODE_LITERAL.findall(source.read_text()))
    return codes


def core_literals(root: Path) -> set[str]:
    literals: set[str] = set()
    for source in sorted((root / CORE).rglob("*.swift")):
        literals.update(CORE_LITERAL.findall(source.read_text()))
    return literals


def documented_codes(root: Path) -> set[str]:
    text = (root / FORMATTING_DOC).read_text()
    start = text.find(TABLE_HEADING)
    if start < 0:
        return set()
    end = text.find("\n## ", start + len(TABLE_HEADING))
    return set(TABLE_ROW.findall(text[start:end if end >= 0 else len(text)]))


def named_files(root: Path) -> list[Path]:
    files = [root / "README.md", *sorted((root / "bindings").glob("*/README.md")),
             *sorted((root / "docs").glob("*.md"))]
    for path in sorted((root / "bindings").rglob("*")):
        if path.suffix in BINDING_SUFFIXES and path.is_file() and not any(
                part in {"node_modules", "target", "build", "__pycache__"} for part in path.parts):
            files.append(path)
    return files


def named_codes(root: Path) -> list[tuple[str, int, str]]:
    """(file, line, code) for each code named in a rejection's context."""
    found = []
    for path in named_files(root):
        lines = path.read_text(errors="replace").splitlines()
        for number, line in enumerate(lines, 1):
            # The context is the line and the two before it (a sentence wraps: "its stable
            # code\n(`missing-argument`, ...)"), without the names themselves: a name of its
            # own (a vector case's `format-rejection-title-message`) does not make one.
            context = " ".join(lines[max(0, number - 3):number])
            if REJECTION_CONTEXT.search(NAMED.sub(" ", context)):
                found.extend((str(path.relative_to(root)), number, code) for code in NAMED.findall(line))
    return found


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    emitted = format_failure_codes(root)
    problems: list[str] = []
    if not emitted:
        problems.append(f"{FORMAT_ENGINE}: no `code: \"...\"` literal found; the check reads nothing")
    documented = documented_codes(root)
    for code in sorted(emitted - documented):
        problems.append(f"{FORMATTING_DOC}: '{TABLE_HEADING}' lacks `{code}`, which the format engine emits")
    for code in sorted(documented - emitted):
        problems.append(f"{FORMATTING_DOC}: '{TABLE_HEADING}' lists `{code}`, which the format engine never emits")
    for code in sorted(PROMISED - emitted):
        problems.append(f"the failure vocabulary promises `{code}`, which the format engine never emits")
    known = emitted | core_literals(root)
    for file, line, code in named_codes(root):
        if code not in known:
            problems.append(f"{file}:{line}: names the code `{code}`, which the library never emits")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"test-rejection-codes: {len(emitted)} format failure codes, documented and named consistently")
    return 0


if __name__ == "__main__":
    sys.exit(main())
