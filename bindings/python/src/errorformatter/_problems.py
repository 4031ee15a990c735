"""Problem responses (RFC 9457): ``ef_format_problem`` and the hooks of the frameworks Python
services use.

Everything a response holds is decided and written by the library (the status, the header
fields, the JSON body, the language negotiation): this module passes the request's
``Accept-Language`` header through as its bytes, splits the library's output into its items and
hands them to the framework. It builds no JSON and reads no header itself.

- :func:`problem` (``Catalog.problem``): one call, a :class:`Problem` (status, headers, body).
- :class:`HTTPProblem`: the exception a handler raises to send an error as a problem.
- :func:`asgi_exception_handler`: for ``app.add_exception_handler(HTTPProblem, ...)`` in
  FastAPI and Starlette.
- :func:`wsgi_problem` and :meth:`Problem.wsgi`: for any WSGI application;
  :func:`flask_error_handler` for ``app.register_error_handler(HTTPProblem, ...)`` in Flask.
"""

from __future__ import annotations

import ctypes
import http
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable, Mapping, Optional, Sequence, Union

from . import _ffi
from ._errors import error_from_details, make_error

if TYPE_CHECKING:
    from ._catalog import Catalog

_lib = _ffi.lib

#: The extension members a body may add, by name, as the library's flags.
MEMBERS = {"code": 1, "domain": 2, "button": 4}

# Room for most responses; a longer one gets a buffer of the length the library asks for.
_INITIAL_CAPACITY = 2048


@dataclass(frozen=True)
class Problem:
    """An HTTP response for an error: its status, its header fields (``Content-Type``,
    ``Content-Language``, ``Vary``, in that order) and its body, the JSON of an RFC 9457
    problem details object (UTF-8 bytes), as the library made them."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def header(self, name: str) -> Optional[str]:
        """The value of the header field ``name`` (any case), or None."""
        wanted = name.lower()
        return next((value for field, value in self.headers if field.lower() == wanted), None)

    @property
    def status_line(self) -> str:
        """``"404 Not Found"``: the status as WSGI's ``start_response`` takes it."""
        try:
            phrase = http.HTTPStatus(self.status).phrase
        except ValueError:
            phrase = "Unknown"
        return f"{self.status} {phrase}"

    def wsgi(self, start_response: Callable[..., Any]) -> list[bytes]:
        """Starts this response on a WSGI server and returns its body, for a WSGI application
        to return: ``return problem.wsgi(start_response)``."""
        start_response(self.status_line, list(self.headers) + [("Content-Length", str(len(self.body)))])
        return [self.body]


class HTTPProblem(Exception):
    """An error to send as a problem response: its domain, code, texts and arguments (as
    :meth:`Catalog.format` takes them), the HTTP status, and optionally the URI of this
    occurrence. Raise it from a handler; the framework hook formats it for the request."""

    def __init__(
        self,
        domain: str,
        code: int,
        *,
        status: int = 500,
        instance: Optional[str] = None,
        description: Optional[str] = None,
        failure_reason: Optional[str] = None,
        recovery_suggestion: Optional[str] = None,
        table: Optional[str] = None,
        arguments: Sequence[object] = (),
    ) -> None:
        super().__init__(f"{domain} {code}")
        self.domain = domain
        self.code = code
        self.status = status
        self.instance = instance
        self.description = description
        self.failure_reason = failure_reason
        self.recovery_suggestion = recovery_suggestion
        self.table = table
        self.arguments = tuple(arguments)

    def to_problem(
        self,
        catalog: "Catalog",
        accept_language: Union[str, bytes, None],
        *,
        type_template: Optional[str] = None,
        members: Iterable[str] = (),
    ) -> Problem:
        """This error's response for a request whose Accept-Language header is
        ``accept_language`` (None: the request had none)."""
        return catalog.problem(
            self.domain, self.code, accept_language=accept_language, status=self.status,
            type_template=type_template, instance=self.instance, members=members,
            description=self.description, failure_reason=self.failure_reason,
            recovery_suggestion=self.recovery_suggestion, table=self.table, arguments=self.arguments)


def _header_bytes(header: Union[str, bytes, None]) -> Optional[bytes]:
    """A header value as the bytes that arrived: WSGI and Starlette give headers as str decoded
    as ISO-8859-1, so that encoding gives their bytes back; a str that ISO-8859-1 cannot hold was
    not decoded that way, and is sent as UTF-8."""
    if header is None or isinstance(header, bytes):
        return header
    try:
        return header.encode("latin-1")
    except UnicodeEncodeError:
        return header.encode("utf-8", "surrogateescape")


def _encode(text: Optional[str], what: str) -> Optional[bytes]:
    if text is None:
        return None
    try:
        return text.encode()
    except UnicodeEncodeError as exc:
        raise make_error(_ffi.EF_E_INVALID_UTF8, f"{what} is not valid Unicode: {exc.reason}") from exc


def _check(status: int, details: "_ffi.ErrorDetailsP") -> None:
    if status == _ffi.EF_OK:
        return
    try:
        raise error_from_details(status, details)
    finally:
        _lib.ef_error_details_free(details)


def _error_info(
    domain: str, code: int, description: Optional[str], failure_reason: Optional[str],
    recovery_suggestion: Optional[str], table: Optional[str], arguments: Sequence[object],
) -> "_ffi.ErrorInfoP":
    """A new ef_error_info for the error (the caller frees it)."""
    if not _ffi.INT64_MIN <= code <= _ffi.INT64_MAX:
        raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"code {code} does not fit in 64 bits")
    details = _ffi.ErrorDetailsP()
    info = _ffi.ErrorInfoP()
    _check(_lib.ef_error_info_new(ctypes.byref(info), _encode(domain, "domain"), code, ctypes.byref(details)),
           details)
    try:
        for setter, text, what in ((_lib.ef_error_info_set_description, description, "description"),
                                   (_lib.ef_error_info_set_failure_reason, failure_reason, "failure_reason"),
                                   (_lib.ef_error_info_set_recovery_suggestion, recovery_suggestion,
                                    "recovery_suggestion"),
                                   (_lib.ef_error_info_set_table, table, "table")):
            if text is not None:
                _check(setter(info, _encode(text, what), ctypes.byref(details)), details)
        for position, argument in enumerate(arguments, start=1):
            if isinstance(argument, bool) or not isinstance(argument, (str, int, float)):
                raise TypeError(f"argument {position}: expected str, int or float, not {type(argument).__name__}")
            if isinstance(argument, str):
                status = _lib.ef_error_info_add_string(info, _encode(argument, f"argument {position}"),
                                                       ctypes.byref(details))
            elif isinstance(argument, float):
                status = _lib.ef_error_info_add_double(info, argument, ctypes.byref(details))
            elif _ffi.INT64_MIN <= argument <= _ffi.INT64_MAX:
                status = _lib.ef_error_info_add_int64(info, argument, ctypes.byref(details))
            elif _ffi.INT64_MAX < argument <= _ffi.UINT64_MAX:
                status = _lib.ef_error_info_add_uint64(info, argument, ctypes.byref(details))
            else:
                raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"argument {position} does not fit in 64 bits")
            _check(status, details)
    except BaseException:
        _lib.ef_error_info_free(info)
        raise
    return info


def problem(
    handle: "_ffi.CatalogP",
    domain: str,
    code: int,
    *,
    accept_language: Union[str, bytes, None] = None,
    locales: Optional[Sequence[str]] = None,
    status: int = 500,
    type_template: Optional[str] = None,
    instance: Optional[str] = None,
    members: Iterable[str] = (),
    description: Optional[str] = None,
    failure_reason: Optional[str] = None,
    recovery_suggestion: Optional[str] = None,
    table: Optional[str] = None,
    arguments: Sequence[object] = (),
) -> Problem:
    """The problem response of ``ef_format_problem`` for a catalog handle (see
    :meth:`Catalog.problem`, which calls this)."""
    if isinstance(locales, (str, bytes)):
        raise TypeError("locales must be a sequence of locale IDs, not a single string")
    if accept_language is not None and locales:
        raise make_error(_ffi.EF_E_INVALID_ARGUMENT, "give accept_language or locales, not both")
    flags = 0
    for member in members:
        if member not in MEMBERS:
            raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"unknown member {member!r} (code, domain or button)")
        flags |= MEMBERS[member]
    if not -(2**31) <= status < 2**31:
        raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"status {status} is not an HTTP status from 100 to 599")
    encoded_locales = [_encode(locale, "locale") for locale in locales or ()]
    locale_array = (ctypes.c_char_p * len(encoded_locales))(*encoded_locales) if encoded_locales else None
    header = _header_bytes(accept_language)
    template = _encode(type_template, "type_template")
    encoded_instance = _encode(instance, "instance")
    info = _error_info(domain, code, description, failure_reason, recovery_suggestion, table, arguments)
    try:
        length = ctypes.c_size_t()
        details = _ffi.ErrorDetailsP()
        capacity = _INITIAL_CAPACITY
        for _ in range(2):
            buffer = ctypes.create_string_buffer(capacity)
            _check(_lib.ef_format_problem(ctypes.byref(length), buffer, capacity, handle, info, header,
                                          locale_array, len(encoded_locales), status, template, encoded_instance,
                                          flags, ctypes.byref(details)), details)
            if length.value <= capacity:
                return _decode(buffer.raw[:length.value])
            capacity = length.value
        raise make_error(_ffi.EF_E_INTERNAL, "ef_format_problem asked for a third buffer")
    finally:
        _lib.ef_error_info_free(info)


def _decode(output: bytes) -> Problem:
    """The items of ef_format_problem's output: the header (status, F), F name/value pairs, the
    body. An output that is not that is the library's fault, reported as InternalError."""
    items = output.split(b"\0")
    if not output.endswith(b"\0") or len(items) < 2:
        raise make_error(_ffi.EF_E_INTERNAL, "ef_format_problem's output does not end with a NUL")
    items.pop()
    numbers = items[0].split(b" ")
    if len(numbers) != 2 or not all(number.isdigit() for number in numbers):
        raise make_error(_ffi.EF_E_INTERNAL, f"ef_format_problem's header item {items[0]!r} is not two numbers")
    status, fields = int(numbers[0]), int(numbers[1])
    if len(items) != 2 + 2 * fields:
        raise make_error(_ffi.EF_E_INTERNAL, f"ef_format_problem wrote {len(items)} items, not {2 + 2 * fields}")
    try:
        headers = tuple((items[1 + 2 * index].decode(), items[2 + 2 * index].decode()) for index in range(fields))
    except UnicodeDecodeError as exc:
        raise make_error(_ffi.EF_E_INTERNAL, "ef_format_problem wrote a header field that is not UTF-8") from exc
    return Problem(status=status, headers=headers, body=items[1 + 2 * fields])


def asgi_exception_handler(
    catalog: "Catalog", *, type_template: Optional[str] = None, members: Iterable[str] = ()
) -> Callable[[Any, HTTPProblem], Awaitable[Any]]:
    """An exception handler for FastAPI and Starlette::

        app.add_exception_handler(HTTPProblem, asgi_exception_handler(catalog, type_template=...))

    It answers an :class:`HTTPProblem` with its problem response for the request's raw
    ``Accept-Language`` header (every occurrence, joined as HTTP joins them)."""
    members = tuple(members)

    async def handler(request: Any, exc: HTTPProblem) -> Any:
        from starlette.responses import Response  # the framework's own type, only when used

        values = [value for name, value in request.scope.get("headers", ()) if name.lower() == b"accept-language"]
        header = b", ".join(values) if values else None
        made = exc.to_problem(catalog, header, type_template=type_template, members=members)
        return Response(content=made.body, status_code=made.status, headers=dict(made.headers))

    return handler


def wsgi_problem(
    catalog: "Catalog", error: HTTPProblem, environ: Mapping[str, Any], *,
    type_template: Optional[str] = None, members: Iterable[str] = (),
) -> Problem:
    """The problem response for ``error`` in a WSGI request (its ``HTTP_ACCEPT_LANGUAGE``, as
    the bytes the server read): ``return wsgi_problem(...).wsgi(start_response)``."""
    return error.to_problem(catalog, environ.get("HTTP_ACCEPT_LANGUAGE"), type_template=type_template,
                            members=members)


def flask_error_handler(
    catalog: "Catalog", *, type_template: Optional[str] = None, members: Iterable[str] = ()
) -> Callable[[HTTPProblem], tuple[bytes, int, list[tuple[str, str]]]]:
    """An error handler for Flask::

        app.register_error_handler(HTTPProblem, flask_error_handler(catalog, type_template=...))

    It answers an :class:`HTTPProblem` with its problem response for the current request."""
    members = tuple(members)

    def handler(error: HTTPProblem) -> tuple[bytes, int, list[tuple[str, str]]]:
        from flask import request  # the framework's own request, only when used

        made = wsgi_problem(catalog, error, request.environ, type_template=type_template, members=members)
        return made.body, made.status, list(made.headers)

    return handler
