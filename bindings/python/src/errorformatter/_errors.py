"""Exceptions: one class per ``ef_status``, all under :class:`ErrorFormatterError`.

Each subclass also derives from the built-in exception a Python caller would expect to catch
(``FileNotFoundError`` for a missing catalog, ``ValueError`` for a malformed argument), so
``except FileNotFoundError`` works without knowing this library.
"""

from __future__ import annotations

import errno
from typing import Optional

from . import _ffi


class ErrorFormatterError(Exception):
    """A call into liberrorformatter failed.

    Attributes:
        status: the ``ef_status`` code, e.g. 5.
        status_name: its macro name, e.g. ``"EF_E_PARSE"``.
        message: the library's one-line message.
        file: the file at fault, or None.
        line: 1-based line in ``file``, or 0 if unknown.
        column: 1-based column in ``file`` (Unicode scalar values), or 0 if unknown.
    """

    def __init__(
        self,
        status: int,
        status_name: str,
        message: str,
        file: Optional[str] = None,
        line: int = 0,
        column: int = 0,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.status_name = status_name
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        # Overridden because OSError's __str__ would print "[Errno 2] ..." and KeyError's would
        # quote the message; one format for every subclass: "file:line:column: message".
        if self.file is None:
            return self.message
        position = self.file
        if self.line:
            position += f":{self.line}"
            if self.column:
                position += f":{self.column}"
        return f"{position}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.status_name}, {self.message!r}, file={self.file!r})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # Keeps exceptions picklable (multiprocessing) despite the non-standard __init__.
        arguments = (self.status, self.status_name, self.message, self.file, self.line, self.column)
        return (type(self), arguments)


class InvalidArgumentError(ErrorFormatterError, ValueError):
    """EF_E_INVALID_ARGUMENT: an argument is missing, out of range or otherwise unusable."""


class InvalidUTF8Error(ErrorFormatterError, ValueError):
    """EF_E_INVALID_UTF8: a string is not valid UTF-8 (or a Python str cannot be encoded as such)."""


class NotFoundError(ErrorFormatterError, FileNotFoundError):
    """EF_E_NOT_FOUND: a path does not exist."""

    def __init__(self, *arguments, **keywords) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*arguments, **keywords)
        self.errno = errno.ENOENT
        self.strerror = self.message
        self.filename = self.file


class CatalogIOError(ErrorFormatterError, OSError):
    """EF_E_IO: a path exists but cannot be read (not a directory, permissions, I/O error)."""

    def __init__(self, *arguments, **keywords) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*arguments, **keywords)
        self.strerror = self.message
        self.filename = self.file


class ParseError(ErrorFormatterError, ValueError):
    """EF_E_PARSE: a table could not be parsed (strict loading); see file, line and column."""


class InvalidLocaleError(ErrorFormatterError, ValueError):
    """EF_E_INVALID_LOCALE: a locale identifier is malformed."""


class InternalError(ErrorFormatterError, RuntimeError):
    """EF_E_INTERNAL: the library failed internally (an ICU call or an allocation failed)."""


class KeyNotFoundError(ErrorFormatterError, LookupError):
    """EF_E_KEY_NOT_FOUND: no localization has a usable value for the key."""


class RejectionError(ErrorFormatterError, TypeError):
    """EF_E_REJECTED: a string was found that the call's arguments cannot satisfy (a ``%d`` given
    a str), raised by a catalog opened with ``rejections="raise"``; the message is the
    rejection's one-line description, and ``rejection`` the :class:`Rejection` itself. Also a
    ``TypeError``, what Python raises for ``"%d" % "x"``."""

    #: The rejection, when the binding raised it from a result (None when made by hand).
    rejection: object = None


_BY_STATUS: dict[int, type[ErrorFormatterError]] = {
    _ffi.EF_E_INVALID_ARGUMENT: InvalidArgumentError,
    _ffi.EF_E_INVALID_UTF8: InvalidUTF8Error,
    _ffi.EF_E_NOT_FOUND: NotFoundError,
    _ffi.EF_E_IO: CatalogIOError,
    _ffi.EF_E_PARSE: ParseError,
    _ffi.EF_E_INVALID_LOCALE: InvalidLocaleError,
    _ffi.EF_E_INTERNAL: InternalError,
    _ffi.EF_E_KEY_NOT_FOUND: KeyNotFoundError,
    _ffi.EF_E_REJECTED: RejectionError,
}


def status_name(status: int) -> str:
    """The macro name of a status code, e.g. ``"EF_E_PARSE"`` (``"EF_E_UNKNOWN"`` if unknown)."""
    name: bytes = _ffi.lib.ef_status_name(status)
    return name.decode()


def make_error(
    status: int,
    message: str,
    file: Optional[str] = None,
    line: int = 0,
    column: int = 0,
) -> ErrorFormatterError:
    """The exception for ``status``; a status this binding does not know gives the base class."""
    cls = _BY_STATUS.get(status, ErrorFormatterError)
    return cls(status, status_name(status), message, file, line, column)


def error_from_details(status: int, details: "_ffi.ErrorDetailsP") -> ErrorFormatterError:
    """Builds the exception from an ``ef_error_details`` (which the caller still frees)."""
    lib = _ffi.lib
    if not details:
        # The header promises details on failure; fall back to the status text if they are absent.
        return make_error(status, lib.ef_status_string(status).decode())
    file = lib.ef_error_details_file(details)
    return make_error(
        status,
        lib.ef_error_details_message(details).decode(),
        file.decode() if file is not None else None,
        lib.ef_error_details_line(details),
        lib.ef_error_details_column(details),
    )
