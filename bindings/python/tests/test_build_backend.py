"""The in-tree PEP 517 backend (bindings/python/backend): the wheel it writes, and its refusals.

The full round trip (pip install from the checkout, the auditwheel-repaired wheel in a clean
venv without the system ICU) is `make test-wheel`; these tests check the backend's own output
without running make.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import sys
import sysconfig
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from conftest import PROJECT_ROOT

BACKEND_DIR = PROJECT_ROOT / "bindings" / "python" / "backend"
BUILT_LIBRARY = PROJECT_ROOT / "build" / "lib" / "liberrorformatter.so.1"


@pytest.fixture()
def backend() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BACKEND_DIR))
    try:
        module = importlib.import_module("errorformatter_backend")
        yield importlib.reload(module)
    finally:
        sys.path.remove(str(BACKEND_DIR))


def test_metadata_without_a_toml_reader_matches_tomllib(backend: ModuleType,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # Python 3.9 and 3.10 have no tomllib: the fallback reader must see the same [project].
    tomllib = pytest.importorskip("tomllib")
    expected = tomllib.loads((PROJECT_ROOT / "bindings" / "python" / "pyproject.toml").read_text())["project"]
    monkeypatch.setitem(sys.modules, "tomllib", None)
    assert backend._project_metadata() == expected


def test_wheel_holds_the_library_in_platlib_with_a_valid_record(backend: ModuleType, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    if not BUILT_LIBRARY.exists():
        pytest.skip("needs build/lib/liberrorformatter.so.1 (make lib)")
    monkeypatch.setattr(backend, "_build_library", lambda bundled=False: BUILT_LIBRARY.resolve())
    name = backend.build_wheel(str(tmp_path))
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert name == f"errorformatter-1.3.0-py3-none-{platform}.whl"

    with zipfile.ZipFile(tmp_path / name) as wheel:
        names = wheel.namelist()
        assert "errorformatter/_lib/liberrorformatter.so.1" in names
        assert "errorformatter/__init__.py" in names and "errorformatter/py.typed" in names
        assert not [entry for entry in names if "__pycache__" in entry or entry.endswith(".pyc")]
        info = wheel.read("errorformatter-1.3.0.dist-info/WHEEL").decode()
        assert "Root-Is-Purelib: false" in info and f"Tag: py3-none-{platform}" in info
        # Every file but RECORD itself is listed with its real hash and size.
        record = wheel.read("errorformatter-1.3.0.dist-info/RECORD").decode().splitlines()
        listed = {line.split(",")[0]: line.split(",")[1:] for line in record}
        assert set(listed) == set(names)
        for entry in names:
            if entry.endswith("/RECORD"):
                assert listed[entry] == ["", ""]
                continue
            data = wheel.read(entry)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[entry] == [f"sha256={digest}", str(len(data))], entry
        library = wheel.getinfo("errorformatter/_lib/liberrorformatter.so.1")
        assert (library.external_attr >> 16) & 0o111, "the library is not executable"
        assert wheel.read("errorformatter/_lib/liberrorformatter.so.1")[:4] == b"\x7fELF"


def test_icu_setting_picks_the_bundled_build_and_refuses_other_values(backend: ModuleType, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # `make wheel` passes --config-settings icu=bundled: the library of `make lib-bundled`.
    if not BUILT_LIBRARY.exists():
        pytest.skip("needs build/lib/liberrorformatter.so.1 (make lib)")
    asked: list[bool] = []

    def build_library(bundled: bool = False) -> Path:
        asked.append(bundled)
        return BUILT_LIBRARY.resolve()

    monkeypatch.setattr(backend, "_build_library", build_library)
    backend.build_wheel(str(tmp_path), {"icu": "bundled"})
    backend.build_wheel(str(tmp_path), {"icu": "system"})
    backend.build_wheel(str(tmp_path))
    assert asked == [True, False, False]
    with pytest.raises(backend.BuildError, match="icu='static'"):
        backend.build_wheel(str(tmp_path), {"icu": "static"})


def test_outside_a_checkout_the_build_says_what_to_do(backend: ModuleType, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backend, "PROJECT_ROOT", tmp_path)
    with pytest.raises(backend.BuildError, match=r"not inside an ErrorFormatter checkout(.|\n)*make wheel"):
        backend.build_wheel(str(tmp_path))
    assert not list(tmp_path.glob("*.whl"))


def test_no_sdist_of_the_binding_alone(backend: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(backend.BuildError, match="no sdist"):
        backend.build_sdist(str(tmp_path))
