"""`errfmt watch`: the version served, then each version accepted or refused as the catalog
changes, one line each with its diagnostics below; exit statuses as the help says."""
import os
import pathlib
import re
import subprocess
import time

from test_errfmt import ERRFMT

# How long a test waits for errfmt to end (a hang guard, not a measurement).
PATIENCE_SECONDS = 30
TIME = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"


def write(path: pathlib.Path, text: str) -> None:
    """Replaces `path` whole, by rename, as a deployment would."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(text)
    os.replace(temporary, path)


class Watch:
    """errfmt watch running on `catalog`, its lines read as they come."""

    def __init__(self, *arguments: object) -> None:
        self.process = subprocess.Popen([ERRFMT, "watch", *map(str, arguments)], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []

    def next_event(self) -> list[str]:
        """The next event: its line, then as many diagnostic lines as it says."""
        assert self.process.stdout is not None
        event = [self.process.stdout.readline().rstrip("\n")]
        assert event[0], f"errfmt watch ended; before: {self.lines}"
        self.lines.append(event[0])
        match = re.search(r", (\d+) diagnostics?(,|$)", event[0])
        assert match, event
        event += [self.process.stdout.readline().rstrip("\n") for _ in range(int(match.group(1)))]
        assert all(line.startswith("  ") for line in event[1:]), event
        return event

    def finish(self) -> int:
        return self.process.wait(timeout=PATIENCE_SECONDS)


def test_every_version_is_reported_as_it_comes(tmp_path: pathlib.Path) -> None:
    catalog = tmp_path / "catalog"
    table = catalog / "en.lproj" / "Localizable.strings"
    write(table, '"a" = "1";\n')
    watch = Watch("--interval", 10, "--debounce", 30, "--strict", "--count", 4, catalog)
    first = watch.next_event()
    assert re.fullmatch(rf"generation 1 accepted {TIME}, 1 localization, 0 diagnostics", first[0]), first
    write(table, '"a" = "2";\n"a" = "2 again";\n')
    accepted = watch.next_event()
    assert re.fullmatch(rf"generation 2 accepted {TIME}, 2 diagnostics", accepted[0]), accepted
    assert re.fullmatch(r"  en\.lproj/Localizable\.strings:2:1: warning: .* \[duplicate-key\]", accepted[1]), accepted
    assert accepted[2] == '  en.lproj/Localizable.strings:1:1: note: earlier definition of "a", ignored [duplicate-key]'

    write(table, '"a" = "3"\n"b" = "x";\n')
    refused = watch.next_event()
    assert re.fullmatch(rf"refused {TIME}, 0 diagnostics, generation 2 still served: "
                        r"en.lproj/Localizable.strings:1:10: missing ';' after the value of \"a\"", refused[0]), refused
    gone = tmp_path / "gone"
    catalog.rename(gone)
    deleted = watch.next_event()
    assert re.fullmatch(rf"refused {TIME}, 0 diagnostics, generation 2 still served: "
                        rf"no such catalog: {re.escape(str(catalog))}", deleted[0]), deleted
    gone.rename(catalog)
    write(table, '"a" = "4";\n')
    back = watch.next_event()
    assert re.fullmatch(rf"generation 3 accepted {TIME}, 0 diagnostics", back[0]), back
    assert watch.finish() == 0
    assert watch.process.stderr is not None and watch.process.stderr.read() == ""


def test_lint_clean_refuses_what_lint_finds_an_error_in(tmp_path: pathlib.Path) -> None:
    catalog = tmp_path / "catalog"
    write(catalog / "en.lproj" / "Localizable.strings", '"a" = "File %@";\n')
    write(catalog / "fr.lproj" / "Localizable.strings", '"a" = "Fichier %@";\n')
    watch = Watch("--interval", 10, "--debounce", 30, "--lint-clean", "--count", 1, catalog)
    assert watch.next_event()[0].startswith("generation 1 accepted ")
    write(catalog / "fr.lproj" / "Localizable.strings", '"a" = "Fichier %d";\n')
    refused = watch.next_event()
    assert re.fullmatch(rf"refused {TIME}, \d+ diagnostics?, generation 1 still served: "
                        r"fr.lproj/Localizable(\.strings)?: lint found 1 error, the first: .*", refused[0]), refused
    assert any("[format-mismatch]" in line for line in refused[1:]), refused
    assert watch.finish() == 0


def test_a_catalog_that_cannot_be_served_and_bad_usage(tmp_path: pathlib.Path) -> None:
    done = subprocess.run([ERRFMT, "watch", tmp_path / "missing"], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("errfmt: ") and "no such catalog" in done.stderr
    empty = tmp_path / "empty"
    write(empty / "en.lproj" / "Localizable.strings", "")
    done = subprocess.run([ERRFMT, "watch", empty], capture_output=True, text=True)
    assert done.returncode == 1 and "the catalog is empty" in done.stderr
    for arguments in ([], ["a", "b"], ["--interval", "0", "a"], ["--interval", "-1", "a"], ["--debounce", "x", "a"],
                      ["--count", "-2", "a"], ["--bogus", "a"]):
        done = subprocess.run([ERRFMT, "watch", *arguments], capture_output=True, text=True)
        assert done.returncode == 2, arguments
        assert done.stderr.startswith("errfmt watch: ") and done.stderr.endswith("try 'errfmt watch --help'\n")
    helped = subprocess.run([ERRFMT, "watch", "--help"], capture_output=True, text=True)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: errfmt watch [options] CATALOG")
