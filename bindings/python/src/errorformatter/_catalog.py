"""Catalogs, formatting and locale helpers over the C API."""

from __future__ import annotations

import ctypes
import enum
import os
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Sequence, TypeVar, Union

from . import _ffi, _packed, _problems
from ._errors import error_from_details, make_error
from . import _memo
from ._memo import ResultMemo
from ._results import FormattedError, LookupResult
from . import _rejections

_lib = _ffi.lib

StrPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: The default of ``arguments``: recognized by identity, so the common call skips the
#: ef_error_info an argument list needs.
_NO_ARGUMENTS: Sequence[object] = ()

_INT64_MIN = _ffi.INT64_MIN
_INT64_MAX = _ffi.INT64_MAX


class Severity(enum.IntEnum):
    """Severity of a catalog diagnostic (EF_SEVERITY_*)."""

    ERROR = 0
    WARNING = 1
    NOTE = 2


class ChainKind(enum.IntEnum):
    """Kind of a locale-chain entry (EF_CHAIN_*)."""

    ABSTRACT = 0
    BUNDLE = 1
    ALIAS = 2


@dataclass(frozen=True)
class Diagnostic:
    """A problem found while loading a catalog (duplicate key, broken file left out, ...)."""

    severity: Severity
    code: str
    message: str
    file: Optional[str]
    line: int
    column: int


@dataclass(frozen=True)
class LocaleChain:
    """A locale's CLDR fallback chain: the normalized ID, whether it was C/POSIX, the entries."""

    normalized: str
    untranslated: bool
    entries: tuple[tuple[str, ChainKind], ...]


def _decode(value: Optional[bytes]) -> Optional[str]:
    return value.decode() if value is not None else None


# UTF-8 bytes of a str for a C call; a lone surrogate is InvalidUTF8Error, as the C API would say.
_encode = _packed.encode


def _encode_optional(value: Optional[str], what: str) -> Optional[bytes]:
    return None if value is None else _encode(value, what)


def _encode_path(path: StrPath) -> bytes:
    path = os.fspath(path)
    # bytes paths go through untouched: the library itself reports bytes that are not UTF-8.
    return path if isinstance(path, bytes) else _encode(path, "path")


def _call(function: Callable[..., int], *arguments: Any) -> None:
    """Calls a fallible ef_* function (its last parameter ``err`` is appended) and raises on failure."""
    details = _ffi.ErrorDetailsP()
    status = function(*arguments, ctypes.byref(details))
    if status == _ffi.EF_OK:
        return
    try:
        raise error_from_details(status, details)
    finally:
        _lib.ef_error_details_free(details)


T = TypeVar("T")


def _flags(strict: bool, on_demand: bool = False, mapped: bool = False, localized_numbers: bool = False,
           pseudo_locales: bool = False) -> int:
    flags = _ffi.EF_CATALOG_STRICT if strict else _ffi.EF_CATALOG_LENIENT
    if on_demand:
        flags |= _ffi.EF_CATALOG_ON_DEMAND
    if mapped:
        flags |= _ffi.EF_CATALOG_MAPPED
    if localized_numbers:
        flags |= _ffi.EF_CATALOG_LOCALIZED_NUMBERS
    if pseudo_locales:
        flags |= _ffi.EF_CATALOG_PSEUDO_LOCALES
    return flags


class Catalog:
    """An immutable set of string tables in every localization, plus the development locale.

    Open one with :meth:`open` (a directory of ``<loc>.lproj/<Table>.strings``) or
    :meth:`from_tables` (tables held in memory). A catalog may be shared by any number of threads;
    :meth:`format` releases the GIL while the library works, and hands out the same immutable
    result again for a repeated error that the library says it answers: no arguments, none of the
    caller's texts shown (a memo bounded by size). Close it with :meth:`close` or a ``with`` block;
    it is also freed when garbage-collected.
    """

    def __init__(self, handle: "_ffi.CatalogP", rejections: str = "warn") -> None:
        """Wraps a catalog handle; use :meth:`open` or :meth:`from_tables` instead."""
        #: None once closed (the library's catalog is freed when the last call in flight ends).
        self._handle: Optional[_ffi.CatalogP] = handle
        #: What a rejection does (_rejections): None for "ignore", so that the hot path tests
        #: one value.
        self._rejections: Optional[str] = None if rejections == "ignore" else rejections
        self._memo = ResultMemo()
        self._finalizer = weakref.finalize(self, _lib.ef_catalog_free, handle)
        # ef_catalog_free must not run while another thread is inside a call on the catalog, so
        # close() from one thread while others format defers the free to the last of them. A
        # call in flight is an entry of this list: append and pop are atomic (with or without
        # the GIL), and cost a fraction of taking a lock twice per call.
        self._in_flight: list[None] = []
        # The catalog is immutable: its properties are read once, the localizations and the
        # diagnostics when first asked for (a catalog opened on demand reads every localization
        # to list them).
        self._development_locale: str = _lib.ef_catalog_development_locale(handle).decode()
        self._listed_localizations: Optional[tuple[str, ...]] = None
        self._listed_diagnostics: Optional[tuple[Diagnostic, ...]] = None

    def _listing(self, read: Callable[["_ffi.CatalogP"], T]) -> T:
        """Runs ``read`` on the handle as a call in flight (a close() meanwhile waits for it)."""
        in_flight = self._in_flight
        in_flight.append(None)
        try:
            handle = self._handle
            if handle is None:
                raise _closed()
            return read(handle)
        finally:
            in_flight.pop()
            if self._handle is None:
                self._free_if_idle()

    @property
    def _localizations(self) -> tuple[str, ...]:
        if self._listed_localizations is None:
            self._listed_localizations = self._listing(lambda handle: tuple(
                _lib.ef_catalog_localization_name(handle, index).decode()
                for index in range(_lib.ef_catalog_localization_count(handle))
            ))
        return self._listed_localizations

    @property
    def _diagnostics(self) -> tuple[Diagnostic, ...]:
        if self._listed_diagnostics is None:
            self._listed_diagnostics = self._listing(lambda handle: tuple(
                Diagnostic(
                    severity=Severity(_lib.ef_catalog_diagnostic_severity(handle, index)),
                    code=_lib.ef_catalog_diagnostic_code(handle, index).decode(),
                    message=_lib.ef_catalog_diagnostic_message(handle, index).decode(),
                    file=_decode(_lib.ef_catalog_diagnostic_file(handle, index)),
                    line=_lib.ef_catalog_diagnostic_line(handle, index),
                    column=_lib.ef_catalog_diagnostic_column(handle, index),
                )
                for index in range(_lib.ef_catalog_diagnostic_count(handle))
            ))
        return self._listed_diagnostics

    @classmethod
    def open(
        cls,
        path: StrPath,
        development_locale: Optional[str] = None,
        strict: bool = False,
        on_demand: bool = False,
        mapped: bool = False,
        localized_numbers: bool = False,
        pseudo_locales: bool = False,
        rejections: _rejections.Policy = "warn",
    ) -> "Catalog":
        """Opens a catalog directory, or a compiled catalog file (:meth:`compile`).

        Args:
            path: the directory holding ``<loc>.lproj/<Table>.strings`` (and unlocalized tables),
                or a file written by :meth:`compile` or ``errfmt compile`` (the same results as
                its directory; ``development_locale`` None keeps the one it was compiled with).
            development_locale: searched after ``Base`` (CFBundleDevelopmentRegion); None lets the
                library pick its default (:attr:`development_locale` says which it chose).
            strict: raise :class:`ParseError` for any broken table instead of leaving it out with
                an error diagnostic.
            on_demand: read each localization's files the first time a lookup needs it rather
                than at open (EF_CATALOG_ON_DEMAND, library 1.2): the same results, an open that
                costs only what is used. The directory stays open until everything is read;
                :attr:`localizations` and :attr:`diagnostics` read what is left. Ignored when
                ``strict``.
            mapped: map a compiled catalog file read-only instead of reading it (EF_CATALOG_MAPPED,
                library 1.3): the same results, and every process that opens the file this way
                shares its pages, so use it when many processes open the same compiled file
                (pre-forked workers, for one). You promise that nobody truncates or rewrites the
                file in place while the catalog is open: a page cut off the file kills the
                process with SIGBUS. Replacing it by rename (what :meth:`compile` and ``errfmt
                compile`` do) is safe: the catalog keeps the file it mapped. Ignored for a
                directory.
            localized_numbers: write the numbers of formats (``%lld``, ``%.1f``, plural operands)
                as Foundation's ``String(format:locale:)`` does for the locale of the text that
                shows them (``1 234 567`` in French; EF_CATALOG_LOCALIZED_NUMBERS, library 1.3).
                Off, they are written as C's printf writes them in the C locale. A call may
                choose for itself (:meth:`format`'s ``localized_numbers``).
            pseudo_locales: serve the pseudo-locales ``en-XA``, ``ar-XB`` and ``qps-ploc``, made
                from the development texts, to preferences that name them
                (EF_CATALOG_PSEUDO_LOCALES, library 1.3). They are never reached by fallback and
                not listed in :attr:`localizations`.
            rejections: what :meth:`format` and :meth:`lookup` do when a string they found cannot
                take the call's arguments (a ``%d`` given a str) and another text is shown
                instead: ``"warn"`` issues a :class:`RejectionWarning` (:mod:`warnings`: shown
                once per call site and message unless filtered), ``"raise"`` raises
                :class:`RejectionError`, ``"ignore"`` only records it in the result.

        Raises:
            NotFoundError: no such path (also a FileNotFoundError).
            CatalogIOError: not a directory nor a compiled catalog, or unreadable (also an OSError).
            ParseError: strict and a table is broken; ``file``, ``line``, ``column`` say where. A
                broken compiled catalog file, strict or not.
            InvalidLocaleError: ``development_locale`` is malformed.
            InvalidUTF8Error: ``path`` or ``development_locale`` is not valid UTF-8.
            ValueError: ``rejections`` is not one of its three values.
        """
        policy = _rejections.checked_policy(rejections)
        handle = _ffi.CatalogP()
        _call(
            _lib.ef_catalog_open,
            ctypes.byref(handle),
            _encode_path(path),
            _encode_optional(development_locale, "development_locale"),
            _flags(strict, on_demand, mapped, localized_numbers, pseudo_locales),
        )
        return cls(handle, policy)

    @classmethod
    def from_tables(
        cls,
        tables: Iterable[tuple[Optional[str], str, bytes]],
        development_locale: Optional[str] = None,
        strict: bool = False,
        localized_numbers: bool = False,
        pseudo_locales: bool = False,
        rejections: _rejections.Policy = "warn",
    ) -> "Catalog":
        """Builds a catalog from tables held in memory.

        Args:
            tables: ``(locale, file_name, data)`` triples: ``locale`` is a localization name
                (``"fr-CA"``, ``"Base"``) or None for an unlocalized table; ``file_name`` says the
                table and format (``"Localizable.strings"``); ``data`` is the file's bytes.
            development_locale: as for :meth:`open`.
            strict: raise :class:`ParseError` for a broken table instead of leaving it out.
            localized_numbers, pseudo_locales, rejections: as for :meth:`open`.

        Raises:
            ParseError, InvalidLocaleError, InvalidArgumentError, InvalidUTF8Error.
        """
        policy = _rejections.checked_policy(rejections)
        builder = _ffi.CatalogBuilderP()
        _call(_lib.ef_catalog_builder_new, ctypes.byref(builder),
              _flags(strict, localized_numbers=localized_numbers, pseudo_locales=pseudo_locales))
        try:
            for locale, file_name, data in tables:
                data = bytes(data)
                _call(
                    _lib.ef_catalog_builder_add_table,
                    builder,
                    _encode_optional(locale, "locale"),
                    _encode(file_name, "file_name"),
                    data,
                    len(data),
                )
            handle = _ffi.CatalogP()
            _call(
                _lib.ef_catalog_builder_finish,
                ctypes.byref(handle),
                builder,
                _encode_optional(development_locale, "development_locale"),
            )
        finally:
            _lib.ef_catalog_builder_free(builder)
        return cls(handle, policy)

    @property
    def development_locale(self) -> str:
        """The development locale, e.g. ``"en"``."""
        self._check_open()
        return self._development_locale

    @property
    def localizations(self) -> tuple[str, ...]:
        """The localizations as spelled on disk (``"fr-CA"``, ``"Base"``), sorted."""
        self._check_open()
        return self._localizations

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Problems recorded while loading: duplicate keys, broken tables left out, ..."""
        self._check_open()
        return self._diagnostics

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._handle is None

    def format(
        self,
        domain: str,
        code: int,
        locales: Optional[Sequence[str]] = None,
        description: Optional[str] = None,
        failure_reason: Optional[str] = None,
        recovery_suggestion: Optional[str] = None,
        table: Optional[str] = None,
        arguments: Sequence[object] = _NO_ARGUMENTS,
        localized_numbers: Optional[bool] = None,
    ) -> FormattedError:
        """Formats an error for the user's preferred locales.

        Args:
            domain: the error domain, e.g. ``"kCLErrorDomain"``.
            code: the error code (a signed 64-bit integer).
            locales: preferred locales, most preferred first (BCP 47, ICU or POSIX spelling);
                None or empty means the development locale. Malformed entries are skipped.
            description: the error's localized description (message rule 3).
            failure_reason: the failure reason (title rule 2).
            recovery_suggestion: the recovery suggestion (message rule 2).
            table: the table the rules read; None or ``""`` means ``"Localizable"``.
            arguments: positional arguments for the strings' format specifiers, typed from the
                Python value: ``str`` (``%@``), ``int`` (``%lld``; ``%llu`` above 2**63-1),
                ``float`` (``%f``). A number of the other kind is read exactly or not at all: an
                ``int`` fills a ``%.1f`` (12 shows ``12.0``), a ``float`` holding an integer a
                ``%d`` (``3.0`` shows ``3``). A string the arguments cannot satisfy is skipped,
                recorded (``rejections``) and reported as the catalog's ``rejections`` says.
            localized_numbers: True writes this call's numbers for the locale of the text that
                shows them, False as C's printf in the C locale; None (the default) as the
                catalog was opened (:meth:`open`'s ``localized_numbers``). Library 1.3.

        Returns:
            The title, message and button, the lookup stack and each field's provenance.

        Raises:
            InvalidArgumentError: the catalog is closed (also a ValueError).
            RejectionError: a string could not take the arguments and the catalog was opened
                with ``rejections="raise"`` (also a TypeError).
            InvalidUTF8Error: a string cannot be encoded as UTF-8 (lone surrogates).
            InvalidArgumentError: ``code`` or an integer argument does not fit in 64 bits, a
                string argument holds a NUL character, or ``table`` contains '/'.
            TypeError: ``locales`` is a str (pass a list) or an argument has the wrong type.
        """
        # The hot path of the binding: one C call (ef_format_packed_reusable, the request packed
        # into one run of bytes), and in Python only what that call needs, inline (a Python function
        # call costs about as much as the library's work on a memoized error). Each check here
        # is one the general helpers (_encode, _locale_array) also make, with the same errors:
        # when a fast check fails, the helper runs to raise the right exception.
        if code.__class__ is not int and not isinstance(code, int):
            raise TypeError(f"code must be int, not {type(code).__name__}")
        if localized_numbers is not None and localized_numbers.__class__ is not bool:
            raise TypeError(f"localized_numbers must be bool or None, not {type(localized_numbers).__name__}")
        # The preferences as a tuple: the key of the memo and of the C arrays' cache. Only a
        # list or tuple is taken apart (a str would become its characters).
        preferences: Optional[tuple[str, ...]] = None
        if locales.__class__ is list or locales.__class__ is tuple:
            preferences = tuple(locales)
        elif locales is None:
            preferences = ()
        # An error without arguments is answered from the memo when the library said that an
        # earlier call's output answers it (see _memo): same domain, code, preferences and table,
        # and the same of the three texts present (non-empty), whatever they say.
        memo_key: Optional[_memo.Key] = None
        if (arguments is _NO_ARGUMENTS and preferences is not None and domain.__class__ is str
                and (table is None or table.__class__ is str)):
            present = (0 if description is None and failure_reason is None
                       and recovery_suggestion is None
                       else _present_texts(description, failure_reason, recovery_suggestion))
            if present >= 0:
                memo_key = (domain, code, preferences, table, present, localized_numbers)
                try:
                    kept = self._memo.entries.get(memo_key)
                except TypeError:  # an unhashable preference: the checks below reject it
                    kept = memo_key = None
                if kept is not None:
                    if self._handle is None:
                        raise _closed()
                    # Kept only when it reports nothing (below): nothing to report.
                    return kept
        if not _INT64_MIN <= code <= _INT64_MAX:
            raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"code {code} does not fit in 64 bits")
        try:
            locale_array, locale_count = _LOCALE_ARRAYS[preferences]  # type: ignore[index]
        except (KeyError, TypeError):
            locale_array, locale_count = _locale_array(locales)
        # The request (_packed.pack_request), made here as one text and encoded once when every
        # value is a plain str or int without a NUL (str formatting is the cheapest thing Python
        # does; each item ends with a NUL). For anything else, pack_request makes it value by
        # value and raises what is wrong.
        request: Optional[bytes] = None
        if (domain.__class__ is str and code.__class__ is int and "\0" not in domain
                and (description is None or (description.__class__ is str and "\0" not in description))
                and (failure_reason is None
                     or (failure_reason.__class__ is str and "\0" not in failure_reason))
                and (recovery_suggestion is None
                     or (recovery_suggestion.__class__ is str and "\0" not in recovery_suggestion))
                and (table is None or (table.__class__ is str and "\0" not in table))):
            text = f"{domain}\0{code}\0"
            if description is not None:
                text += f"D{description}\0"
            if failure_reason is not None:
                text += f"F{failure_reason}\0"
            if recovery_suggestion is not None:
                text += f"R{recovery_suggestion}\0"
            if table is not None:
                text += f"T{table}\0"
            if localized_numbers is not None:
                text += "Nl\0" if localized_numbers else "Nc\0"
            try:
                if arguments is _NO_ARGUMENTS:
                    request = text.encode()
                elif arguments.__class__ is list or arguments.__class__ is tuple:
                    # _packed.pack_arguments' text road, inline.
                    for argument in arguments:
                        kind = argument.__class__
                        if kind is str and "\0" not in argument:
                            text += f"s{argument}\0"
                        elif kind is int:
                            text += f"n{argument}\0"
                        else:
                            break
                    else:
                        request = text.encode()
            except (ValueError, UnicodeEncodeError):
                pass  # an int too long to print, a lone surrogate: pack_request says which
        if request is None:
            request = _pack_request(domain, int(code), description, failure_reason, recovery_suggestion,
                                    table, arguments, localized_numbers)
        # _packed.call, inlined: this is the one call every format makes.
        try:
            pool: list[_Scratch] = _packed_local.pool
        except AttributeError:
            pool = _scratch_pool()
        scratch = pool.pop() if pool else _Scratch(_INITIAL_CAPACITY)
        in_flight = self._in_flight
        in_flight.append(None)
        try:
            handle = self._handle
            if handle is None:
                raise _closed()
            request_length = scratch.request_length
            request_length.value = len(request)
            status = _format_packed(scratch.length_pointer, scratch.view, scratch.capacity_argument,
                                    scratch.reusable_pointer, handle, request, request_length,
                                    locale_array, locale_count, scratch.details_pointer)
            length = scratch.length.value
            if status or not 0 < length <= scratch.capacity:
                output = _packed.finish(status, scratch, _format_packed, (
                    scratch.reusable_pointer, handle, request, request_length, locale_array,
                    locale_count))[1]
            else:
                # Bytes (slicing the ctypes array makes them), the whole output: the result
                # checks it, then cuts out only its three texts now, the rest when it is read.
                output = scratch.view[:length]  # type: ignore[assignment]
            # The library's decision, read before the buffer goes back to the pool (and only
            # when it could be kept: reading a ctypes value costs).
            reusable = memo_key is not None and scratch.reusable.value
        finally:
            in_flight.pop()
            pool.append(scratch)
            if self._handle is None:
                self._free_if_idle()
        result = _from_output(output)
        if self._rejections is not None and result._rejected:
            # Reported at every call, so never kept for the memo to hand out silently.
            _rejections.report(result.rejections, self._rejections, stacklevel=2)
        elif memo_key is not None and reusable:
            self._memo.put(memo_key, result, len(output))
        return result

    def lookup(
        self,
        key: str,
        locales: Optional[Sequence[str]] = None,
        arguments: Sequence[object] = _NO_ARGUMENTS,
        table: Optional[str] = None,
    ) -> LookupResult:
        """The localized, formatted value of any key, resolved as the rules resolve theirs: key
        by key down the locale stack, plural variants by the plural rules of the localization
        that supplied the string, strings the arguments cannot satisfy skipped.

        ``value`` is None when no localization has a usable value.

        Raises:
            InvalidArgumentError: the catalog is closed (also a ValueError).
            InvalidUTF8Error, InvalidArgumentError, TypeError: as for :meth:`format`.
        """
        encoded_key = _encode(key, "key")
        encoded_table = _encode_optional(table, "table")
        locale_array, locale_count = _locale_array(locales)
        pool = _scratch_pool()
        scratch = pool.pop() if pool else _Scratch(_INITIAL_CAPACITY)
        in_flight = self._in_flight
        in_flight.append(None)
        try:
            info = None if arguments is _NO_ARGUMENTS else _fill_arguments(scratch, arguments)
            handle = self._handle
            if handle is None:
                raise _closed()
            # A key with no usable value is an answer (value None), not an exception.
            _, output = _packed.call(scratch, _lookup_packed, handle, encoded_table, encoded_key,
                                     locale_array, locale_count, info,
                                     accept=_ffi.EF_E_KEY_NOT_FOUND)
        finally:
            in_flight.pop()
            pool.append(scratch)
            if self._handle is None:
                self._free_if_idle()
        found = LookupResult._from_output(output)
        if self._rejections is not None and found.rejections:
            _rejections.report(found.rejections, self._rejections, stacklevel=2)
        return found

    def problem(
        self,
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
        arguments: Sequence[object] = _NO_ARGUMENTS,
    ) -> "_problems.Problem":
        """The HTTP response a service sends for an error: an RFC 9457 problem details object
        whose title and detail are formatted for the request's ``Accept-Language`` header, with
        its status and header fields, made by the library (docs/problems.md).

        Args:
            domain, code, description, failure_reason, recovery_suggestion, table, arguments:
                the error, as for :meth:`format`.
            accept_language: the request's header value (str as a framework decodes it, or
                bytes), or None when it had none. A malformed header means the development
                locale, never an error.
            locales: a preference list instead of the header.
            status: the HTTP status, 100 to 599.
            type_template: the problem type's URI; ``{domain}`` and ``{code}`` are replaced by
                the error's. None: ``about:blank``.
            instance: the URI of this occurrence, or None.
            members: extension members to add: ``"code"``, ``"domain"``, ``"button"``.

        Raises:
            ValueError: the catalog is closed.
            InvalidArgumentError: a bad status, member, or both a header and locales.
            InvalidUTF8Error, TypeError: as for :meth:`format`.
        """
        return self._listing(lambda handle: _problems.problem(
            handle, domain, code, accept_language=accept_language, locales=locales, status=status,
            type_template=type_template, instance=instance, members=members, description=description,
            failure_reason=failure_reason, recovery_suggestion=recovery_suggestion, table=table,
            arguments=arguments))

    def compile(self, path: StrPath) -> None:
        """Writes the whole catalog to ``path`` as a compiled catalog file (docs/compiled-catalog.md),
        which :meth:`open` reads with the same results, faster. Compiling the same catalog twice
        writes the same bytes; the file is replaced whole (a new file renamed over it).

        Raises:
            InvalidArgumentError: the catalog is closed (also a ValueError).
            CatalogIOError: the file cannot be written (also an OSError).
            InvalidArgumentError: an empty ``path``, or a catalog beyond what the format holds.
            InvalidUTF8Error: ``path`` is not valid UTF-8.
        """
        encoded_path = _encode_path(path)
        self._listing(lambda handle: _call(_lib.ef_catalog_compile, handle, encoded_path))

    def close(self) -> None:
        """Frees the catalog. Further use raises InvalidArgumentError (a ValueError) "the catalog
        is closed"; closing twice is a no-op."""
        self._handle = None
        self._memo.clear()
        self._free_if_idle()

    def __enter__(self) -> "Catalog":
        self._check_open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._handle is None:
            return "<errorformatter.Catalog (closed)>"
        return (f"<errorformatter.Catalog development_locale={self._development_locale!r} "
                f"localizations={list(self._localizations)!r}>")

    def _check_open(self) -> None:
        if self._handle is None:
            raise _closed()

    def _free_if_idle(self) -> None:
        # Called after the handle was cleared: by close(), and by every call that ends after
        # it. A call that entered before close() is still listed, so the free waits for the
        # last of them; the finalizer frees at most once, however many threads get here.
        if not self._in_flight:
            self._finalizer()


def _closed() -> Exception:
    """What any use of a closed catalog raises, in every binding the same status and message
    (docs/conventions.md, "Failures across bindings"): an InvalidArgumentError, which is a
    ValueError as for a closed file."""
    return make_error(_ffi.EF_E_INVALID_ARGUMENT, "the catalog is closed")


# Preference lists as the C arrays the library takes, with their counts as c_size_t (the
# arguments a packed call passes), by the tuple of their entries: an application asks with the
# same few lists over and over, and making the array costs as much as a third of a format.
# Bounded in entries and, because an entry may be any length, by only keeping short lists; when
# full it is emptied and refilled (the lists in use come back at once). A call holds the array
# it was given until it returns, whatever another thread does to the cache meanwhile.
_LOCALE_ARRAYS: dict[tuple[str, ...], tuple[Any, ctypes.c_size_t]] = {}
_LOCALE_ARRAYS_MAX_ENTRIES = 64
_LOCALE_ARRAY_MAX_CHARACTERS = 256


def _present_texts(description: object, failure_reason: object, recovery_suggestion: object) -> int:
    """Which texts are present, as the memo's key records them (bit 0 the description, 1 the
    failure reason, 2 the recovery suggestion; present: not None and not empty), or -1 when one
    is neither None nor a str the library would accept: the call then goes to the library, which
    says what is wrong."""
    present = 0
    for bit, text in ((1, description), (2, failure_reason), (4, recovery_suggestion)):
        if text is None:
            continue
        if text.__class__ is not str:
            return -1
        if text:
            present |= bit
            if not text.isascii():
                try:
                    str.encode(text)
                except UnicodeEncodeError:
                    return -1
    return present


def _locale_array(locales: Optional[Sequence[str]]) -> tuple[Any, ctypes.c_size_t]:
    """A C array of ``locales`` (UTF-8) and its length, as the packed calls take them;
    ``(None, 0)`` for None or empty."""
    if not locales:
        if isinstance(locales, (str, bytes)):
            raise TypeError("locales must be a sequence of locale IDs, not a single string")
        return _NO_LOCALES
    if isinstance(locales, (str, bytes)):
        raise TypeError("locales must be a sequence of locale IDs, not a single string")
    key = tuple(locales)
    try:
        return _LOCALE_ARRAYS[key]
    except KeyError:
        pass
    except TypeError:
        pass  # an unhashable entry: _encode below says what is wrong with it
    encoded = [_encode(locale, "locale") for locale in key]
    made = ((ctypes.c_char_p * len(encoded))(*encoded), ctypes.c_size_t(len(encoded)))
    if sum(len(locale) for locale in key) <= _LOCALE_ARRAY_MAX_CHARACTERS:
        if len(_LOCALE_ARRAYS) >= _LOCALE_ARRAYS_MAX_ENTRIES:
            _LOCALE_ARRAYS.clear()
        _LOCALE_ARRAYS[key] = made
    return made


_NO_LOCALES: tuple[Any, ctypes.c_size_t] = (None, ctypes.c_size_t(0))


_format_packed = _packed.format_packed_reusable
_lookup_packed = _packed.lookup_packed
_from_output = FormattedError._from_output
_scratch_pool = _packed.scratch_pool
_fill_arguments = _packed.fill_arguments
_pack_request = _packed.pack_request
_packed_local = _packed.local
_Scratch = _packed.Scratch
_INITIAL_CAPACITY = _packed.INITIAL_CAPACITY


def normalize_locale(locale: str) -> str:
    """Normalizes a locale ID to ICU's canonical form (``"zh-Hant-TW"`` -> ``"zh_Hant_TW"``).

    ``"und"``, ``"root"``, ``"C"`` and ``"POSIX"`` give ``""``; use :func:`locale_chain` to tell
    C/POSIX ("untranslated") apart.

    Raises:
        InvalidLocaleError: the ID is malformed (too long, non-ASCII, bad syntax).
        InvalidUTF8Error: ``locale`` contains lone surrogates.
    """
    owned = ctypes.c_void_p()
    _call(_lib.ef_locale_normalize, ctypes.byref(owned), None, _encode(locale, "locale"))
    try:
        return ctypes.string_at(owned).decode()
    finally:
        _lib.ef_string_free(owned)


def locale_chain(locale: str) -> LocaleChain:
    """The CLDR fallback chain of a locale, most specific first, without root.

    ``locale_chain("es-MX").entries`` is ``(("es_MX", BUNDLE), ("es_419", BUNDLE), ("es", BUNDLE))``.

    Raises:
        InvalidLocaleError, InvalidUTF8Error: as for :func:`normalize_locale`.
    """
    chain = _ffi.LocaleChainP()
    _call(_lib.ef_locale_chain_new, ctypes.byref(chain), _encode(locale, "locale"))
    try:
        return LocaleChain(
            normalized=_lib.ef_locale_chain_normalized(chain).decode(),
            untranslated=bool(_lib.ef_locale_chain_untranslated(chain)),
            entries=tuple(
                (_lib.ef_locale_chain_id(chain, index).decode(),
                 ChainKind(_lib.ef_locale_chain_kind(chain, index)))
                for index in range(_lib.ef_locale_chain_count(chain))
            ),
        )
    finally:
        _lib.ef_locale_chain_free(chain)


def _read_locale_list(make: Callable[..., int], *arguments: Any) -> list[str]:
    """Calls an ``ef_locale_list_from_*`` function and copies the list it made."""
    locales = _ffi.LocaleListP()
    _call(make, ctypes.byref(locales), *arguments)
    try:
        return [_lib.ef_locale_list_entry(locales, index).decode()
                for index in range(_lib.ef_locale_list_count(locales))]
    finally:
        _lib.ef_locale_list_free(locales)


def preferences_from_environment() -> list[str]:
    """The user's preferred locales from ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` / ``LANGUAGE``,
    with gettext's precedence: ``LANGUAGE``'s list replaces the locale, and is ignored when the
    locale is ``C`` or ``POSIX`` (which gives ``["C"]``: untranslated).

    The library reads the process environment itself (``getenv``), so changes made through
    ``os.environ`` are seen. Pass the result to :meth:`Catalog.format` as ``locales``.
    """
    return _read_locale_list(_lib.ef_locale_list_from_environment)


def preferences_from_accept_language(header: str) -> list[str]:
    """The locales of an HTTP ``Accept-Language`` header, best first (by q-value, stably);
    ``q=0`` entries, ``*`` and malformed parts are dropped.

    Raises:
        InvalidUTF8Error: ``header`` contains lone surrogates.
    """
    return _read_locale_list(_lib.ef_locale_list_from_accept_language,
                             _encode(header, "header"))


__all__ = [
    "Catalog",
    "ChainKind",
    "Diagnostic",
    "LocaleChain",
    "Severity",
    "locale_chain",
    "normalize_locale",
    "preferences_from_accept_language",
    "preferences_from_environment",
]
