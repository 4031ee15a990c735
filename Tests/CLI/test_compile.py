"""`errfmt compile`: the file it writes opens with every command as the directory does, the same
bytes every time, warnings and exit statuses as the other commands give them."""
import json
import pathlib
import subprocess

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
