"""The binding against the header and the loaded library: symbols, signatures, version, loading."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from pathlib import Path
from typing import Any

import pytest

import errorformatter
from conftest import HEADER, PROJECT_ROOT
from errorformatter import _ffi

PACKAGE_SOURCE = Path(errorformatter.__file__).resolve().parent

OPAQUE = {
    "ef_catalog": _ffi.Catalog,
    "ef_catalog_builder": _ffi.CatalogBuilder,
    "ef_error_details": _ffi.ErrorDetails,
    "ef_error_info": _ffi.ErrorInfo,
    "ef_result": _ffi.Result,
    "ef_locale_chain": _ffi.LocaleChain,
    "ef_locale_list": _ffi.LocaleList,
    "ef_lookup": _ffi.Lookup,
    "ef_lint_report": _ffi.LintReport,
    "ef_live_catalog": _ffi.LiveCatalog,
}
# C type (whitespace removed) -> the ctypes type the binding must use for it. Written out here,
# independently of _ffi, so that a change on either side shows up as a difference.
SCALARS: dict[str, Any] = {
    "void": None,
    "ef_status": c_int32,
    "int32_t": c_int32,
    "uint32_t": c_uint32,
    "int64_t": c_int64,
    "uint64_t": c_uint64,
    "double": c_double,
    "size_t": c_size_t,
    "constchar*": c_char_p,          # static or borrowed: copied into bytes at once
    "char*": c_void_p,               # owned (back to ef_string_free), or a buffer the binding owns
    "char**": POINTER(c_void_p),     # out-parameter receiving an owned string
    "constchar*const*": POINTER(c_char_p),
    "constchar**": POINTER(c_char_p),     # out-array receiving borrowed strings
    "constvoid*": c_void_p,
    "int32_t*": POINTER(c_int32),
    "size_t*": POINTER(c_size_t),
}


def ctypes_for(c_type: str) -> Any:
    compact = re.sub(r"\s+", "", c_type)
    if compact in SCALARS:
        return SCALARS[compact]
    match = re.fullmatch(r"(?:const)?(ef_\w+?)(\*+)", compact)
    assert match and match.group(1) in OPAQUE, f"no ctypes mapping for C type {c_type!r}"
    mapped: Any = OPAQUE[match.group(1)]
    for _ in match.group(2):
        mapped = POINTER(mapped)
    return mapped


def header_declarations() -> list[tuple[str, str, list[str]]]:
    """(name, return type, parameter types) of every function declared in the header, in order."""
    text = HEADER.read_text()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = text.replace("\\\n", " ")  # join continued #define lines before dropping them
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    text = text.replace('extern "C" {', " ").replace("}", " ")
    declarations = []
    for statement in text.split(";"):
        match = re.fullmatch(r"\s*(?!typedef)(.+?)\b(ef_\w+)\s*\((.*)\)\s*", statement, flags=re.S)
        if not match:
            continue
        return_type, name, parameters = match.groups()
        parameter_types = []
        for parameter in parameters.split(","):
            parameter = parameter.strip()
            if parameter in ("void", ""):
                continue
            # Drop the parameter's name: the identifier at the end.
            parameter_types.append(re.sub(r"\b\w+$", "", parameter).strip())
        declarations.append((name, return_type.strip(), parameter_types))
    return declarations


def exported_symbols(path: str) -> tuple[set[str], set[str]]:
    """(global function/data symbols, version nodes) exported by the library at ``path``."""
    output = subprocess.run(["nm", "-D", "--defined-only", path], check=True,
                            capture_output=True, text=True).stdout
    symbols, version_nodes = set(), set()
    for line in output.splitlines():
        fields = line.split()
        if len(fields) != 3 or not fields[1].isupper():
            continue  # local symbols (lowercase type) are not exported API
        name = fields[2].split("@")[0]
        (version_nodes if fields[1] == "A" else symbols).add(name)
    return symbols, version_nodes


def loaded_library_file() -> str:
    if os.path.isfile(_ffi.LIBRARY_PATH):
        return _ffi.LIBRARY_PATH
    # Loaded by soname from the system: find the file in this process's mappings.
    with open("/proc/self/maps") as maps:
        for line in maps:
            if "liberrorformatter" in line:
                return line.split()[-1]
    pytest.fail(f"cannot find the file of {_ffi.LIBRARY_PATH}")


def test_header_is_parsed() -> None:
    names = [name for name, _, _ in header_declarations()]
    assert "ef_version_number" in names and "ef_format" in names
    assert len(names) == len(set(names))


def test_bindings_match_the_header_in_order_and_types() -> None:
    declarations = header_declarations()
    assert [name for name, _, _ in declarations] == list(_ffi.SIGNATURES)
    for name, return_type, parameter_types in declarations:
        expected = (ctypes_for(return_type), tuple(ctypes_for(t) for t in parameter_types))
        assert _ffi.SIGNATURES[name] == expected, name


def test_declared_argtypes_are_installed_on_the_library() -> None:
    for name, (restype, argtypes) in _ffi.SIGNATURES.items():
        function = getattr(_ffi.lib, name)
        assert (function.restype, tuple(function.argtypes)) == (restype, argtypes), name


@pytest.mark.skipif(shutil.which("nm") is None, reason="nm (binutils) is not installed")
def test_every_exported_symbol_has_a_binding_and_vice_versa() -> None:
    symbols, version_nodes = exported_symbols(loaded_library_file())
    assert symbols == set(_ffi.SIGNATURES)
    # One node per minor release of this major (EF_1, EF_1.1, ...), the first one always there;
    # which function is in which node is Tests/C/check_symbols.sh's to check.
    assert f"EF_{_ffi.ABI_MAJOR}" in version_nodes
    assert all(re.fullmatch(rf"EF_{_ffi.ABI_MAJOR}(\.[1-9][0-9]*)?", node) for node in version_nodes)


def test_version_matches_the_header() -> None:
    macros = dict(re.findall(r"#define (EF_VERSION_\w+) (\S+)", HEADER.read_text()))
    assert _ffi.lib.ef_version_number() == int(macros["EF_VERSION_NUMBER"])
    assert errorformatter.library_version() == macros["EF_VERSION_STRING"].strip('"')
    assert _ffi.ABI_MAJOR == int(macros["EF_VERSION_MAJOR"])


def test_another_abi_major_is_refused() -> None:
    class NextMajor:
        def ef_version_number(self) -> int:
            return 20000

        def ef_version_string(self) -> bytes:
            return b"2.0.0"

    with pytest.raises(ImportError, match=r"2\.0\.0 \(ABI 2\).*needs ABI 1"):
        _ffi.check_abi(NextMajor(), "liberrorformatter.so.2")


def import_in_subprocess(python_path: Path, library_env: str | None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key != _ffi.LIBRARY_ENV}
    environment["PYTHONPATH"] = str(python_path)
    if library_env is not None:
        environment[_ffi.LIBRARY_ENV] = library_env
    return subprocess.run(
        [sys.executable, "-c", "import errorformatter; print(errorformatter.LIBRARY_PATH)"],
        capture_output=True, text=True, env=environment, cwd=python_path,
    )


def test_library_from_the_environment_is_final(tmp_path: Path) -> None:
    missing = tmp_path / "liberrorformatter.so.1"
    process = import_in_subprocess(PACKAGE_SOURCE.parent, str(missing))
    assert process.returncode != 0
    assert "ImportError" in process.stderr and str(missing) in process.stderr
    # It did not fall back to the checkout's build.
    assert "build/lib" not in process.stderr


def test_bundled_library_comes_first(tmp_path: Path) -> None:
    package = tmp_path / "errorformatter"
    shutil.copytree(PACKAGE_SOURCE, package, ignore=shutil.ignore_patterns("__pycache__", "_lib"))
    (package / "_lib").mkdir()
    shutil.copy(loaded_library_file(), package / "_lib" / _ffi.SONAME)
    process = import_in_subprocess(tmp_path, None)
    assert process.returncode == 0, process.stderr
    assert process.stdout.strip() == str(package / "_lib" / _ffi.SONAME)


def test_checkout_build_is_found_by_walking_up() -> None:
    built = PROJECT_ROOT / "build" / "lib" / _ffi.SONAME
    if not built.exists() or (PACKAGE_SOURCE / "_lib" / _ffi.SONAME).exists():
        pytest.skip("needs a checkout with build/lib and no bundled library")
    process = import_in_subprocess(PACKAGE_SOURCE.parent, None)
    assert process.returncode == 0, process.stderr
    assert process.stdout.strip() == str(built)


def test_last_fallback_loads_by_soname(tmp_path: Path) -> None:
    # Outside a checkout, with no bundled copy, the library is found by the dynamic loader under
    # its soname: here through LD_LIBRARY_PATH, which find_library would not have consulted.
    library_dir = tmp_path / "lib"
    library_dir.mkdir()
    shutil.copy(loaded_library_file(), library_dir / _ffi.SONAME)
    shutil.copytree(PACKAGE_SOURCE, tmp_path / "errorformatter",
                    ignore=shutil.ignore_patterns("__pycache__", "_lib"))
    environment = {key: value for key, value in os.environ.items() if key != _ffi.LIBRARY_ENV}
    environment["PYTHONPATH"] = str(tmp_path)
    environment["LD_LIBRARY_PATH"] = str(library_dir)
    process = subprocess.run(
        [sys.executable, "-c",
         "import errorformatter, errorformatter._ffi as f; print(errorformatter.LIBRARY_PATH);"
         " print(f.lib.ef_version_string().decode())"],
        capture_output=True, text=True, env=environment, cwd=tmp_path,
    )
    assert process.returncode == 0, process.stderr
    assert process.stdout.split() == [_ffi.SONAME, errorformatter.__version__]


def test_import_error_lists_every_attempt(tmp_path: Path) -> None:
    try:
        ctypes.CDLL(_ffi.SONAME)
    except OSError:
        pass
    else:
        pytest.skip(f"{_ffi.SONAME} is installed system-wide")
    shutil.copytree(PACKAGE_SOURCE, tmp_path / "errorformatter",
                    ignore=shutil.ignore_patterns("__pycache__", "_lib"))
    process = import_in_subprocess(tmp_path, None)
    assert process.returncode != 0
    for attempt in ("ERRORFORMATTER_LIBRARY", "bundled", "build/lib", f"soname {_ffi.SONAME}"):
        assert attempt in process.stderr
