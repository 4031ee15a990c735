"""`errfmt dump` output, byte for byte: a tooling contract.

(Ported from a Swift test: Foundation, which it used to run the process, cannot be imported in a
test module that also sees the CICU shims, since both declare ICU's C types.)
"""
import subprocess
from pathlib import Path

import pytest

from test_errfmt import ERRFMT

FILES = {
    "good.strings": b'"a" = "1";\n"n" = ("x", <0aff>);\n"a" = "2";\n',
    "bad.strings": b'"a" = "b"\n\n"c" = "d";\n',
    "string.strings": b'"just a string"',
    "empty.strings": b"",
}


def dump(tmp_path, *arguments):
    for name, data in FILES.items():
        (tmp_path / name).write_bytes(data)
    return subprocess.run([ERRFMT, "dump", *arguments], cwd=tmp_path, capture_output=True, text=True, timeout=60)


def test_json_lines(tmp_path):
    run = dump(tmp_path, "--json", "good.strings", "bad.strings", "string.strings", "empty.strings")
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        '{"file":"good.strings","ok":true,"entries":{"a":"2","n":["x",{"$data":"0aff"}]},"diagnostics":[{"severity":"warning","code":"duplicate-key","line":3,"column":1,"message":"duplicate key \\"a\\"; this later value replaces the earlier one"},{"severity":"note","code":"duplicate-key","line":1,"column":1,"message":"earlier definition of \\"a\\", ignored"}]}',
        '{"file":"bad.strings","ok":false,"error":{"code":"missing-semicolon","message":"missing \';\' after the value of \\"a\\"","line":1,"column":10,"foundationMessage":"Missing \';\' on line 3"},"diagnostics":[]}',
        '{"file":"string.strings","ok":false,"error":{"code":"not-a-table","message":"the property list is a string, not a dictionary, so it is not a string table","line":1,"column":1,"foundationMessage":null},"diagnostics":[]}',
        '{"file":"empty.strings","ok":false,"error":{"code":"empty-file","message":"the file is empty (0 bytes)","line":1,"column":1,"foundationMessage":"Cannot parse a NULL or zero-length data"},"diagnostics":[]}',
    ]


def test_count(tmp_path):
    run = dump(tmp_path, "--count", "good.strings", "bad.strings")
    assert run.returncode == 1
    assert run.stdout == "good.strings\tok\t2\nbad.strings\terror\t0\n"


def test_text_reads_back_and_reports_on_standard_error(tmp_path):
    run = dump(tmp_path, "good.strings")
    assert run.returncode == 0
    assert run.stdout == '"a" = "2";\n"n" = ("x", <0aff>);\n'
    assert run.stderr.startswith('good.strings:3:1: warning: duplicate key "a"')
    assert "[duplicate-key]" in run.stderr


def test_usage(tmp_path):
    assert dump(tmp_path).returncode == 2
    assert dump(tmp_path, "--json", "--count", "x").returncode == 2
    assert dump(tmp_path, "--bogus").returncode == 2
    help_run = dump(tmp_path, "--help")
    assert help_run.returncode == 0
    assert "usage: errfmt dump" in help_run.stdout


def test_json_lines_escape_unicode_line_separators(tmp_path):
    # U+2028 and U+2029 are valid raw in JSON, but many line-based readers split on them.
    (tmp_path / "sep.strings").write_text('"a" = "x\u2028y\u2029z";\n')
    run = subprocess.run([ERRFMT, "dump", "--json", "sep.strings"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60)
    assert run.stdout == '{"file":"sep.strings","ok":true,"entries":{"a":"x\\u2028y\\u2029z"},"diagnostics":[]}\n'
    assert len(run.stdout.splitlines()) == 1


def test_count_agrees_with_foundation_on_the_corpus():
    # Every .strings file of the shared corpus, read and parsed in one process: the same tables
    # with the same numbers of entries as Foundation found (foundation-results.tsv).
    corpus = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
    results = corpus / "foundation-results.tsv"
    if not results.is_file():
        pytest.skip(f"the shared corpus is not beside the repository ({corpus})")
    rows = [line.split("\t") for line in results.read_text(encoding="utf-8").splitlines()[1:]]
    run = subprocess.run([ERRFMT, "dump", "--count", "--", *(row[0] for row in rows)],
                         cwd=corpus / "data", capture_output=True, text=True, timeout=300)
    assert run.returncode == 1  # 171 files are not tables
    expected = [f"{row[0]}\t{'ok' if row[1] == 'OK' else 'error'}\t{row[2] if row[1] == 'OK' else 0}"
                for row in rows]
    assert run.stdout.splitlines() == expected


def test_the_file_name_is_the_last_component(tmp_path):
    # A String Catalog is named by its last path component, a trailing slash or not.
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "Cat.xcstrings").write_text('{"sourceLanguage": "en", "strings": {}}')
    for path in ["sub/Cat.xcstrings", "sub//Cat.xcstrings", "./sub/Cat.xcstrings"]:
        run = subprocess.run([ERRFMT, "dump", "--json", path], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert run.returncode == 1
        assert '"code":"not-a-property-list"' in run.stdout
        assert f"'errfmt convert {path} - --to strings'" in run.stdout
