"""A call with a wrong argument type or count does not pass the language's strict checker.

Each test adds one wrong call to a driver that passes the checker (the positive control), and
asserts the checker rejects it and points at that call's line: the generated signatures, not
the harness, make the difference. Examples/Sync's constructors: code 1 takes a string, code 2
an integer (the count of a plural), code 3 a double and a string.
"""
from __future__ import annotations

import re

import pytest

import languages
from conftest import errfmt

WRONG = {
    # A string where a double is expected.
    "string-for-double": (2, ['"12.5"', '"Backup"']),
    # A number where a string is expected.
    "number-for-string": (0, ["42"]),
    # One argument too few.
    "too-few": (2, ["12.5"]),
    # One argument too many.
    "too-many": (0, ['"a.txt"', '"b.txt"']),
    # A floating-point number where an integer is expected: C converts it silently (see
    # test_c_converts_numbers_implicitly) and TypeScript has one number type.
    "double-for-integer": (1, ["2.5"]),
}
ACCEPTED = {("c", "double-for-integer"), ("typescript", "double-for-integer")}


def prepared(language, test_catalogs, work):
    if language.missing():
        pytest.skip(f"{language.name}: {language.missing()}")
    catalog = test_catalogs["sync"]
    language.prepare(work)
    target = work / language.file
    target.parent.mkdir(parents=True, exist_ok=True)
    done = errfmt("codegen", str(catalog.path), "--lang", language.name, "-o", str(target))
    assert done.returncode == 0, done.stderr
    return languages.calls_of(catalog.registry, language.name)


@pytest.mark.parametrize("case", sorted(WRONG))
@pytest.mark.parametrize("language", languages.LANGUAGES, ids=lambda language: language.name)
def test_a_wrong_call_is_rejected(language, case, test_catalogs, work):
    calls = prepared(language, test_catalogs, work)
    index, values = WRONG[case]
    wrong = languages.Call(99, calls[index].name, [("wrong", value) for value in values])
    source, line = language.with_statement(calls, language.statement(wrong))
    (work / language.driver_file).write_text(source, encoding="utf-8")
    checked = language.check_only(work)
    output = (checked.stdout + checked.stderr).decode(errors="replace")
    if (language.name, case) in ACCEPTED:
        assert checked.returncode == 0, output[-3000:]
        return
    assert checked.returncode != 0, f"{language.name} accepted {wrong}"
    # The finding is about the wrong call: its file and line (tsc writes file(line,col)).
    name = language.driver_file.split("/")[-1]
    assert re.search(rf"{re.escape(name)}[:(]{line}\b", output), output[-3000:]


def test_c_converts_numbers_implicitly(test_catalogs, work):
    """C passes 2.5 for an int64_t without a word under -Wall -Wextra (the language converts
    arithmetic types); -Wconversion reports it."""
    language = languages.BY_NAME["c"]
    calls = prepared(language, test_catalogs, work)
    wrong = languages.Call(99, calls[1].name, [("wrong", "2.5")])
    source, line = language.with_statement(calls, language.statement(wrong))
    (work / language.driver_file).write_text(source, encoding="utf-8")
    assert language.check(work).returncode == 0
    language.flags = [*languages.C.flags, "-Wconversion"]
    try:
        checked = language.check(work)
    finally:
        language.flags = languages.C.flags
    assert checked.returncode != 0
    assert re.search(rf"driver\.c:{line}:", checked.stderr.decode()), checked.stderr.decode()
