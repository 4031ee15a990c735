"""`errfmt compile`: the file it writes opens with every command as the directory does, the same
bytes every time, warnings and exit statuses as the other commands give them."""
import json
import pathlib
import subprocess

import compiled_parts
from test_errfmt import ERRFMT, ROOT

EXAMPLE = ROOT / "Examples" / "CoreLocation"


def errfmt(*arguments: object) -> subprocess.CompletedProcess:
    return subprocess.run([ERRFMT, *map(str, arguments)], capture_output=True, text=True)


def test_a_compiled_catalog_answers_as_its_directory(tmp_path: pathlib.Path) -> None:
    compiled = tmp_path / "CoreLocation.efc"
    done = errfmt("compile", EXAMPLE, "-o", compiled)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    for code in (0, 1, 2, 8, 9):
        for locale in ("en", "fr-CA", "es-MX", "zh-TW", "ja"):
            arguments = ("--domain", "kCLErrorDomain", "--code", code, "--locale", locale, "--json")
            want = errfmt("format", "--catalog", EXAMPLE, *arguments)
            got = errfmt("format", "--catalog", compiled, *arguments)
            assert json.loads(got.stdout) == json.loads(want.stdout)
            assert (got.returncode, got.stderr) == (want.returncode, want.stderr)
    want = errfmt("negotiate", "--catalog", EXAMPLE, "--locale", "de-AT", "--json")
    got = errfmt("negotiate", "--catalog", compiled, "--locale", "de-AT", "--json")
    assert got.stdout == want.stdout


def test_compiling_twice_gives_the_same_bytes(tmp_path: pathlib.Path) -> None:
    assert errfmt("compile", EXAMPLE, "-o", tmp_path / "a.efc").returncode == 0
    assert errfmt("compile", EXAMPLE, "-o", tmp_path / "b.efc").returncode == 0
    assert (tmp_path / "a.efc").read_bytes() == (tmp_path / "b.efc").read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.efc", "b.efc"]  # no leftovers


def test_broken_tables_are_reported_and_kept_or_refused_when_strict(tmp_path: pathlib.Path) -> None:
    catalog = tmp_path / "catalog"
    (catalog / "en.lproj").mkdir(parents=True)
    (catalog / "fr.lproj").mkdir()
    (catalog / "en.lproj" / "Localizable.strings").write_text('"errors.title" = "Failed";\n')
    (catalog / "fr.lproj" / "Localizable.strings").write_text('"errors.title" = "Échec"\n"b" = "c";\n')
    done = errfmt("compile", catalog, "-o", tmp_path / "lenient.efc")
    assert done.returncode == 0
    assert done.stderr.startswith("errfmt: warning: broken table ")
    assert "/catalog/fr.lproj/Localizable.strings:1:25: missing ';'" in done.stderr
    # The diagnostic is kept in the file: a command on it warns the same way.
    shown = errfmt("lookup", "--catalog", tmp_path / "lenient.efc", "--locale", "fr", "errors.title")
    assert shown.stdout == "Failed\n"
    assert "warning: broken table fr.lproj/Localizable.strings:1:25: missing ';'" in shown.stderr
    strict = errfmt("compile", "--strict", catalog, "-o", tmp_path / "strict.efc")
    assert strict.returncode == 1
    assert not (tmp_path / "strict.efc").exists()


def test_a_broken_file_and_bad_usage(tmp_path: pathlib.Path) -> None:
    compiled = tmp_path / "c.efc"
    assert errfmt("compile", EXAMPLE, "-o", compiled).returncode == 0
    data = compiled.read_bytes()
    compiled.write_bytes(data[: len(data) // 2])
    broken = errfmt("lookup", "--catalog", compiled, "--locale", "en", "errors.title")
    assert broken.returncode == 1
    assert "broken compiled catalog" in broken.stderr
    assert errfmt("compile", EXAMPLE).returncode == 2
    assert errfmt("compile", "-o", compiled).returncode == 2
    assert errfmt("compile", tmp_path / "missing", "-o", compiled).returncode == 1
    assert errfmt("compile", EXAMPLE, "-o", tmp_path / "missing" / "c.efc").returncode == 1


def test_lint_reads_a_compiled_catalog(tmp_path: pathlib.Path) -> None:
    sync = ROOT / "Examples" / "Sync"
    compiled = tmp_path / "Sync.efc"
    assert errfmt("compile", "--quiet", sync, "-o", compiled).returncode == 0
    want = errfmt("lint", "--json", sync)
    got = errfmt("lint", "--json", compiled)
    assert (got.returncode, want.returncode) == (1, 1)  # Sync's seeded format-mismatch error

    def findings(output: str, prefix: str) -> list[tuple[str, str, str, str]]:
        def inside(text: str) -> str:  # a table named inside the catalog, without its extension
            return text.replace(prefix, "").replace(".stringsdict", "").replace(".strings", "")

        found = [json.loads(line) for line in output.splitlines()]
        return sorted((item["code"], item["severity"], inside(item["file"]), inside(item["message"])) for item in found)

    # The directory's findings, less positions, with the tables named inside the file.
    assert findings(got.stdout, f"{compiled}/") == findings(want.stdout, f"{sync}/")
    summary = errfmt("lint", compiled).stderr
    assert summary.startswith("errfmt lint: 1 error, 6 warnings, 3 notes"), summary


def test_a_strict_open_refuses_the_file_as_it_refuses_its_sources(tmp_path: pathlib.Path) -> None:
    catalog = tmp_path / "catalog"
    (catalog / "en.lproj").mkdir(parents=True)
    (catalog / "fr.lproj").mkdir()
    (catalog / "en.lproj" / "Localizable.strings").write_text('"errors.title" = "Failed";\n')
    (catalog / "fr.lproj" / "Localizable.strings").write_text('"errors.title" = "Err\\U0000eur";\n')
    # The directory, strictly: refused. Compiled leniently, the file keeps the refusal: compiled
    # again strictly, it is refused with the same words.
    refused = errfmt("compile", "--strict", catalog, "-o", tmp_path / "strict.efc")
    assert refused.returncode == 1
    assert "fr.lproj/Localizable.strings: the value of \"errors.title\" contains U+0000" in refused.stderr
    assert errfmt("compile", "--quiet", catalog, "-o", tmp_path / "lenient.efc").returncode == 0
    again = errfmt("compile", "--strict", tmp_path / "lenient.efc", "-o", tmp_path / "again.efc")
    assert (again.returncode, again.stderr) == (1, refused.stderr)
    assert not (tmp_path / "again.efc").exists()


def test_a_stored_diagnostic_code_holding_a_newline_is_refused(tmp_path: pathlib.Path) -> None:
    compiled = tmp_path / "c.efc"
    assert errfmt("compile", EXAMPLE, "-o", compiled).returncode == 0
    parts = compiled_parts.Parts(compiled.read_bytes())
    # The catalog section with one error diagnostic whose code forges a second line.
    diagnostic = bytes([0]) + compiled_parts.string("broken\nerrfmt: forged line") + compiled_parts.string("a message")
    diagnostic += bytes([0]) + bytes(8) + bytes([0])
    parts.section(0)[2] = bytes([1, 0, 0, 0]) + diagnostic
    compiled.write_bytes(parts.bytes())
    shown = errfmt("lookup", "--catalog", compiled, "--locale", "fr", "errors.title")
    assert shown.returncode == 0
    # One warning, on one line: the code is refused (its section left out), never printed raw.
    assert len(shown.stderr.splitlines()) == 1
    assert shown.stderr.startswith("errfmt: warning: broken table ")
    assert "[broken-compiled-section]" in shown.stderr
    assert "is not kebab-case" in shown.stderr
    strict = errfmt("compile", "--strict", compiled, "-o", tmp_path / "again.efc")
    assert strict.returncode == 1
    assert len(strict.stderr.splitlines()) == 1
