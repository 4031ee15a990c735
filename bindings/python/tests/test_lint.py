"""errorformatter.lint: findings as values, with file, line, column and key; failures as exceptions."""

from __future__ import annotations

from pathlib import Path

import pytest

import errorformatter
from conftest import write_table


def test_findings_carry_file_position_and_key(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"hello" = "Hello %@";\n"count" = "%d files";\n')
    french = write_table(tmp_path, "fr", b'"count" = "%d fichiers";\n\n  "hello" = "Bonjour %d";\n')
    findings = errorformatter.lint(tmp_path)
    mismatch = [finding for finding in findings if finding.code == "format-mismatch"]
    assert len(mismatch) == 1
    assert mismatch[0].severity is errorformatter.Severity.ERROR
    assert mismatch[0].file == str(french)
    assert (mismatch[0].line, mismatch[0].column) == (3, 3)
    assert mismatch[0].key == "hello"
    assert str(mismatch[0]).startswith(f"{french}:3:3: error: ")
    assert str(mismatch[0]).endswith("[format-mismatch]")


def test_files_named_together_and_the_development_locale(tmp_path: Path) -> None:
    german = write_table(tmp_path, "de", b'"a" = "%@ Dateien";\n')
    french = write_table(tmp_path, "fr", b'"a" = "%d fichiers";\n')
    codes = [finding.code for finding in errorformatter.lint([german, french])]
    assert codes == ["no-development-localization"]
    findings = errorformatter.lint([german, french], development_locale="de")
    assert [(finding.code, finding.file, finding.line) for finding in findings] == [
        ("format-mismatch", str(french), 1)
    ]


def test_a_clean_table_has_no_findings(tmp_path: Path) -> None:
    write_table(tmp_path, "en", b'"a" = "A";\n')
    assert errorformatter.lint(str(tmp_path)) == []


def test_failures_raise(tmp_path: Path) -> None:
    with pytest.raises(errorformatter.NotFoundError):
        errorformatter.lint(tmp_path / "missing.strings")
    with pytest.raises(errorformatter.InvalidLocaleError):
        errorformatter.lint(tmp_path, development_locale="not a locale!")
    with pytest.raises(errorformatter.InvalidArgumentError):
        errorformatter.lint([])
