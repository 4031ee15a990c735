"""errfmt lint --registry: the catalog against the errors a program raises, with the registry's
file and positions, in every output format (text, json, sarif, github) and with lint's exit
statuses, so that CI can gate on it; and lint's findings agree with the registry errfmt codegen
writes (the localizations each error lacks a text in).
"""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from conftest import ROOT, catalog_or_skip, errfmt

SARIF_SCHEMA = ROOT / "Tests" / "CLI" / "data" / "sarif-schema-2.1.0.json"
REGISTRY_CODES = {"registered-error-without-text", "registered-error-half-text", "unregistered-error-text",
                  "registry-argument-mismatch", "invalid-registry-entry"}


@pytest.fixture
def sync_registry(work):
    """Examples/Sync's JSON registry, and plain lines naming its codes 1 and 3 and an unknown 7."""
    registry = work / "sync.json"
    assert errfmt("codegen", str(ROOT / "Examples" / "Sync"), "--lang", "json", "-o", str(registry)).returncode == 0
    plain = work / "raised.txt"
    plain.write_text("# what the program raises\nSyncErrorDomain 1\nSyncErrorDomain 3\n  SyncErrorDomain 7\n")
    return registry, plain


def position_of(path: pathlib.Path, needle: str, occurrence: int = 0):
    """The 1-based line and column (in characters) of `needle` in the file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [(number + 1, line.index(needle) + 1) for number, line in enumerate(lines) if needle in line]
    return found[occurrence]


def test_text_findings_point_into_the_registry(sync_registry, work):
    _, plain = sync_registry
    out = errfmt("lint", "--registry", str(plain), str(ROOT / "Examples" / "Sync"))
    assert out.returncode == 1
    lines = [line for line in out.stdout.splitlines() if any(f"[{code}]" in line for code in REGISTRY_CODES)]
    assert lines == [
        f"{ROOT}/Examples/Sync/en.lproj/Localizable.strings:13:1: warning: \"errors.SyncErrorDomain.2.title\" is a "
        f"text of SyncErrorDomain 2, which the registry ({plain}) does not name [unregistered-error-text]",
        f"{plain}:2:1: warning: SyncErrorDomain 1, which the program raises, has no message of its own in de "
        "[registered-error-half-text]",
        f"{plain}:3:1: error: SyncErrorDomain 3, which the program raises, has neither a title nor a message in de "
        "[registered-error-without-text]",
        f"{plain}:4:3: error: SyncErrorDomain 7, which the program raises, has neither a title nor a message in "
        "en, de, fr [registered-error-without-text]",
    ]


@pytest.mark.parametrize("output", ["json", "sarif", "github"])
def test_every_format_carries_the_registry_findings(sync_registry, output):
    registry, _ = sync_registry
    out = errfmt("lint", "--registry", str(registry), "--format", output, str(ROOT / "Examples" / "Sync"))
    assert out.returncode == 1, out.stderr
    # Code 3's entry: its object opens on the line before its "domain", after four spaces.
    line = position_of(registry, '"domain": ', 2)[0] - 1
    column = 5
    if output == "json":
        findings = [json.loads(text) for text in out.stdout.splitlines()]
        wanted = {"severity": "error", "code": "registered-error-without-text", "file": str(registry), "line": line,
                  "column": column, "key": None}
        assert any({k: finding[k] for k in wanted} == wanted for finding in findings), findings
    elif output == "sarif":
        jsonschema = pytest.importorskip("jsonschema", reason="jsonschema validates SARIF (make setup installs it)")
        log = json.loads(out.stdout)
        jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
        run = log["runs"][0]
        rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
        assert rules["registered-error-without-text"]["defaultConfiguration"]["level"] == "error"
        assert "registry" in rules["registered-error-without-text"]["help"]["text"]
        regions = [result["locations"][0]["physicalLocation"] for result in run["results"]
                   if result["ruleId"] == "registered-error-without-text"]
        assert {"startLine": line, "startColumn": column} in [region["region"] for region in regions]
        assert all(region["artifactLocation"]["uri"].endswith("sync.json") for region in regions)
    else:
        assert re.search(rf"^::error file={re.escape(str(registry))},line={line},col={column},"
                         r"title=errfmt lint registered-error-without-text::SyncErrorDomain 3, which", out.stdout, re.M), \
            out.stdout


def test_exit_statuses_gate_ci(sync_registry, work):
    registry, plain = sync_registry
    catalog = str(ROOT / "Examples" / "CoreLocation")
    # Codes 0 and 2 have a title and a message in every localization; 8 and 9 are not raised.
    complete = work / "complete.txt"
    complete.write_text("kCLErrorDomain 0\nkCLErrorDomain 2\n")
    out = errfmt("lint", "--registry", str(complete), "--fail-on", "error", catalog)
    assert out.returncode == 0, out.stdout
    assert "[unregistered-error-text]" in out.stdout
    assert errfmt("lint", "--registry", str(complete), catalog).returncode == 1
    assert errfmt("lint", "--registry", str(plain), "--fail-on", "never", str(ROOT / "Examples" / "Sync")).returncode == 0
    # A registry that cannot be read: lint cannot run.
    missing = errfmt("lint", "--registry", str(work / "no-such-registry"), catalog)
    assert missing.returncode == 2 and missing.stdout == ""
    assert "no-such-registry" in missing.stderr


def test_a_changed_argument_list_is_an_error_at_its_position(sync_registry, work):
    registry, _ = sync_registry
    edited = work / "edited.json"
    text = registry.read_text(encoding="utf-8")
    # The program now passes code 3 an integer where the catalog's text formats a double.
    text = text.replace('{"position": 1, "name": "arg1", "type": "double"}', '{"position": 1, "name": "arg1", "type": "int64"}')
    edited.write_text(text, encoding="utf-8")
    out = errfmt("lint", "--registry", str(edited), "--format", "json", str(ROOT / "Examples" / "Sync"))
    findings = [json.loads(line) for line in out.stdout.splitlines()]
    mismatches = [finding for finding in findings if finding["code"] == "registry-argument-mismatch"]
    line, column = position_of(edited, '"arguments": [', 2)
    assert [(finding["line"], finding["column"]) for finding in mismatches] == [(line, column + len('"arguments": '))]
    assert mismatches[0]["message"] == ("the registry gives SyncErrorDomain 3 the arguments (int64, string), but its "
                                        "texts in the catalog take (double, string)")


@pytest.mark.parametrize("name", ["corelocation", "keywords", "unicode", "bulk", "corpus"])
def test_lint_agrees_with_the_registry_codegen_writes(name, test_catalogs, work):
    """For every error of the registry, lint --registry reports exactly the localizations the
    registry lists as lacking a text: an error for those lacking both, a warning for those
    lacking one; nothing about arguments; nothing unregistered."""
    catalog = catalog_or_skip(test_catalogs, name)
    registry = work / "registry.json"
    registry.write_text(json.dumps(catalog.registry), encoding="utf-8")
    out = errfmt("lint", "--registry", str(registry), "--format", "json", str(catalog.path))
    findings = [json.loads(line) for line in out.stdout.splitlines()]
    codes = {finding["code"] for finding in findings if finding["code"] in REGISTRY_CODES}
    assert codes <= {"registered-error-without-text", "registered-error-half-text"}, codes
    expected = 0
    for error in catalog.registry["errors"]:
        missing = error["missing"]
        expected += any(len(entry["fields"]) == 2 for entry in missing)
        expected += len({entry["fields"][0] for entry in missing if len(entry["fields"]) == 1})
    found = sum(finding["code"] in REGISTRY_CODES for finding in findings)
    assert found == expected
