"""Contract tests of the errfmt command line: outputs that tooling depends on, exit statuses,
and the same results as the library for the same inputs.

Run by `make test-cli` against build/bin/errfmt (or $ERRFMT).
"""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ERRFMT = os.environ.get("ERRFMT", str(ROOT / "build" / "bin" / "errfmt"))
EXAMPLE = str(ROOT / "Examples" / "CoreLocation")


def run(*args, stdin=None):
    return subprocess.run([ERRFMT, *args], input=stdin, capture_output=True, text=True, timeout=60)


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# ------------------------------------------------------------------------------------- format

def test_format_the_seed_error_in_english():
    out = run("format", "--catalog", EXAMPLE, "--domain", "kCLErrorDomain", "--code", "0", "--locale", "en")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "title:   Unknown Location",
        "message: Couldn't get a good reading. Long tunnel?",
        "button:  OK",
    ]


def test_format_json_has_the_documented_members():
    out = run("format", "--catalog", EXAMPLE, "--domain", "kCLErrorDomain", "--code", "0",
              "--locale", "fr-CA", "--json")
    assert out.returncode == 0, out.stderr
    (result,) = json_lines(out.stdout)
    assert result["title"] == "Emplacement inconnu"
    assert result["stack"] == ["fr-CA", "fr", "en"]
    assert result["untranslated"] is False
    assert result["provenance"]["title"] == {
        "rule": "code-key", "key": "errors.kCLErrorDomain.0.title", "locale": "fr-CA", "table": "Localizable",
        "rejections": []}
    # No table has controls.ok (the seed lacks it): the built-in label.
    assert result["provenance"]["button"] == {
        "rule": "builtin", "key": None, "locale": None, "table": None, "rejections": []}


def test_format_fallback_chains_of_the_example():
    cases = {
        "es-MX": ["es-419", "es", "en"],
        "zh-TW": ["zh-Hant", "en"],
        "zh-CN": ["zh-Hans", "en"],
        "pt-BR": ["en"],
        "C": ["en"],
    }
    for locale, stack in cases.items():
        out = run("format", "--catalog", EXAMPLE, "--domain", "kCLErrorDomain", "--code", "1",
                  "--locale", locale, "--json")
        assert out.returncode == 0, out.stderr
        assert json_lines(out.stdout)[0]["stack"] == stack, locale


def test_format_error_texts_and_builtins():
    out = run("format", "--catalog", EXAMPLE, "--domain", "NoSuchDomain", "--code", "-7", "--locale", "en",
              "--failure-reason", "Disk full.", "--description", "The disk is full.", "--json")
    result = json_lines(out.stdout)[0]
    assert result["title"] == "Disk full."
    assert result["provenance"]["title"]["rule"] == "failure-reason"
    assert result["provenance"]["title"]["key"] is None
    assert result["message"] == "The disk is full."
    assert result["provenance"]["message"]["rule"] == "description"


def test_format_explain_names_every_field():
    out = run("format", "--catalog", EXAMPLE, "--domain", "kCLErrorDomain", "--code", "0", "--locale", "ja",
              "--explain")
    assert out.returncode == 0
    assert "stack:   ja > en" in out.stdout
    assert "title: rule code-key, key errors.kCLErrorDomain.0.title, from ja/Localizable" in out.stdout


@pytest.mark.parametrize("args, message", [
    (["--domain", "D", "--code", "1"], "--catalog is required"),
    (["--catalog", EXAMPLE, "--domain", "D", "--code", "one"], "--code must be a decimal integer"),
    (["--catalog", EXAMPLE, "--domain", "D", "--code", "1", "--bogus"], "unknown option '--bogus'"),
    (["--catalog", EXAMPLE, "--domain", "D", "--code", "1", "--locale", "auto,fr"], "--locale auto"),
])
def test_format_bad_usage_exits_2(args, message):
    out = run("format", *args)
    assert out.returncode == 2
    assert message in out.stderr


def test_format_missing_catalog_exits_1_naming_the_path():
    out = run("format", "--catalog", str(ROOT / "no-such-catalog"), "--domain", "D", "--code", "1")
    assert out.returncode == 1
    assert "no-such-catalog" in out.stderr


def test_format_accept_language():
    out = run("format", "--catalog", EXAMPLE, "--domain", "kCLErrorDomain", "--code", "0",
              "--accept-language", "de-AT;q=0.5, ja;q=0.9", "--json")
    assert json_lines(out.stdout)[0]["stack"] == ["ja", "en"]


# -------------------------------------------------------------------------------------- chain

def test_chain_json_lines_and_error_status():
    out = run("chain", "--json", "zh-TW", "es-MX", "C", "../../etc/passwd", "fr_CA_" + "A" * 200)
    assert out.returncode == 1  # bad IDs, reported after all inputs
    rows = json_lines(out.stdout)
    assert [row["input"] for row in rows][:4] == ["zh-TW", "es-MX", "C", "../../etc/passwd"]
    assert rows[0] == {"input": "zh-TW", "normalized": "zh_TW", "untranslated": False,
                       "chain": ["zh_TW", "zh_Hant_TW", "zh_Hant"], "kinds": ["alias", "bundle", "bundle"]}
    assert rows[1]["chain"] == ["es_MX", "es_419", "es"]
    assert rows[2]["untranslated"] is True and rows[2]["chain"] == []
    assert "path" in rows[3]["error"]  # a path is never a locale
    assert "error" in rows[4]


def test_chain_reads_stdin():
    out = run("chain", "--json", "-", stdin="pt-AO\nsr_RS@latin\n")
    assert out.returncode == 0, out.stderr
    assert [row["chain"] for row in json_lines(out.stdout)] == [
        ["pt_AO", "pt_PT", "pt"], ["sr_Latn_RS", "sr_Latn"]]


# --------------------------------------------------------------------------------------- dump

def test_dump_json_entries_and_diagnostics(tmp_path):
    table = tmp_path / "t.strings"
    table.write_bytes(b'"a" = "1";\n"b" = ( "x", { "k" = <0aff>; } );\n"a" = "2";\n')
    out = run("dump", "--json", str(table))
    assert out.returncode == 0, out.stderr
    (row,) = json_lines(out.stdout)
    assert row["ok"] is True
    assert row["entries"] == {"a": "2", "b": ["x", {"k": {"$data": "0aff"}}]}
    assert [(d["severity"], d["code"], d["line"]) for d in row["diagnostics"]] == [
        ("warning", "duplicate-key", 3), ("note", "duplicate-key", 1)]


def test_dump_rejects_what_coreFoundation_rejects(tmp_path):
    empty = tmp_path / "empty.strings"
    empty.write_bytes(b"")
    broken = tmp_path / "broken.strings"
    broken.write_bytes(b'"a" = "1"\n"b" = "2";\n')
    good = tmp_path / "good.strings"
    good.write_bytes(b'"a" = "1";\n')
    out = run("dump", "--json", str(empty), str(broken), str(good))
    assert out.returncode == 1
    rows = json_lines(out.stdout)
    assert [row["ok"] for row in rows] == [False, False, True]
    assert rows[1]["error"]["line"] == 1  # at the end of the value that lacks its ';'
    count = run("dump", "--count", str(empty), str(good))
    assert count.stdout.splitlines() == [f"{empty}\terror\t0", f"{good}\tok\t1"]


# --------------------------------------------------------------------------------------- lint

def test_lint_finds_the_seeds_duplicate_key():
    out = run("lint", "--catalog", EXAMPLE, "--json")
    assert out.returncode == 1
    findings = json_lines(out.stdout)
    duplicates = [f for f in findings if f["code"] == "duplicate-key" and f["severity"] == "warning"]
    assert len(duplicates) == 1
    # The file as the user named it (here the catalog's absolute path), not relative to the catalog.
    assert duplicates[0]["file"] == EXAMPLE + "/en.lproj/Localizable.strings"
    assert duplicates[0]["key"] == "errors.kCLErrorDomain.8.message"


# ------------------------------------------------------------------------------------ general

@pytest.mark.parametrize("command", ["format", "chain", "dump", "lint", "negotiate", "lookup"])
def test_every_command_has_help(command):
    out = run(command, "--help")
    assert out.returncode == 0
    assert "usage: errfmt " + command in out.stdout


def test_unknown_command_exits_2():
    out = run("frobnicate")
    assert out.returncode == 2
    assert "unknown command" in out.stderr


# ------------------------------------------------------------------------- lookup, arguments

def write_catalog(root):
    (root / "en.lproj").mkdir()
    (root / "en.lproj" / "Localizable.strings").write_bytes(
        b'"errors.Upload.1.title" = "Couldn\'t upload %1$@ (%2$lld bytes)";\n"pi" = "%.2f";\n')
    (root / "en.lproj" / "Localizable.stringsdict").write_bytes(
        b'<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>files</key><dict>'
        b'<key>NSStringLocalizedFormatKey</key><string>%#@files@</string><key>files</key><dict>'
        b'<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
        b'<key>NSStringFormatValueTypeKey</key><string>lld</string>'
        b'<key>one</key><string>One file</string><key>other</key><string>%lld files</string>'
        b'</dict></dict></dict></plist>')
    (root / "fr.json").write_bytes('{"pi": "%.3f (fr)", "files": {"one": "%lld fichier", "other": "%lld fichiers"}}'
                                   .encode())
    return str(root)


def test_lookup_renders_with_typed_arguments_in_order(tmp_path):
    catalog = write_catalog(tmp_path)
    out = run("lookup", "--catalog", catalog, "--locale", "en", "--arg", "a.txt", "--arg-int", "12",
              "errors.Upload.1.title")
    assert out.returncode == 0, out.stderr
    assert out.stdout == "Couldn't upload a.txt (12 bytes)\n"
    out = run("lookup", "--catalog", catalog, "--locale", "fr-CA", "--arg-double", "3.14159", "--json", "pi")
    assert json_lines(out.stdout) == [{"value": "3.142 (fr)", "locale": "fr", "table": "Localizable",
                                       "diagnostics": []}]


def test_lookup_plurals_from_stringsdict_and_json(tmp_path):
    catalog = write_catalog(tmp_path)
    assert run("lookup", "--catalog", catalog, "--locale", "en", "--arg-int", "1", "files").stdout == "One file\n"
    assert run("lookup", "--catalog", catalog, "--locale", "en", "--arg-int", "2", "files").stdout == "2 files\n"
    assert run("lookup", "--catalog", catalog, "--locale", "fr", "--arg-int", "0", "files").stdout == "0 fichier\n"


def test_lookup_reports_skipped_strings_and_missing_keys(tmp_path):
    catalog = write_catalog(tmp_path)
    out = run("lookup", "--catalog", catalog, "--locale", "en", "--json", "errors.Upload.1.title")
    assert out.returncode == 1
    (row,) = json_lines(out.stdout)
    assert row["value"] is None
    assert [(d["locale"], d["code"]) for d in row["diagnostics"]] == [("en", "missing-argument")]
    missing = run("lookup", "--catalog", catalog, "no.such.key")
    assert missing.returncode == 1 and "no usable value" in missing.stderr


def test_format_arguments_and_rejections_in_json(tmp_path):
    catalog = write_catalog(tmp_path)
    out = run("format", "--catalog", catalog, "--domain", "Upload", "--code", "1", "--locale", "en",
              "--arg", "a.txt", "--json")
    result = json_lines(out.stdout)[0]
    assert result["title"] == "Error"  # the only title needs two arguments
    (rejection,) = result["provenance"]["title"]["rejections"]
    assert rejection["key"] == "errors.Upload.1.title" and rejection["code"] == "missing-argument"


@pytest.mark.parametrize("args, message", [
    (["--arg-int", "1.5", "k"], "--arg-int takes an integer"),
    (["--arg-uint", "-1", "k"], "--arg-uint takes an unsigned integer"),
    (["--arg-double", "x", "k"], "--arg-double takes a number"),
    (["k", "k2"], "exactly one KEY"),
])
def test_lookup_bad_usage(tmp_path, args, message):
    out = run("lookup", "--catalog", write_catalog(tmp_path), *args)
    assert out.returncode == 2
    assert message in out.stderr
