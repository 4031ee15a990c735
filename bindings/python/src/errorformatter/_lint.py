"""``errorformatter.lint``: the checks of ``errfmt lint`` from Python, findings as values."""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Iterable, Optional, Union

from . import _ffi
from ._catalog import Severity, _call, _decode, _encode_optional, _encode_path

_lib = _ffi.lib

StrPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


@dataclass(frozen=True)
class LintDiagnostic:
    """One finding of :func:`lint`: a stable kebab-case ``code`` (match on it, never on
    ``message``), the file as named in the call, the 1-based ``line`` and ``column`` of the entry
    in it (0 when unknown), and the table ``key`` it is about (None for whole files)."""

    severity: Severity
    code: str
    message: str
    file: Optional[str]
    line: int
    column: int
    key: Optional[str]

    def __str__(self) -> str:
        """``file:line:column: severity: message [code]``, as ``errfmt lint`` prints it."""
        location = ""
        if self.file is not None:
            location += self.file + ":"
        if self.line > 0:
            location += f"{self.line}:"
            if self.column > 0:
                location += f"{self.column}:"
        if location:
            location += " "
        return f"{location}{self.severity.name.lower()}: {self.message} [{self.code}]"


def lint(paths: Union[StrPath, Iterable[StrPath]], *, development_locale: Optional[str] = None) -> list[LintDiagnostic]:
    """Lints table files and catalog directories, as ``errfmt lint PATH...`` does.

    Each directory is one catalog; files named together are linted together (their
    localizations from their ``<loc>.lproj`` directories). Findings, even errors, are returned;
    a path that does not exist raises :class:`NotFoundError`, a bad ``development_locale``
    :class:`InvalidLocaleError`. Nothing is written.
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    encoded = [_encode_path(path) for path in paths]
    array = (ctypes.c_char_p * max(1, len(encoded)))(*encoded)
    report = _ffi.LintReportP()
    _call(_lib.ef_lint_paths, ctypes.byref(report), array, len(encoded),
          _encode_optional(development_locale, "development_locale"))
    try:
        return [
            LintDiagnostic(
                severity=Severity(_lib.ef_lint_diagnostic_severity(report, index)),
                code=_lib.ef_lint_diagnostic_code(report, index).decode(),
                message=_lib.ef_lint_diagnostic_message(report, index).decode(),
                file=_decode(_lib.ef_lint_diagnostic_file(report, index)),
                line=_lib.ef_lint_diagnostic_line(report, index),
                column=_lib.ef_lint_diagnostic_column(report, index),
                key=_decode(_lib.ef_lint_diagnostic_key(report, index)),
            )
            for index in range(_lib.ef_lint_diagnostic_count(report))
        ]
    finally:
        _lib.ef_lint_report_free(report)
