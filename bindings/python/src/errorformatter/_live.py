"""LiveCatalog: a catalog that follows its files (``ef_live_catalog_*``, library 1.3)."""

from __future__ import annotations

import ctypes
import threading
import weakref
from typing import Optional, Sequence

from . import _ffi, _rejections
from ._catalog import Catalog, StrPath, _call, _closed, _encode_optional, _encode_path, _flags
from ._errors import ErrorFormatterError, error_from_details, make_error
from ._results import FormattedError, LookupResult

_lib = _ffi.lib


class LiveCatalog:
    """A catalog that serves the newest good version of its directory or compiled file, never a
    broken one, while any number of threads format with it.

    A change is taken once the catalog's files have been left alone for ``debounce_ms`` (a
    directory rewritten file by file is taken whole), opened as :meth:`Catalog.open` opens it
    (``strict`` refuses a version with a broken table), refused if it holds no entry or, with
    ``lint_clean``, if lint finds an error in it. A refused version is never served: the one
    before stays, and :attr:`last_error` says why. A thread of the library looks at the path every
    ``check_interval_ms`` (sooner when inotify reports a change); with 0 there is none, and
    :meth:`reload` takes changes.

    :meth:`format` and :meth:`lookup` use the newest version at each call. :meth:`current` gives
    the version itself, as a :class:`Catalog` to close when done (a ``with`` block): everything
    made from it stays valid after newer versions replace it.

    Close it with :meth:`close` or a ``with`` block; it is also freed when garbage-collected.
    """

    def __init__(self, handle: "_ffi.LiveCatalogP", rejections: str = "warn") -> None:
        """Wraps a live catalog handle; use :meth:`open` instead."""
        self._handle: Optional[_ffi.LiveCatalogP] = handle
        #: What each version's :class:`Catalog` does with a rejection (checked by :meth:`open`).
        self._rejections = rejections
        self._finalizer = weakref.finalize(self, _lib.ef_live_catalog_free, handle)
        # The version :meth:`format` and :meth:`lookup` use, with the generation it was taken
        # at: one C call (the generation) per call tells whether it is still the newest. A
        # replaced Catalog is freed when the last call using it lets it go.
        generation = int(_lib.ef_live_catalog_generation(handle))
        self._cached: tuple[int, Catalog] = (generation, self._take_current())
        self._refresh_lock = threading.Lock()

    @classmethod
    def open(
        cls,
        path: StrPath,
        development_locale: Optional[str] = None,
        strict: bool = False,
        mapped: bool = False,
        lint_clean: bool = False,
        check_interval_ms: int = 1000,
        debounce_ms: Optional[int] = None,
        localized_numbers: bool = False,
        pseudo_locales: bool = False,
        rejections: _rejections.Policy = "warn",
    ) -> "LiveCatalog":
        """Opens a live catalog on a catalog directory or a compiled catalog file.

        Args:
            path: as for :meth:`Catalog.open`; a relative path is made absolute now.
            development_locale, strict, mapped: as for :meth:`Catalog.open`, for every version.
            lint_clean: refuse a version in which lint finds an error.
            check_interval_ms: how often the library looks at the path; 0: never (no thread),
                only when :meth:`reload` is called.
            debounce_ms: how long the catalog's files must be left alone before a change is
                opened; None: the check interval.
            localized_numbers, pseudo_locales, rejections: as for :meth:`Catalog.open`, for every
                version.

        Raises:
            NotFoundError, CatalogIOError, ParseError, InvalidLocaleError, InvalidUTF8Error: the
                path's version now is not good (as :meth:`Catalog.open` fails; ParseError also for
                an empty catalog or a lint error).
            InvalidArgumentError: an interval or debounce out of 0 ... 2**32-1.
            ValueError: ``rejections`` is not one of its three values.
        """
        policy = _rejections.checked_policy(rejections)
        for name, value in (("check_interval_ms", check_interval_ms), ("debounce_ms", debounce_ms)):
            if value is not None and not 0 <= value <= 0xFFFFFFFF:
                raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"{name} {value} is out of 0 ... 4294967295")
        flags = _flags(strict, mapped=mapped, localized_numbers=localized_numbers, pseudo_locales=pseudo_locales)
        if lint_clean:
            flags |= _ffi.EF_LIVE_CATALOG_LINT_CLEAN
        handle = _ffi.LiveCatalogP()
        encoded_path = _encode_path(path)
        encoded_locale = _encode_optional(development_locale, "development_locale")
        if debounce_ms is None:
            _call(_lib.ef_live_catalog_open, ctypes.byref(handle), encoded_path, encoded_locale, flags,
                  check_interval_ms)
        else:
            _call(_lib.ef_live_catalog_open_with_debounce, ctypes.byref(handle), encoded_path, encoded_locale,
                  flags, check_interval_ms, debounce_ms)
        return cls(handle, policy)

    def current(self) -> Catalog:
        """The newest good version, as a catalog of its own: close it when done with it."""
        return self._take_current()

    def format(
        self,
        domain: str,
        code: int,
        locales: Optional[Sequence[str]] = None,
        description: Optional[str] = None,
        failure_reason: Optional[str] = None,
        recovery_suggestion: Optional[str] = None,
        table: Optional[str] = None,
        arguments: Sequence[object] = (),
    ) -> FormattedError:
        """:meth:`Catalog.format` on the newest good version."""
        return self._newest().format(domain, code, locales, description, failure_reason, recovery_suggestion,
                                     table, arguments)

    def lookup(
        self,
        key: str,
        locales: Optional[Sequence[str]] = None,
        arguments: Sequence[object] = (),
        table: Optional[str] = None,
    ) -> LookupResult:
        """:meth:`Catalog.lookup` on the newest good version."""
        return self._newest().lookup(key, locales, arguments, table)

    def reload(self) -> None:
        """Looks at the path now and serves what is there if it is a good version, without waiting
        for it to be quiet: call it when you know a change is complete.

        Raises:
            NotFoundError, CatalogIOError, ParseError, InvalidLocaleError: why what is there was
                refused (the version served stays).
            InvalidArgumentError: the live catalog is closed (also a ValueError).
        """
        _call(_lib.ef_live_catalog_reload, self._check_open())

    @property
    def generation(self) -> int:
        """How many versions were served: 1 for the first, one more for each taken since."""
        return int(_lib.ef_live_catalog_generation(self._check_open()))

    @property
    def last_error(self) -> Optional[ErrorFormatterError]:
        """Why the newest state of the path is not the version served (an exception, not raised);
        None when it is."""
        details = _ffi.ErrorDetailsP()
        status = _lib.ef_live_catalog_last_error(self._check_open(), ctypes.byref(details))
        if status == _ffi.EF_OK:
            return None
        try:
            return error_from_details(status, details)
        finally:
            _lib.ef_error_details_free(details)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._handle is None

    def close(self) -> None:
        """Stops following the path and frees the live catalog; catalogs from :meth:`current`
        stay valid until closed. Further use raises InvalidArgumentError (a ValueError) "the
        catalog is closed", as a closed :class:`Catalog` does; closing twice is a no-op."""
        self._handle = None
        self._finalizer()

    def __enter__(self) -> "LiveCatalog":
        self._check_open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._handle is None:
            return "<errorformatter.LiveCatalog (closed)>"
        return f"<errorformatter.LiveCatalog generation={self.generation}>"

    def _check_open(self) -> "_ffi.LiveCatalogP":
        handle = self._handle
        if handle is None:
            raise _closed()
        return handle

    def _take_current(self) -> Catalog:
        return Catalog(_lib.ef_live_catalog_current(self._check_open()), self._rejections)

    def _newest(self) -> Catalog:
        """The cached version while it is the newest; otherwise the newest, cached."""
        generation = int(_lib.ef_live_catalog_generation(self._check_open()))
        cached_generation, catalog = self._cached
        if generation == cached_generation:
            return catalog
        with self._refresh_lock:
            cached_generation, catalog = self._cached
            if generation != cached_generation:
                # Taken after the generation was read: it is that version or a newer one, and a
                # newer one makes the next call look again.
                catalog = self._take_current()
                self._cached = (generation, catalog)
            return catalog

