"""ErrorFormatter: localized error titles, messages and buttons from Apple-style string tables.

A ctypes binding of liberrorformatter (the C ABI in ``include/errorformatter.h``)::

    import errorformatter

    with errorformatter.Catalog.open("Examples/CoreLocation") as catalog:
        shown = catalog.format(domain="kCLErrorDomain", code=0, locales=["fr-CA", "en"])
        print(shown.title, shown.message, shown.button)
        print(shown.provenance["title"].locale)   # "fr-CA"

The library is found through ``$ERRORFORMATTER_LIBRARY``, then ``errorformatter/_lib/``, then a
checkout's ``build/lib/``, then the system's library path.
"""

from __future__ import annotations

from . import _ffi
from ._catalog import (
    Catalog,
    ChainKind,
    Diagnostic,
    LocaleChain,
    Severity,
    locale_chain,
    normalize_locale,
    preferences_from_accept_language,
    preferences_from_environment,
)
from ._results import FormattedError, LookupResult, Provenance, Rejection
from ._lint import LintDiagnostic, lint
from ._live import LiveCatalog
from ._problems import HTTPProblem, Problem, asgi_exception_handler, flask_error_handler, wsgi_problem
from ._errors import (
    CatalogIOError,
    ErrorFormatterError,
    InternalError,
    InvalidArgumentError,
    InvalidLocaleError,
    InvalidUTF8Error,
    KeyNotFoundError,
    NotFoundError,
    ParseError,
    RejectionError,
    status_name,
)
from ._rejections import RejectionWarning

__version__ = "1.3.0"

#: Where the loaded liberrorformatter was found (a path, or a soname from the system search).
LIBRARY_PATH: str = _ffi.LIBRARY_PATH


def library_version() -> str:
    """The version of the loaded liberrorformatter, e.g. ``"1.3.0"``."""
    version: bytes = _ffi.lib.ef_version_string()
    return version.decode()


__all__ = [
    "LIBRARY_PATH",
    "Catalog",
    "CatalogIOError",
    "ChainKind",
    "Diagnostic",
    "ErrorFormatterError",
    "FormattedError",
    "HTTPProblem",
    "InternalError",
    "InvalidArgumentError",
    "InvalidLocaleError",
    "InvalidUTF8Error",
    "KeyNotFoundError",
    "LintDiagnostic",
    "LiveCatalog",
    "LocaleChain",
    "LookupResult",
    "NotFoundError",
    "ParseError",
    "Problem",
    "Provenance",
    "Rejection",
    "RejectionError",
    "RejectionWarning",
    "Severity",
    "asgi_exception_handler",
    "flask_error_handler",
    "library_version",
    "lint",
    "locale_chain",
    "normalize_locale",
    "preferences_from_accept_language",
    "preferences_from_environment",
    "status_name",
    "wsgi_problem",
]
