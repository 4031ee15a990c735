"""The only module that touches ctypes: finds and loads liberrorformatter, declares every function.

Declarations follow ``include/errorformatter.h`` in header order, so the two diff cleanly (a test
parses the header and compares). Rules kept here (see the project's C-ABI conventions):

* every function gets ``argtypes`` and ``restype``: the default restype ``c_int`` would truncate
  64-bit pointers;
* handles are typed pointers to distinct opaque structures, so passing a catalog where a result
  is expected raises ``ctypes.ArgumentError`` instead of crashing;
* borrowed and static strings are ``c_char_p`` (ctypes copies them into ``bytes`` at once); the
  one owned string (``ef_locale_normalize``) comes back through a ``c_void_p`` so that it can be
  handed back to ``ef_string_free``; the packed functions' ``char *buffer`` is a ``c_void_p`` too;
* the packed functions, which every format and lookup calls, are also declared a second time
  without argument types (``unconverted``), for speed; only ``_packed`` and the catalog's hot
  path call those, with ready ctypes objects.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from typing_extensions import TypeAlias

#: The ABI major version this binding was written against (EF_VERSION_MAJOR of the header).
ABI_MAJOR = 1

#: Environment variable naming the full path of the library to load, ahead of any search.
LIBRARY_ENV = "ERRORFORMATTER_LIBRARY"

SONAME = f"liberrorformatter.so.{ABI_MAJOR}"


class Catalog(ctypes.Structure):
    """Opaque ``ef_catalog``."""


class CatalogBuilder(ctypes.Structure):
    """Opaque ``ef_catalog_builder``."""


class ErrorDetails(ctypes.Structure):
    """Opaque ``ef_error_details``."""


class ErrorInfo(ctypes.Structure):
    """Opaque ``ef_error_info``."""


class Result(ctypes.Structure):
    """Opaque ``ef_result``."""


class LocaleChain(ctypes.Structure):
    """Opaque ``ef_locale_chain``."""


class LocaleList(ctypes.Structure):
    """Opaque ``ef_locale_list``."""


class Lookup(ctypes.Structure):
    """Opaque ``ef_lookup``."""


class LintReport(ctypes.Structure):
    """Opaque ``ef_lint_report``."""


class LiveCatalog(ctypes.Structure):
    """Opaque ``ef_live_catalog``."""


if TYPE_CHECKING:
    # For type checkers: POINTER(X) is a class made at run time, which mypy cannot use as a
    # type; ctypes._Pointer[X] is what it makes.
    CatalogP: TypeAlias = "ctypes._Pointer[Catalog]"
    CatalogBuilderP: TypeAlias = "ctypes._Pointer[CatalogBuilder]"
    ErrorDetailsP: TypeAlias = "ctypes._Pointer[ErrorDetails]"
    ErrorInfoP: TypeAlias = "ctypes._Pointer[ErrorInfo]"
    ResultP: TypeAlias = "ctypes._Pointer[Result]"
    LocaleChainP: TypeAlias = "ctypes._Pointer[LocaleChain]"
    LocaleListP: TypeAlias = "ctypes._Pointer[LocaleList]"
    LookupP: TypeAlias = "ctypes._Pointer[Lookup]"
    LintReportP: TypeAlias = "ctypes._Pointer[LintReport]"
    LiveCatalogP: TypeAlias = "ctypes._Pointer[LiveCatalog]"
else:
    CatalogP = POINTER(Catalog)
    CatalogBuilderP = POINTER(CatalogBuilder)
    ErrorDetailsP = POINTER(ErrorDetails)
    ErrorInfoP = POINTER(ErrorInfo)
    ResultP = POINTER(Result)
    LocaleChainP = POINTER(LocaleChain)
    LocaleListP = POINTER(LocaleList)
    LookupP = POINTER(Lookup)
    LintReportP = POINTER(LintReport)
    LiveCatalogP = POINTER(LiveCatalog)

# Status codes, severities, fields and chain kinds: the header's #defines.
EF_OK = 0
EF_E_INVALID_ARGUMENT = 1
EF_E_INVALID_UTF8 = 2
EF_E_NOT_FOUND = 3
EF_E_IO = 4
EF_E_PARSE = 5
EF_E_INVALID_LOCALE = 6
EF_E_INTERNAL = 7
EF_E_KEY_NOT_FOUND = 8
EF_E_REJECTED = 9

# The ranges of the C integer types the calls take (int64_t codes and arguments, uint64_t).
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
UINT64_MAX = 2**64 - 1

EF_CATALOG_LENIENT = 0
EF_CATALOG_STRICT = 1
EF_CATALOG_ON_DEMAND = 2
EF_CATALOG_MAPPED = 4
EF_CATALOG_LOCALIZED_NUMBERS = 8
EF_CATALOG_PSEUDO_LOCALES = 16
EF_CATALOG_FAIL_ON_REJECTION = 32
EF_LIVE_CATALOG_LINT_CLEAN = 256

EF_FIELD_TITLE = 0
EF_FIELD_MESSAGE = 1
EF_FIELD_BUTTON = 2

# Where things are in the packed outputs (docs/packed-format.md): the header's EF_PACKED_* macros.
# `make test-limits` checks every value against the header.
EF_PACKED_HEADER = 0
EF_PACKED_TITLE = 1
EF_PACKED_MESSAGE = 2
EF_PACKED_BUTTON = 3
EF_PACKED_PROVENANCE = 4
EF_PACKED_PROVENANCE_ITEMS = 4
EF_PACKED_STACK = 16
EF_PACKED_REJECTION_ITEMS = 5
EF_PACKED_FORMAT_HEADER_NUMBERS = 6
EF_PACKED_LOOKUP_VALUE = 1
EF_PACKED_LOOKUP_LOCALE = 2
EF_PACKED_LOOKUP_TABLE = 3
EF_PACKED_LOOKUP_REJECTIONS = 4
EF_PACKED_LOOKUP_HEADER_NUMBERS = 2
# The function-like EF_PACKED_NULL_KEY(field), _LOCALE(field) and _TABLE(field), as their values
# for each field (EF_FIELD_TITLE, _MESSAGE, _BUTTON).
EF_PACKED_NULL_KEY = (1, 8, 64)
EF_PACKED_NULL_LOCALE = (2, 16, 128)
EF_PACKED_NULL_TABLE = (4, 32, 256)

_status = c_int32
_err = POINTER(ErrorDetailsP)

#: name -> (restype, argtypes), in header order. The drift test compares this with the header.
SIGNATURES: dict[str, tuple[Any, tuple[Any, ...]]] = {
    # version
    "ef_version_number": (c_uint32, ()),
    "ef_version_string": (c_char_p, ()),
    # status
    "ef_status_name": (c_char_p, (_status,)),
    "ef_status_string": (c_char_p, (_status,)),
    # error details
    "ef_error_details_status": (_status, (ErrorDetailsP,)),
    "ef_error_details_message": (c_char_p, (ErrorDetailsP,)),
    "ef_error_details_file": (c_char_p, (ErrorDetailsP,)),
    "ef_error_details_line": (c_int32, (ErrorDetailsP,)),
    "ef_error_details_column": (c_int32, (ErrorDetailsP,)),
    "ef_error_details_free": (None, (ErrorDetailsP,)),
    "ef_string_free": (None, (c_void_p,)),
    # catalog
    "ef_catalog_open": (_status, (POINTER(CatalogP), c_char_p, c_char_p, c_uint32, _err)),
    "ef_catalog_open_with_memo_budget": (_status, (POINTER(CatalogP), c_char_p, c_char_p, c_uint32, c_size_t,
                                                   _err)),
    "ef_catalog_free": (None, (CatalogP,)),
    "ef_catalog_localization_count": (c_size_t, (CatalogP,)),
    "ef_catalog_localization_name": (c_char_p, (CatalogP, c_size_t)),
    "ef_catalog_development_locale": (c_char_p, (CatalogP,)),
    "ef_catalog_diagnostic_count": (c_size_t, (CatalogP,)),
    "ef_catalog_diagnostic_severity": (c_int32, (CatalogP, c_size_t)),
    "ef_catalog_diagnostic_code": (c_char_p, (CatalogP, c_size_t)),
    "ef_catalog_diagnostic_message": (c_char_p, (CatalogP, c_size_t)),
    "ef_catalog_diagnostic_file": (c_char_p, (CatalogP, c_size_t)),
    "ef_catalog_diagnostic_line": (c_int32, (CatalogP, c_size_t)),
    "ef_catalog_diagnostic_column": (c_int32, (CatalogP, c_size_t)),
    "ef_catalog_describe_packed": (_status, (POINTER(c_size_t), c_void_p, c_size_t, CatalogP, _err)),
    "ef_catalog_compile": (_status, (CatalogP, c_char_p, _err)),
    # catalog builder
    "ef_catalog_builder_new": (_status, (POINTER(CatalogBuilderP), c_uint32, _err)),
    "ef_catalog_builder_add_table": (
        _status,
        (CatalogBuilderP, c_char_p, c_char_p, c_void_p, c_size_t, _err),
    ),
    "ef_catalog_builder_finish": (_status, (POINTER(CatalogP), CatalogBuilderP, c_char_p, _err)),
    "ef_catalog_builder_free": (None, (CatalogBuilderP,)),
    # error info
    "ef_error_info_new": (_status, (POINTER(ErrorInfoP), c_char_p, c_int64, _err)),
    "ef_error_info_set_description": (_status, (ErrorInfoP, c_char_p, _err)),
    "ef_error_info_set_failure_reason": (_status, (ErrorInfoP, c_char_p, _err)),
    "ef_error_info_set_recovery_suggestion": (_status, (ErrorInfoP, c_char_p, _err)),
    "ef_error_info_set_table": (_status, (ErrorInfoP, c_char_p, _err)),
    "ef_error_info_set_number_style": (_status, (ErrorInfoP, c_int32, _err)),
    "ef_error_info_add_string": (_status, (ErrorInfoP, c_char_p, _err)),
    "ef_error_info_add_int64": (_status, (ErrorInfoP, c_int64, _err)),
    "ef_error_info_add_uint64": (_status, (ErrorInfoP, c_uint64, _err)),
    "ef_error_info_add_double": (_status, (ErrorInfoP, c_double, _err)),
    "ef_error_info_clear_arguments": (_status, (ErrorInfoP, _err)),
    "ef_error_info_argument_count": (c_size_t, (ErrorInfoP,)),
    "ef_error_info_free": (None, (ErrorInfoP,)),
    # formatting
    "ef_format": (
        _status,
        (POINTER(ResultP), CatalogP, ErrorInfoP, POINTER(c_char_p), c_size_t, _err),
    ),
    "ef_result_title": (c_char_p, (ResultP,)),
    "ef_result_message": (c_char_p, (ResultP,)),
    "ef_result_button": (c_char_p, (ResultP,)),
    "ef_result_rule": (c_char_p, (ResultP, c_int32)),
    "ef_result_key": (c_char_p, (ResultP, c_int32)),
    "ef_result_locale": (c_char_p, (ResultP, c_int32)),
    "ef_result_table": (c_char_p, (ResultP, c_int32)),
    "ef_result_stack_count": (c_size_t, (ResultP,)),
    "ef_result_stack_entry": (c_char_p, (ResultP, c_size_t)),
    "ef_result_rejection_count": (c_size_t, (ResultP, c_int32)),
    "ef_result_rejection": (c_char_p, (ResultP, c_int32, c_size_t)),
    "ef_result_strings": (c_size_t, (ResultP, POINTER(c_char_p), c_size_t)),
    "ef_result_free": (None, (ResultP,)),
    "ef_format_packed": (
        _status,
        (POINTER(c_size_t), c_void_p, c_size_t, CatalogP, c_char_p, c_int64, c_char_p, c_char_p,
         c_char_p, c_char_p, ErrorInfoP, POINTER(c_char_p), c_size_t, _err),
    ),
    # 1.3: ef_format_packed with the arguments packed into bytes, also saying whether the output
    # answers later calls (Catalog.format's one call, and its memo).
    "ef_format_packed_reusable": (
        _status,
        (POINTER(c_size_t), c_void_p, c_size_t, POINTER(c_int32), CatalogP, c_char_p, c_size_t,
         POINTER(c_char_p), c_size_t, _err),
    ),
    "ef_catalog_lookup": (_status, (POINTER(LookupP), CatalogP, c_char_p, c_char_p, POINTER(c_char_p),
                                    c_size_t, ErrorInfoP, _err)),
    "ef_lookup_value": (c_char_p, (LookupP,)),
    "ef_lookup_locale": (c_char_p, (LookupP,)),
    "ef_lookup_table": (c_char_p, (LookupP,)),
    "ef_lookup_rejection_count": (c_size_t, (LookupP,)),
    "ef_lookup_rejection": (c_char_p, (LookupP, c_size_t)),
    "ef_lookup_free": (None, (LookupP,)),
    "ef_catalog_text": (_status, (POINTER(c_char_p), CatalogP, c_char_p, c_char_p, POINTER(c_char_p), c_size_t,
                                  _err)),
    "ef_catalog_lookup_packed": (
        _status,
        (POINTER(c_size_t), c_void_p, c_size_t, CatalogP, c_char_p, c_char_p, POINTER(c_char_p),
         c_size_t, ErrorInfoP, _err),
    ),
    "ef_catalog_lookup_packed_v2": (
        _status,
        (POINTER(c_size_t), c_void_p, c_size_t, CatalogP, c_char_p, c_char_p, POINTER(c_char_p),
         c_size_t, ErrorInfoP, _err),
    ),
    # locales
    "ef_locale_normalize": (_status, (POINTER(c_void_p), POINTER(c_int32), c_char_p, _err)),
    "ef_locale_chain_new": (_status, (POINTER(LocaleChainP), c_char_p, _err)),
    "ef_locale_chain_normalized": (c_char_p, (LocaleChainP,)),
    "ef_locale_chain_untranslated": (c_int32, (LocaleChainP,)),
    "ef_locale_chain_count": (c_size_t, (LocaleChainP,)),
    "ef_locale_chain_id": (c_char_p, (LocaleChainP, c_size_t)),
    "ef_locale_chain_kind": (c_int32, (LocaleChainP, c_size_t)),
    "ef_locale_chain_packed": (_status, (POINTER(c_size_t), c_void_p, c_size_t, LocaleChainP, _err)),
    "ef_locale_chain_free": (None, (LocaleChainP,)),
    "ef_locale_list_from_environment": (_status, (POINTER(LocaleListP), _err)),
    "ef_locale_list_from_accept_language": (_status, (POINTER(LocaleListP), c_char_p, _err)),
    "ef_locale_list_count": (c_size_t, (LocaleListP,)),
    "ef_locale_list_entry": (c_char_p, (LocaleListP, c_size_t)),
    "ef_locale_list_packed": (_status, (POINTER(c_size_t), c_void_p, c_size_t, LocaleListP, _err)),
    "ef_locale_list_free": (None, (LocaleListP,)),
    # lint
    "ef_lint_paths": (_status, (POINTER(LintReportP), POINTER(c_char_p), c_size_t, c_char_p, _err)),
    "ef_lint_catalog": (_status, (POINTER(LintReportP), CatalogP, _err)),
    "ef_lint_report_free": (None, (LintReportP,)),
    "ef_lint_file_count": (c_size_t, (LintReportP,)),
    "ef_lint_diagnostic_count": (c_size_t, (LintReportP,)),
    "ef_lint_diagnostic_severity": (c_int32, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_code": (c_char_p, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_message": (c_char_p, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_file": (c_char_p, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_key": (c_char_p, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_line": (c_int32, (LintReportP, c_size_t)),
    "ef_lint_diagnostic_column": (c_int32, (LintReportP, c_size_t)),
    "ef_lint_report_packed": (_status, (POINTER(c_size_t), c_void_p, c_size_t, LintReportP, _err)),
    # problem responses (1.3)
    "ef_format_problem": (
        _status,
        (POINTER(c_size_t), c_void_p, c_size_t, CatalogP, ErrorInfoP, c_char_p, POINTER(c_char_p), c_size_t,
         c_int32, c_char_p, c_char_p, c_uint32, _err),
    ),
    # live catalog (1.3)
    "ef_live_catalog_open": (_status, (POINTER(LiveCatalogP), c_char_p, c_char_p, c_uint32, c_uint32, _err)),
    "ef_live_catalog_open_with_debounce": (
        _status,
        (POINTER(LiveCatalogP), c_char_p, c_char_p, c_uint32, c_uint32, c_uint32, _err),
    ),
    "ef_live_catalog_current": (CatalogP, (LiveCatalogP,)),
    "ef_live_catalog_reload": (_status, (LiveCatalogP, _err)),
    "ef_live_catalog_generation": (c_uint64, (LiveCatalogP,)),
    "ef_live_catalog_last_error": (_status, (LiveCatalogP, _err)),
    "ef_live_catalog_free": (None, (LiveCatalogP,)),
}


def _candidates() -> list[tuple[str, Optional[str]]]:
    """Where to look for the library, in order: (what was tried, path or soname or None)."""
    from_env = os.environ.get(LIBRARY_ENV)
    if from_env:
        # An explicit choice is final: silently loading some other copy instead would hide it.
        return [(f"${LIBRARY_ENV}", from_env)]
    package_dir = Path(__file__).resolve().parent
    bundled = package_dir / "_lib" / SONAME
    # Running from a checkout: the project's `make lib` output, found by walking up.
    built = next(
        (path for path in (parent / "build" / "lib" / SONAME for parent in package_dir.parents)
         if path.exists()),
        None,
    )
    return [
        (f"${LIBRARY_ENV} (not set)", None),
        ("bundled", str(bundled) if bundled.exists() else None),
        (f"build/lib/{SONAME} in a parent directory", str(built) if built else None),
        # By soname, through the dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache, the
        # system directories). Not ctypes.util.find_library: it returns whatever
        # liberrorformatter.so.N it finds, of any ABI major, or a path it got from gcc or ldconfig.
        (f"the system's library path (soname {SONAME})", SONAME),
    ]


def _load() -> tuple[ctypes.CDLL, str]:
    attempts: list[str] = []
    for description, location in _candidates():
        if location is None:
            attempts.append(f"{description}: nothing there")
            continue
        try:
            return ctypes.CDLL(location), location
        except OSError as exc:
            attempts.append(f"{description}: {exc}")
    raise ImportError(
        "errorformatter: cannot load liberrorformatter; tried:\n  "
        + "\n  ".join(attempts)
        + f"\nBuild it with `make lib`, or set {LIBRARY_ENV} to its full path."
    )


def _declare(library: ctypes.CDLL, location: str, names: list[str]) -> None:
    missing = [name for name in names if not hasattr(library, name)]
    if missing:
        # A 1.x library lacking a 1.0 function is broken or too old; say so now, not at first use.
        raise ImportError(f"errorformatter: {location} does not export {', '.join(missing)}")
    for name in names:
        restype, argtypes = SIGNATURES[name]
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes


def check_abi(library: Any, location: str) -> None:
    """Raise ImportError unless ``library`` (with its version functions declared) is ABI_MAJOR."""
    version = library.ef_version_number()
    if version // 10000 != ABI_MAJOR:
        raise ImportError(
            f"errorformatter: {location} is version {library.ef_version_string().decode()} "
            f"(ABI {version // 10000}); this binding needs ABI {ABI_MAJOR}"
        )


lib, LIBRARY_PATH = _load()
# The version functions exist in every major version, so check the ABI before anything else: a
# library of another major version is reported as such, not as a list of missing functions.
_declare(lib, LIBRARY_PATH, ["ef_version_number", "ef_version_string"])
check_abi(lib, LIBRARY_PATH)
_declare(lib, LIBRARY_PATH, list(SIGNATURES))


def unconverted(name: str) -> Any:
    """A second declaration of ``name``, with no argument types, for the packed calls that every
    format and lookup makes.

    ctypes converts each argument of a function with ``argtypes`` through its type's
    ``from_param``, which makes an object per argument: about 70 ns each, 1 us of a 14-parameter
    call (measured against a C function that does nothing). Without ``argtypes``, ``bytes`` and
    ``None`` go straight through as ``char *`` and NULL, and ctypes objects (pointers, arrays,
    ``c_size_t``, ``c_int64``) as what they hold. Only the binding calls these, always with
    arguments of exactly the declared C types: never a Python int, which would travel as a C
    ``int``. Everything else uses the typed declarations above.
    """
    restype, _ = SIGNATURES[name]
    # lib[name] is a new function object (lib.name is cached): the typed one keeps its argtypes.
    # CDLL functions release the GIL during the call.
    function = lib[name]
    function.restype = restype
    return function
