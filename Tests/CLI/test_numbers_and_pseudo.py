"""errfmt's --localized-numbers and --pseudo-locales on format and lookup, and errfmt pseudo:
the outputs the issue asks for, and tables that errfmt lint passes.

Run by `make test-cli` against build/bin/errfmt (or $ERRFMT).
"""
import json
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ERRFMT = os.environ.get("ERRFMT", str(ROOT / "build" / "bin" / "errfmt"))
SYNC = str(ROOT / "Examples" / "Sync")
NNBSP = "\u202f"


def run(*args):
    return subprocess.run([ERRFMT, *args], capture_output=True, text=True, timeout=60)


def message(*args):
    out = run("format", "--catalog", SYNC, "--domain", "SyncErrorDomain", "--json", *args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["message"]


def test_numbers_are_the_c_locales_without_the_flag():
    assert message("--code", "2", "--locale", "fr", "--arg-int", "1234567") == \
        "1234567 fichiers n’ont pas pu être synchronisés."


def test_localized_numbers_are_foundations():
    assert message("--code", "2", "--locale", "fr", "--arg-int", "1234567", "--localized-numbers") == \
        f"1{NNBSP}234{NNBSP}567 fichiers n’ont pas pu être synchronisés."
    assert message("--code", "3", "--locale", "en", "--arg-double", "1234.5", "--arg", "Backup",
                   "--localized-numbers") == "1,234.5 MB more are needed on “Backup”."


def test_lookup_takes_localized_numbers():
    out = run("lookup", "--catalog", SYNC, "--locale", "de", "--arg-double", "-1234.5", "--arg", "Backup",
              "--localized-numbers", "errors.SyncErrorDomain.3.message")
    # German has no such message: English answers, with English numbers.
    assert out.returncode == 0, out.stderr
    assert out.stdout == "-1,234.5 MB more are needed on “Backup”.\n"
    plain = run("lookup", "--catalog", SYNC, "--locale", "de", "--arg-double", "-1234.5", "--arg", "Backup",
                "errors.SyncErrorDomain.3.message")
    assert plain.stdout == "-1234.5 MB more are needed on “Backup”.\n"


def test_pseudo_locales_are_served_only_when_asked():
    args = ["--code", "2", "--arg-int", "3"]
    assert message(*args, "--locale", "en-XA") == "3 files could not be synced."
    assert message(*args, "--locale", "en-XA", "--pseudo-locales") == \
        "[3 ƒîļéš çöûļð ñöţ ƀé šýñçéð. one two three]"
    assert message(*args, "--locale", "qps-ploc", "--pseudo-locales") == \
        "[3 ƒîļéš çöûļð ñöţ ƀé šýñçéð. one two three]"
    assert message(*args, "--locale", "ar-XB", "--pseudo-locales").startswith("\u200f\u202e3\u202c\u200f ")
    # A real locale never falls back to a pseudo-locale.
    assert message(*args, "--locale", "en-US", "--pseudo-locales") == "3 files could not be synced."
    out = run("lookup", "--catalog", SYNC, "--locale", "en-XA", "--pseudo-locales", "--json", "controls.ok")
    assert json.loads(out.stdout)["value"] == "[ÖĶ one]"
    assert json.loads(out.stdout)["locale"] == "en-XA"


def lint_findings(*paths, development=None):
    args = ["lint", "--json", "--fail-on", "never"] + (["--development-locale", development] if development else [])
    out = run(*args, *paths)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def test_pseudo_writes_tables_lint_passes(tmp_path):
    # Into a copy of the catalog, as an app ships them: lint finds nothing about them above a note.
    copy = tmp_path / "Sync"
    shutil.copytree(SYNC, copy)
    before = lint_findings(str(copy))
    for locale, directory in [("en-XA", "en-XA.lproj"), ("ar-XB", "ar-XB.lproj"), ("qps-ploc", "en-XA.lproj")]:
        out = run("pseudo", SYNC, "--locale", locale, "-o", str(copy))
        assert out.returncode == 0, out.stderr
        assert sorted(p.name for p in (copy / directory).iterdir()) == ["Localizable.strings", "Localizable.stringsdict"]
    findings = lint_findings(str(copy))
    pseudo = [f for f in findings if "/en-XA.lproj/" in f["file"] or "/ar-XB.lproj/" in f["file"]]
    assert pseudo, "lint read the pseudo tables"
    assert {f["severity"] for f in pseudo} == {"note"}, [f for f in pseudo if f["severity"] != "note"]
    # The catalog's own findings are the same as before.
    others = [f for f in findings if f not in pseudo and "/en.lproj/" not in f["file"]]
    assert others == [f for f in before if "/en.lproj/" not in f["file"]]
    # On their own, as a development localization, they pass lint: exit status 0.
    alone = tmp_path / "alone"
    assert run("pseudo", SYNC, "--locale", "en-XA", "-o", str(alone)).returncode == 0
    out = run("lint", "--development-locale", "en-XA", str(alone))
    assert out.returncode == 0, out.stdout + out.stderr


def test_pseudo_refuses_a_real_locale(tmp_path):
    out = run("pseudo", SYNC, "--locale", "fr", "-o", str(tmp_path))
    assert out.returncode == 2
    assert "not a pseudo-locale" in out.stderr
    assert not any(tmp_path.iterdir())


def test_the_sync_readme_shows_what_errfmt_prints():
    """Every `$ errfmt format` of Examples/Sync/README.md, run from the project root, prints the
    lines the README shows after it."""
    lines = (ROOT / "Examples" / "Sync" / "README.md").read_text(encoding="utf-8").splitlines()
    checked = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.startswith("$ errfmt format"):
            continue
        command = line[2:]
        while command.endswith("\\"):
            command = command[:-1] + lines[index].strip()
            index += 1
        expected = []
        while index < len(lines) and not lines[index].startswith(("$ ", "```")):
            expected.append(lines[index])
            index += 1
        args = command.split()[1:]
        out = subprocess.run([ERRFMT, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == expected, command
        checked += 1
    assert checked >= 4
