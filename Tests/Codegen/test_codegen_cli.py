"""The contract of `errfmt codegen`: its exit statuses (0 written, 1 refused with nothing
written, 2 cannot run), what refuses a file (names that collide, self-contradicting development
texts, a table defined both in .lproj files and in a String Catalog), what only is reported
(translations that disagree), and where its output goes.
"""
from __future__ import annotations

import json

import pytest

import catalogs
from conftest import ROOT, errfmt

SYNC = str(ROOT / "Examples" / "Sync")


@pytest.mark.parametrize("arguments", [
    [SYNC, "-o", "out.h"],
    [SYNC, "--lang", "cobol", "-o", "out.h"],
    [SYNC, "--lang", "c"],
    [SYNC, SYNC, "--lang", "c", "-o", "out.h"],
    ["no-such-catalog", "--lang", "c", "-o", "out.h"],
    [SYNC, "--lang", "c", "--table", "a/b", "-o", "out.h"],
    [SYNC, "--lang", "c", "--names", "no-such-file", "-o", "out.h"],
    [SYNC, "--lang", "java", "--package", "not a package", "-o", "Out.java"],
])
def test_what_cannot_run_exits_2(arguments, work):
    out = errfmt("codegen", *arguments, cwd=work)
    assert out.returncode == 2, out
    assert out.stdout == "" and out.stderr.startswith(("errfmt: ", "errfmt codegen: ")), out.stderr
    assert not any(work.iterdir())


def test_colliding_names_refuse_until_named(work):
    catalog = catalogs.colliding_catalog(work / "colliding")
    target = work / "errors.py"
    target.write_text("kept\n")
    out = errfmt("codegen", str(catalog), "--lang", "python", "-o", str(target))
    assert out.returncode == 1
    assert target.read_text() == "kept\n", "a refused run must not touch the output"
    findings = [line for line in out.stderr.splitlines() if "[codegen-name-collision]" in line]
    assert findings == [
        f"{catalog}/Localizable.xcstrings:16:9: error: my.domain 1 (\"errors.my.domain.1.title\") and MyDomain 1 "
        "(\"errors.MyDomain.1.title\") would both be named my_domain_1 in python; give one of them another name "
        "with --names [codegen-name-collision]",
        f"{catalog}/Localizable.xcstrings:26:9: error: my_domain 1 (\"errors.my_domain.1.title\") and MyDomain 1 "
        "(\"errors.MyDomain.1.title\") would both be named my_domain_1 in python; give one of them another name "
        "with --names [codegen-name-collision]",
    ]
    named = errfmt("codegen", str(catalog), "--lang", "python", "--names", str(catalog / "names.txt"), "-o", str(target))
    assert named.returncode == 0, named.stderr
    source = target.read_text()
    assert "def dotted() -> ErrorInfo:" in source and "def underscored() -> ErrorInfo:" in source
    # The registry refuses a collision in any language, and names each language's spelling.
    registry = errfmt("codegen", str(catalog), "--lang", "json", "-o", "-")
    assert registry.returncode == 1
    assert "would both be named my_domain_1_new in c, my_domain_1 in cpp, myDomain1 in swift" in registry.stderr


def test_self_contradicting_development_texts_refuse(work):
    catalog = work / "contradicting"
    (catalog / "en.lproj").mkdir(parents=True)
    (catalog / "en.lproj" / "Localizable.strings").write_text(
        '"errors.D.1.title" = "%1$@ failed";\n"errors.D.1.message" = "%1$lld times";\n', encoding="utf-8")
    out = errfmt("codegen", str(catalog), "--lang", "go", "-o", str(work / "errors.go"))
    assert out.returncode == 1
    assert not (work / "errors.go").exists()
    assert out.stderr.splitlines()[0] == (
        f"{catalog}/en.lproj/Localizable.strings:2:1: error: \"errors.D.1.message\" reads argument 1 of D 1 as a signed "
        "integer (%lld) where \"errors.D.1.title\" reads it as a string (%@) [error-argument-conflict]")
    # lint reports the same finding.
    lint = errfmt("lint", str(catalog))
    assert lint.returncode == 1 and "[error-argument-conflict]" in lint.stdout


def test_a_table_defined_twice_refuses_and_lint_reports_it(work):
    catalog = catalogs.write_string_catalog(work / "twice", {
        "errors.D.2.title": catalogs.plain({"en": "Only in the String Catalog"})})
    (catalog / "en.lproj").mkdir()
    (catalog / "en.lproj" / "Localizable.strings").write_text('"errors.D.1.title" = "Only in .strings";\n')
    out = errfmt("codegen", str(catalog), "--lang", "c", "-o", str(work / "errors.h"))
    assert out.returncode == 1
    assert "[table-defined-twice]" in out.stderr
    lint = errfmt("lint", "--format", "json", str(catalog))
    assert lint.returncode == 1
    found = [json.loads(line) for line in lint.stdout.splitlines()]
    twice = [finding for finding in found if finding["code"] == "table-defined-twice"]
    assert len(twice) == 1 and twice[0]["severity"] == "error"
    assert twice[0]["file"] == f"{catalog}/en.lproj/Localizable.strings"
    assert "Localizable.xcstrings" in twice[0]["message"]
    # What it warns of: the String Catalog's string is hidden.
    shown = json.loads(errfmt("format", "--catalog", str(catalog), "--domain", "D", "--code", "2", "--json").stdout)
    assert shown["title"] == "Error"


def test_translations_that_disagree_are_reported_not_refused(work):
    target = work / "errors.rs"
    out = errfmt("codegen", SYNC, "--lang", "rust", "-o", str(target))
    assert out.returncode == 0
    assert out.stderr == (f"{SYNC}/de.lproj/Localizable.strings:8:1: error: \"errors.SyncErrorDomain.3.message\" uses "
                          "argument 3, which the development text does not pass [format-mismatch]\n")
    assert target.exists()
    quiet = errfmt("codegen", SYNC, "--lang", "rust", "--quiet", "-o", str(target))
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_standard_output_and_module_names(work):
    to_file = work / "SyncErrors.swift"
    assert errfmt("codegen", SYNC, "--lang", "swift", "-o", str(to_file)).returncode == 0
    to_stdout = errfmt("codegen", SYNC, "--lang", "swift", "--module", "SyncErrors", "--quiet", "-o", "-")
    assert to_stdout.returncode == 0 and to_stdout.stdout == to_file.read_text()
    assert "public enum SyncErrors {" in to_stdout.stdout
    # Go: the package is the output directory's name; Java: the class is the file's.
    go = work / "syncerrors" / "errors.go"
    go.parent.mkdir()
    assert errfmt("codegen", SYNC, "--lang", "go", "-o", str(go)).returncode == 0
    assert "\npackage syncerrors\n" in go.read_text()
    java = errfmt("codegen", SYNC, "--lang", "java", "-o", str(work / "sync-errors.java"))
    assert java.returncode == 1 and "[codegen-module-name]" in java.stderr
    named = errfmt("codegen", SYNC, "--lang", "java", "--package", "com.example.sync", "-o", str(work / "SyncErrors.java"))
    assert named.returncode == 0
    text = (work / "SyncErrors.java").read_text()
    assert "\npackage com.example.sync;\n" in text and "public final class SyncErrors {" in text
