"""Contract tests of `errfmt lint`: output formats (text, json, sarif validated against the SARIF
2.1.0 schema, github), exit statuses 0/1/2, paths as the user named them, and the seed's bugs.

Run by `make test-cli` against build/bin/errfmt (or $ERRFMT).
"""
import json
import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ERRFMT = os.environ.get("ERRFMT", str(ROOT / "build" / "bin" / "errfmt"))
SEED = ROOT.parent / "shared" / "seed" / "Localizable.strings"
SARIF_SCHEMA = pathlib.Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"


def lint(*args, cwd=None):
    return subprocess.run([ERRFMT, "lint", *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def broken(tmp_path):
    """A catalog `cat` (in tmp_path) with one error, one warning and one note."""
    write(tmp_path, "cat/en.lproj/Localizable.strings", '"hello" = "Hello %@";\n"ok" = "OK";\n"gone" = "Gone";\n')
    write(tmp_path, "cat/fr.lproj/Localizable.strings", '"ok" = "OK";\n"hello" = "Bonjour %d";\n"gone" = "Parti";\n"extra" = "x";\n')
    return tmp_path


def test_text_lines_and_summary(broken):
    out = lint("cat", cwd=broken)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        "cat/fr.lproj/Localizable.strings:1:1: note: the 'fr' text of \"ok\" is the development text [identical-to-source]",
        "cat/fr.lproj/Localizable.strings:2:1: error: \"hello\" reads argument 1 as an integer where the development "
        "text has an object (%@) [format-mismatch]",
        "cat/fr.lproj/Localizable.strings:4:1: warning: \"extra\" is not in the development table "
        "(cat/en.lproj/Localizable.strings), so it is never looked up [key-not-in-development]",
    ]
    assert out.stderr == "errfmt lint: 1 error, 1 warning, 1 note in 2 files\n"


def test_exit_statuses_follow_fail_on(broken, tmp_path):
    assert lint("cat", "--fail-on", "error", cwd=broken).returncode == 1
    assert lint("cat", "--fail-on", "never", cwd=broken).returncode == 0
    write(tmp_path, "clean/en.lproj/Localizable.strings", '"a" = "A";\n')
    write(tmp_path, "clean/fr.lproj/Localizable.strings", '"a" = "Un";\n')
    assert lint("clean", cwd=tmp_path).returncode == 0
    # Only a note: below the default threshold, at or above `note`.
    write(tmp_path, "noted/en.lproj/Localizable.strings", '"a" = "Same";\n')
    write(tmp_path, "noted/fr.lproj/Localizable.strings", '"a" = "Same";\n')
    assert lint("noted", cwd=tmp_path).returncode == 0
    assert lint("noted", "--fail-on", "note", cwd=tmp_path).returncode == 1


@pytest.mark.parametrize("arguments", [
    ["no-such-directory"],
    [],
    ["--format", "xml", "."],
    ["--fail-on", "sometimes", "."],
    ["--no-such-option", "."],
    ["--development-locale", "not a locale!", "."],
])
def test_lint_that_cannot_run_exits_2_never_1(tmp_path, arguments):
    out = lint(*arguments, cwd=tmp_path)
    assert out.returncode == 2, out
    assert out.stdout == ""
    # One line saying why; a usage error adds where to read more, as every errfmt command does.
    assert out.stderr.startswith(("errfmt: ", "errfmt lint: ")), out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) in (1, 2), out.stderr
    if len(lines) == 2:
        assert lines[1] == "try 'errfmt lint --help'"


def test_catalog_option_is_an_alias_and_files_mix_with_directories(broken):
    assert lint("--catalog", "cat", cwd=broken).stdout == lint("cat", cwd=broken).stdout
    write(broken, "loose/en.lproj/Localizable.strings", '"a" = "%@";\n')
    write(broken, "loose/de.lproj/Localizable.strings", '"a" = "%f";\n')
    out = lint("--format", "json", "cat", "loose/en.lproj/Localizable.strings", "loose/de.lproj/Localizable.strings",
               cwd=broken)
    files = {json.loads(line)["file"] for line in out.stdout.splitlines()}
    assert files == {"cat/fr.lproj/Localizable.strings", "loose/de.lproj/Localizable.strings"}


def test_json_lines(broken):
    out = lint("--format", "json", "cat", cwd=broken)
    objects = [json.loads(line) for line in out.stdout.splitlines()]
    assert [list(o) for o in objects] == [["severity", "code", "file", "line", "column", "key", "message"]] * 3
    assert objects[1] == {
        "severity": "error", "code": "format-mismatch", "file": "cat/fr.lproj/Localizable.strings",
        "line": 2, "column": 1, "key": "hello",
        "message": "\"hello\" reads argument 1 as an integer where the development text has an object (%@)",
    }
    assert out.stderr == ""
    assert lint("--json", "cat", cwd=broken).stdout == out.stdout


def test_sarif_is_valid_and_complete(broken):
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is needed to validate SARIF (make setup installs it)")
    out = lint("--format", "sarif", "cat", cwd=broken)
    assert out.returncode == 1
    log = json.loads(out.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == ["identical-to-source", "format-mismatch", "key-not-in-development"]
    assert all(rule["help"]["text"] and rule["shortDescription"]["text"] for rule in rules)
    result = run["results"][1]
    assert result["ruleId"] == "format-mismatch" and result["level"] == "error"
    assert rules[result["ruleIndex"]]["id"] == "format-mismatch"
    location = result["locations"][0]
    assert location["physicalLocation"] == {
        "artifactLocation": {"uri": "cat/fr.lproj/Localizable.strings"},
        "region": {"startLine": 2, "startColumn": 1},
    }
    assert location["logicalLocations"] == [{"name": "hello", "kind": "member"}]


def test_sarif_of_a_clean_catalog_and_of_odd_paths(tmp_path):
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is needed to validate SARIF (make setup installs it)")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    write(tmp_path, "my cat/en.lproj/Localizable.strings", '"a" = "80%";\n')
    log = json.loads(lint("--format", "sarif", "my cat", cwd=tmp_path).stdout)
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] \
        == "my%20cat/en.lproj/Localizable.strings"
    write(tmp_path, "clean/en.lproj/Localizable.strings", '"a" = "A";\n')
    log = json.loads(lint("--format", "sarif", "clean", cwd=tmp_path).stdout)
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["results"] == []


def test_github_annotations(broken):
    lines = lint("--format", "github", "cat", cwd=broken).stdout.splitlines()
    assert lines[1] == ("::error file=cat/fr.lproj/Localizable.strings,line=2,col=1,title=errfmt lint format-mismatch::"
                        "\"hello\" reads argument 1 as an integer where the development text has an object (%25@)")
    assert lines[0].startswith("::notice file=")
    assert lines[2].startswith("::warning file=")


def test_statistics_on_stderr(broken):
    out = lint("--statistics", "--fail-on", "never", "cat", cwd=broken)
    assert out.stderr.splitlines()[-1] == ("cat/fr.lproj/Localizable.strings: 2 translated, 1 identical to the "
                                           "development text, 0 missing, 1 not in the development table (100% coverage)")


def test_a_caret_under_the_column_on_a_terminal(broken):
    pty = pytest.importorskip("pty")
    import select
    leader, follower = pty.openpty()
    process = subprocess.Popen([ERRFMT, "lint", "cat"], stdout=follower, stderr=subprocess.DEVNULL, cwd=broken)
    os.close(follower)
    output = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=30)
    os.close(leader)
    lines = output.decode().replace("\r\n", "\n").splitlines()
    index = lines.index(next(line for line in lines if "[format-mismatch]" in line))
    assert lines[index + 1] == '"hello" = "Bonjour %d";'
    assert lines[index + 2] == "^"


def test_the_seeds_two_bugs(tmp_path):
    if not SEED.exists():
        pytest.skip("../shared/seed/Localizable.strings is absent")
    write(tmp_path, "seed/en.lproj/Localizable.strings", SEED.read_text(encoding="utf-8"))
    out = lint("--format", "json", "seed", cwd=tmp_path)
    found = [(o["code"], o["line"], o["key"]) for o in map(json.loads, out.stdout.splitlines())]
    assert ("error-title-without-message", 9, "errors.kCLErrorDomain.9.title") in found
    assert ("duplicate-key", 10, "errors.kCLErrorDomain.8.message") in found
    assert out.returncode == 1
