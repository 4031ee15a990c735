#!/usr/bin/env python3
"""Formatting from Python: errorformatter.Catalog.format side by side with fluent.runtime's
FluentLocalization.format_value (and PyICU's MessageFormat, when installed), in one run.

The same job each way: the title, message and button of an error for fr-CA from the catalog
that bench-format uses (Benchmarks/c/make_bench_catalog.py: 200 errors of the domain "Bench",
fr-CA translating one in ten), taking the errors whose three strings all come from fr by
fallback. Fluent is given the same French
strings in an fr resource and an fr-CA resource that lacks them, loaded once from .ftl files
with a FluentLocalization(["fr-CA", "fr"]) as an application would; each call then falls back
from fr-CA to fr exactly as the catalog does. Two cases: one error, and every such error of the
catalog in turn (rotating keys); each with the catalog's memo of results (the default: a
repeated error whose result the library says answers it is handed out again without a C call)
and with the memo off (one call into the library per format, the path of every error whose
result shows caller text or takes arguments). The rotating errors again with a description the
rules do not show (answered from the memo too), then with a description that is the message,
with an argument, and an English plural string with a count. Last, the argument shape:
100 errors whose message takes a file name and a byte count, errors and values rotating (the
peers get the same French formats, the byte count as text; a last row gives Fluent the count
as an integer, which it formats with its NUMBER function).

Rounds alternate between the two sides (ours, theirs, ours, ...) so that a disturbance of the
shared machine hits both; each side's best round is kept. Prints microseconds per operation
and the ratio ours / peer (below 1 is faster) against the target.

usage: format_bench.py CATALOG_DIR [ITERATIONS [ONLY]]   (CATALOG_DIR: make_bench_catalog.py OUT/catalog)

ONLY (``ours:N`` for our row N, ``fluent.runtime:N`` for the peer operation row N is compared
with, rows counted from 0) runs that one operation ITERATIONS times after 200 warm-up calls and
prints nothing: for ``valgrind --tool=callgrind``, whose instruction counts do not depend on the
machine's load (run it with two ITERATIONS and take the difference, PYTHONHASHSEED=0).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

import errorformatter

ROUNDS = 9
TARGET = 0.60  # Catalog.format reading three strings: at most 0.6x fluent.runtime's time
DOMAIN = "Bench"
FIELDS = ("title", "message", "button")

PLURAL_STRINGSDICT = b"""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>files</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
<key>files</key><dict>
<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>%d file</string><key>other</key><string>%d files</string>
</dict></dict></dict></plist>
"""

Operation = Callable[[int], object]

#: What the caller's description says in the rows that pass one.
DESCRIPTION = "The operation could not be completed."
#: A domain the catalog has no keys for: the message is the caller's description.
UNKNOWN_DOMAIN = "Elsewhere"
#: The error whose title and message take an argument, and the argument.
UPLOAD = ("Upload", 1)
FILE_NAME = "photo.jpg"
#: The argument shape (make_bench_catalog.py's argument errors, format_bench.c's `arguments` row):
#: 100 errors whose message takes a file name and a byte count, with 16 of each rotating.
TRANSFER = "Transfer"
TRANSFER_ERRORS = 100
TRANSFER_NAMES = [f"report-{index:02d}.pdf" for index in range(16)]
TRANSFER_SIZES = [0, 1, 17, 512, 4096, 65536, 1048576, 123456789, 42, 7, 99999, 2048, 31337, 8, 640, 1000000]


def side_by_side(ours: Operation, theirs: list[Operation], iterations: int) -> tuple[float, list[float]]:
    """Seconds per call of each side's fastest round, the rounds alternating between sides."""
    operations = [ours, *theirs]
    best = [float("inf")] * len(operations)
    for _ in range(ROUNDS):
        for position, operation in enumerate(operations):
            start = time.perf_counter()
            for index in range(iterations):
                operation(index)
            best[position] = min(best[position], (time.perf_counter() - start) / iterations)
    return best[0], best[1:]


def french_formats(catalog_dir: Path) -> dict[str, str]:
    """The fr table's entries as written by make_bench_catalog.py (one `"key" = "value";` a
    line, no escapes in these): the formats the peers are given, specifiers and all."""
    entries = {}
    for line in (catalog_dir / "fr.lproj" / "Localizable.strings").read_text(encoding="utf-8").splitlines():
        key, separator, value = line.partition('" = "')
        if separator and key.startswith('"') and value.endswith('";'):
            entries[key[1:]] = value[:-2]
    return entries


def fallback_errors(catalog: errorformatter.Catalog) -> list[tuple[int, dict[str, str]]]:
    """The errors whose three fields fr-CA gets from fr by key, with their texts."""
    found = []
    for code in range(0, 200):
        shown = catalog.format(DOMAIN, code, locales=["fr-CA"])
        if all(shown.provenance[field].locale == "fr" and shown.provenance[field].key is not None
               for field in FIELDS):
            found.append((code, {field: getattr(shown, field) for field in FIELDS}))
    return found


def fluent_text(text: str) -> str:
    """``text`` as a Fluent pattern: braces are placeables, so they become string literals."""
    return text.replace("{", '{"{"}').replace("}", '{"}"}').replace("\n", " ")


def fluent_peer(directory: Path, errors: list[tuple[int, dict[str, str]]],
                described: tuple[str, str, str], uploaded: tuple[str, str, str],
                transfers: list[tuple[str, str]]) -> Optional[tuple[Operation, ...]]:
    """Fluent's operations, in the order fluent_peer's callers index them: one error, rotating
    errors, a title with a message that is the caller's description and a button, the plural
    string, a title and message that take an argument with a button, and the rotating errors
    whose message takes a file name and a byte count (``transfers``: each one's title and its
    message's format, ``%1$@`` and ``%2$lld`` becoming ``$name`` and ``$size``), twice: the count
    passed as text (as the issue measured, sparing Fluent its number formatting), and as the
    integer it is, printed with ``NUMBER($size, useGrouping: 0)`` as ``%lld`` prints it."""
    try:
        from fluent.runtime import FluentBundle, FluentLocalization, FluentResource, FluentResourceLoader  # type: ignore[import-not-found]
    except ImportError:
        return None
    for locale in ("fr", "fr-CA"):
        (directory / locale).mkdir(parents=True, exist_ok=True)
    (directory / "fr" / "errors.ftl").write_text("".join(
        f"bench-{code}-{field} = {fluent_text(texts[field])}\n"
        for code, texts in errors for field in FIELDS)
        + f"generic-title = {fluent_text(described[0])}\n"
        + "described = { $description }\n"
        + f"generic-button = {fluent_text(described[2])}\n"
        + f"upload-title = {fluent_text(uploaded[0]).replace(FILE_NAME, '{ $name }')}\n"
        + f"upload-message = {fluent_text(uploaded[1]).replace(FILE_NAME, '{ $name }')}\n"
        + "".join(f"transfer-{code}-title = {fluent_text(title)}\n"
                  + f"transfer-{code}-message = "
                  + fluent_text(message).replace("%1$@", "{ $name }").replace("%2$lld", "{ $size }") + "\n"
                  + f"transfer-{code}-counted = "
                  + fluent_text(message).replace("%1$@", "{ $name }")
                  .replace("%2$lld", "{ NUMBER($size, useGrouping: 0) }") + "\n"
                  for code, (title, message) in enumerate(transfers)),
        encoding="utf-8")
    # The fr-CA resource exists (as the catalog's fr-CA table does) but has none of these.
    (directory / "fr-CA" / "errors.ftl").write_text("unrelated = Autre chose\n", encoding="utf-8")
    loader = FluentResourceLoader(str(directory / "{locale}"))
    l10n = FluentLocalization(["fr-CA", "fr"], ["errors.ftl"], loader)
    format_value = l10n.format_value
    one = [f"bench-{errors[0][0]}-{field}" for field in FIELDS]
    rotating = [[f"bench-{code}-{field}" for field in FIELDS] for code, _ in errors]
    english = FluentBundle(["en"], use_isolating=False)
    english.add_resource(FluentResource("files = { $count ->\n [one] { $count } file\n *[other] { $count } files\n}\n"))
    files = english.get_message("files").value

    def format_one(_: int) -> object:
        return format_value(one[0]), format_value(one[1]), format_value(one[2])

    def format_rotating(index: int) -> object:
        ids = rotating[index % len(rotating)]
        return format_value(ids[0]), format_value(ids[1]), format_value(ids[2])

    def format_described(_: int) -> object:
        return (format_value("generic-title"), format_value("described", {"description": DESCRIPTION}),
                format_value("generic-button"))

    def format_plural(index: int) -> object:
        return english.format_pattern(files, {"count": index % 100})[0]

    def format_uploaded(_: int) -> object:
        return (format_value("upload-title", {"name": FILE_NAME}),
                format_value("upload-message", {"name": FILE_NAME}), format_value("generic-button"))

    transfer_ids = [(f"transfer-{code}-title", f"transfer-{code}-message") for code in range(len(transfers))]
    sizes = [str(size) for size in TRANSFER_SIZES]

    def format_transfer(index: int) -> object:
        title, message = transfer_ids[index % len(transfer_ids)]
        variables = {"name": TRANSFER_NAMES[index % 16], "size": sizes[index % 16]}
        return format_value(title), format_value(message, variables), format_value("generic-button")

    counted_ids = [(f"transfer-{code}-title", f"transfer-{code}-counted") for code in range(len(transfers))]

    def format_transfer_counted(index: int) -> object:
        title, message = counted_ids[index % len(counted_ids)]
        variables = {"name": TRANSFER_NAMES[index % 16], "size": TRANSFER_SIZES[index % 16]}
        return format_value(title), format_value(message, variables), format_value("generic-button")

    return (format_one, format_rotating, format_described, format_plural, format_uploaded, format_transfer,
            format_transfer_counted)


def pyicu_peer(errors: list[tuple[int, dict[str, str]]], described: tuple[str, str, str],
               uploaded: tuple[str, str, str], transfers: list[tuple[str, str]]) -> Optional[tuple[Operation, ...]]:
    try:
        import icu  # type: ignore[import-not-found]
    except ImportError:
        return None
    french = icu.Locale("fr_CA")
    # Apostrophes are MessageFormat's quoting character: double them to keep the text as is.
    formats = [[icu.MessageFormat(texts[field].replace("'", "''"), french) for field in FIELDS]
               for _, texts in errors]
    files = icu.MessageFormat("{0,plural,one{# file} other{# files}}", icu.Locale("en"))
    described_formats = [icu.MessageFormat(described[0].replace("'", "''"), french),
                         icu.MessageFormat("{0}", french),
                         icu.MessageFormat(described[2].replace("'", "''"), french)]
    description = [icu.Formattable(DESCRIPTION)]
    uploaded_formats = [icu.MessageFormat(text.replace("'", "''").replace(FILE_NAME, "{0}"), french)
                        for text in uploaded]
    name = [icu.Formattable(FILE_NAME)]

    def format_one(_: int) -> object:
        return tuple(str(each.format([])) for each in formats[0])

    def format_rotating(index: int) -> object:
        return tuple(str(each.format([])) for each in formats[index % len(formats)])

    def format_described(_: int) -> object:
        return (str(described_formats[0].format([])), str(described_formats[1].format(description)),
                str(described_formats[2].format([])))

    def format_plural(index: int) -> object:
        return str(files.format([icu.Formattable(index % 100)]))

    def format_uploaded(_: int) -> object:
        return tuple(str(each.format(name)) for each in uploaded_formats)

    transfer_formats = [(icu.MessageFormat(title.replace("'", "''"), french),
                         icu.MessageFormat(message.replace("'", "''").replace("%1$@", "{0}")
                                           .replace("%2$lld", "{1}"), french))
                        for title, message in transfers]
    button = described_formats[2]
    sizes = [str(size) for size in TRANSFER_SIZES]

    def format_transfer(index: int) -> object:
        title, message = transfer_formats[index % len(transfer_formats)]
        values = [icu.Formattable(TRANSFER_NAMES[index % 16]), icu.Formattable(sizes[index % 16])]
        return str(title.format([])), str(message.format(values)), str(button.format([]))

    # The count as an integer: MessageFormat would group its digits, so the peer is the same.
    return format_one, format_rotating, format_described, format_plural, format_uploaded, format_transfer, \
        format_transfer


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print(f"usage: {arguments[0]} CATALOG_DIR [ITERATIONS [ONLY]]", file=sys.stderr)
        return 2
    iterations = int(arguments[2]) if len(arguments) > 2 else 20000
    catalog = errorformatter.Catalog.open(arguments[1], development_locale="en")
    plural = errorformatter.Catalog.from_tables([("en", "Localizable.stringsdict", PLURAL_STRINGSDICT)])
    errors = fallback_errors(catalog)
    if not errors:
        print("format_bench.py: no error of the catalog falls back from fr-CA to fr", file=sys.stderr)
        return 1
    codes = [code for code, _ in errors]
    locales = ["fr-CA"]

    def read(shown: errorformatter.FormattedError) -> object:
        return shown.title, shown.message, shown.button

    format_ = catalog.format
    # The same catalog with its memo of results turned off: every format is then one call into
    # the library (ef_format_packed_reusable).
    uncached = errorformatter.Catalog.open(arguments[1], development_locale="en")
    uncached._memo.budget = 0
    format_uncached = uncached.format
    shown = catalog.format(UNKNOWN_DOMAIN, 1, locales=locales, description=DESCRIPTION)
    described = (shown.title, shown.message, shown.button)
    if shown.provenance["message"].rule != "description":
        print("format_bench.py: the description is not the message of an unknown domain", file=sys.stderr)
        return 1
    uploaded_error = catalog.format(*UPLOAD, locales=locales, arguments=[FILE_NAME])
    uploaded = (uploaded_error.title, uploaded_error.message, uploaded_error.button)
    if FILE_NAME not in uploaded[0] or FILE_NAME not in uploaded[1]:
        print("format_bench.py: the catalog has no error whose title and message take an argument",
              file=sys.stderr)
        return 1
    rotating = len(codes)
    # The argument errors' French title and message format (fr-CA has none of them), for the peers.
    french = french_formats(Path(arguments[1]))
    transfers = [(french[f"errors.{TRANSFER}.{code}.title"], french[f"errors.{TRANSFER}.{code}.message"])
                 for code in range(TRANSFER_ERRORS)]

    def ours_transfer(index: int) -> object:
        return read(format_(TRANSFER, index % TRANSFER_ERRORS, locales=locales,
                            arguments=[TRANSFER_NAMES[index % 16], TRANSFER_SIZES[index % 16]]))
    # Which peer operation each of ours is compared with (fluent_peer's order) and whether the
    # row is a target: 0 one error, 1 rotating, 2 title + described message + button,
    # 3 plural, 4 title and message with an argument + button.
    ours: dict[str, tuple[Operation, int, bool]] = {
        f"format + 3 strings, fr-CA > fr, code {codes[0]}":
            (lambda _: read(format_(DOMAIN, codes[0], locales=locales)), 0, True),
        f"same, {rotating} errors rotating":
            (lambda index: read(format_(DOMAIN, codes[index % rotating], locales=locales)), 1, True),
        f"same, {rotating} rotating, memo off (one C call)":
            (lambda index: read(format_uncached(DOMAIN, codes[index % rotating], locales=locales)), 1, True),
        f"same + a description not shown":
            (lambda index: read(format_(DOMAIN, codes[index % rotating], locales=locales,
                                        description=DESCRIPTION)), 1, True),
        "message = the description (full formatting)":
            (lambda _: read(format_(UNKNOWN_DOMAIN, 1, locales=locales, description=DESCRIPTION)), 2, False),
        "title and message with an argument (%@)":
            (lambda _: read(format_(*UPLOAD, locales=locales, arguments=[FILE_NAME])), 4, False),
        "plural lookup (en, %d of 0..99)":
            (lambda index: plural.lookup("files", locales=["en"], arguments=[index % 100]).value, 3, False),
        f"{TRANSFER_ERRORS} rotating, a file name and a byte count":
            (lambda index: read(format_(TRANSFER, index % TRANSFER_ERRORS, locales=locales,
                                        arguments=[TRANSFER_NAMES[index % 16], TRANSFER_SIZES[index % 16]])),
             5, True),
        "same, the count an integer to the peer":
            (lambda index: read(format_(TRANSFER, index % TRANSFER_ERRORS, locales=locales,
                                        arguments=[TRANSFER_NAMES[index % 16], TRANSFER_SIZES[index % 16]])),
             6, False),
    }
    with tempfile.TemporaryDirectory(prefix="format-bench-ftl-") as directory:
        peers: dict[str, tuple[Operation, ...]] = {}
        for name, made in (("fluent.runtime", fluent_peer(Path(directory), errors, described, uploaded, transfers)),
                           ("PyICU", pyicu_peer(errors, described, uploaded, transfers))):
            if made is None:
                print(f"format_bench.py: {name} is not installed; skipped (pip install "
                      f"{'fluent.runtime' if name == 'fluent.runtime' else 'PyICU'} to compare)")
            else:
                peers[name] = made
        for _, texts in errors[:1]:
            # The peers answer with the same strings: the comparison is of the same job.
            for name, operations in peers.items():
                assert list(operations[0](0)) == [texts[field] for field in FIELDS], name  # type: ignore[call-overload]
                assert list(operations[2](0)) == list(described), name  # type: ignore[call-overload]
                assert list(operations[4](0)) == list(uploaded), name  # type: ignore[call-overload]
                for index in range(2 * TRANSFER_ERRORS):
                    assert list(operations[5](index)) == list(ours_transfer(index)), name  # type: ignore[call-overload]
                    assert list(operations[6](index)) == list(ours_transfer(index)), name  # type: ignore[call-overload]

        if len(arguments) > 3:
            return run_only(arguments[3], list(ours.values()), peers, iterations)

        print(f"errorformatter {errorformatter.__version__} (library {errorformatter.library_version()}), "
              f"{iterations} calls a round, best of {ROUNDS} rounds, sides alternating")
        print(f"{'operation (us/op)':44} {'ours':>8} " + " ".join(f"{n:>15}" for n in peers)
              + "".join(f" {'ours/' + n:>21}" for n in peers))
        for name, (operation, peer_index, targeted) in ours.items():
            mine, theirs = side_by_side(operation, [peer[peer_index] for peer in peers.values()],
                                        iterations)
            print(f"{name:44} {mine * 1e6:8.2f} " + " ".join(f"{t * 1e6:15.2f}" for t in theirs)
                  + "".join(f" {mine / t:20.2f}x" for t in theirs) + ("" if targeted else "  (no target)"))
    print(f"target: format + 3 strings <= {TARGET:.2f}x fluent.runtime's format_value")
    catalog.close()
    uncached.close()
    plural.close()
    return 0


def run_only(which: str, ours: list[tuple[Operation, int, bool]],
             peers: dict[str, tuple[Operation, ...]], iterations: int) -> int:
    """Runs one operation (``ours:N`` or ``<peer>:N``) ``iterations`` times, printing nothing."""
    side, _, row = which.partition(":")
    if not row.isdigit() or int(row) >= len(ours) or (side != "ours" and side not in peers):
        print(f"format_bench.py: ONLY is ours:N or <peer>:N with N < {len(ours)} "
              f"(peers: {', '.join(peers) or 'none installed'}), not {which!r}", file=sys.stderr)
        return 2
    operation, peer_index, _ = ours[int(row)]
    if side != "ours":
        operation = peers[side][peer_index]
    for index in range(200):
        operation(index)
    for index in range(iterations):
        operation(index)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
