"""`errfmt dump` output, byte for byte: a tooling contract.

(Ported from a Swift test: Foundation, which it used to run the process, cannot be imported in a
test module that also sees the CICU shims, since both declare ICU's C types.)
"""
import subprocess

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
