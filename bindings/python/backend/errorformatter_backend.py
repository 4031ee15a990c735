"""PEP 517 build backend of the errorformatter Python package (in-tree, no dependencies).

The package is pure Python over ctypes, but it is useless without liberrorformatter, which only
the project's Makefile can build (a Swift toolchain and ICU's headers are needed). So a wheel is
built the way xgboost's is: this backend runs ``make lib`` in the checkout that holds this
directory, copies ``build/lib/liberrorformatter.so.1`` into ``errorformatter/_lib/`` and tags the
wheel for this platform (``py3-none-linux_x86_64``: no Python extension, one native library).

* ``pip install ./bindings/python`` from a checkout: the library is built (or found up to date)
  and installed inside the package; it still needs the system's ICU at run time.
* ``pip install -e ./bindings/python``: a .pth file naming ``src/``; the library stays in
  the checkout's ``build/lib``.
* ``make wheel``: the same wheel, then ``auditwheel repair`` vendors ICU (with only the ICU data
  the library reads) and retags it ``manylinux_*`` -- a wheel that needs nothing installed.
* Anywhere else (the binding copied out of the checkout, an sdist, no toolchain), the build
  fails with a message saying what to install: never a package that cannot import.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sysconfig
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Optional

# This file is bindings/python/backend/errorformatter_backend.py in the project's checkout.
PACKAGE_ROOT = Path(__file__).resolve().parent.parent
PROJECT_ROOT = PACKAGE_ROOT.parent.parent
PACKAGE_SOURCE = PACKAGE_ROOT / "src" / "errorformatter"

SONAME = "liberrorformatter.so.1"


class BuildError(RuntimeError):
    """What went wrong and what to do about it (pip prints the message)."""


def _project_metadata() -> dict[str, Any]:
    text = (PACKAGE_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib  # Python 3.11+
    except ImportError:
        tomllib = None
    if tomllib is not None:
        return dict(tomllib.loads(text)["project"])
    # Python 3.9 and 3.10 have no TOML reader; the [project] table is written with plain
    # one-line strings and string lists (keep it so).
    table = text.split("[project]", 1)[1].split("\n[", 1)[0]
    project: dict[str, Any] = {}
    for key, value in re.findall(r'^([a-z-]+) = "(.*)"$', table, re.MULTILINE):
        project[key] = value
    for key, values in re.findall(r'^([a-z-]+) = \[(.*?)\]', table, re.MULTILINE | re.DOTALL):
        project[key] = re.findall(r'"([^"]*)"', values)
    return project


def _metadata_text() -> str:
    project = _project_metadata()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
    ]
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Classifier: {classifier}" for classifier in project.get("classifiers", [])]
    readme = PACKAGE_ROOT / str(project.get("readme", "README.md"))
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme.read_text(encoding="utf-8")


def _platform_tag() -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _wheel_text(tag: str) -> str:
    # Root-Is-Purelib false: the package carries a native library, so it goes to platlib
    # (auditwheel refuses a wheel whose shared objects sit in purelib).
    return ("Wheel-Version: 1.0\nGenerator: errorformatter_backend\n"
            f"Root-Is-Purelib: false\nTag: {tag}\n")


def _distinfo_name() -> str:
    project = _project_metadata()
    return f"{project['name']}-{project['version']}.dist-info"


def _build_library() -> Path:
    """Runs the project's ``make lib`` and returns the library it built."""
    if not (PROJECT_ROOT / "Makefile").is_file() or not (PROJECT_ROOT / "include" / "errorformatter.h").is_file():
        raise BuildError(
            "errorformatter: this copy of the Python package is not inside an ErrorFormatter "
            "checkout, so liberrorformatter cannot be built with it.\n"
            "Install a wheel instead (in a checkout: `make wheel`, then "
            "`pip install build/dist/errorformatter-*.whl`), or run `pip install ./bindings/python` "
            "from a complete checkout with a Swift 6 toolchain and libicu-dev installed."
        )
    make = os.environ.get("MAKE", "make")
    if shutil.which(make) is None:
        raise BuildError(f"errorformatter: building liberrorformatter needs GNU make ({make!r} is not on PATH)")
    process = subprocess.run([make, "-C", str(PROJECT_ROOT), "lib"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    if process.returncode != 0:
        raise BuildError(
            f"{process.stdout}\n"
            f"errorformatter: `make lib` failed in {PROJECT_ROOT} (output above).\n"
            "It needs a Swift 6 toolchain (`swift` on PATH), a C compiler and ICU's headers "
            "(`apt-get install libicu-dev pkg-config`); see the project's README.md. Or install "
            "a prebuilt wheel: `make wheel` on a machine that has them, then "
            "`pip install build/dist/errorformatter-*.whl`."
        )
    library = PROJECT_ROOT / "build" / "lib" / SONAME
    if not library.is_file():
        raise BuildError(f"errorformatter: `make lib` succeeded but {library} is missing")
    return library.resolve()


def _record_line(archive_name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{archive_name},sha256={digest},{len(data)}"


def _stripped(library: Path, scratch: Path) -> bytes:
    # The symbol table and debug info are half the library's size and no use to ctypes.
    strip = shutil.which("strip")
    if strip is None:
        return library.read_bytes()
    target = scratch / SONAME
    process = subprocess.run([strip, "--strip-unneeded", "-o", str(target), str(library)],
                             capture_output=True, text=True)
    return target.read_bytes() if process.returncode == 0 else library.read_bytes()


def _package_files() -> list[tuple[str, bytes]]:
    files = []
    for path in sorted(PACKAGE_SOURCE.rglob("*")):
        relative = path.relative_to(PACKAGE_SOURCE)
        if path.is_dir() or "__pycache__" in relative.parts or relative.parts[0] == "_lib":
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        files.append((f"errorformatter/{relative.as_posix()}", path.read_bytes()))
    return files


# ------------------------------------------------------------------------------ PEP 517 hooks

def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    distinfo = Path(metadata_directory) / _distinfo_name()
    distinfo.mkdir(parents=True, exist_ok=True)
    (distinfo / "METADATA").write_text(_metadata_text(), encoding="utf-8")
    (distinfo / "WHEEL").write_text(_wheel_text(f"py3-none-{_platform_tag()}"), encoding="utf-8")
    return distinfo.name


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None,
                metadata_directory: Optional[str] = None) -> str:
    library = _build_library()
    project = _project_metadata()
    tag = f"py3-none-{_platform_tag()}"
    name = f"{project['name']}-{project['version']}-{tag}.whl"
    distinfo = _distinfo_name()
    with tempfile.TemporaryDirectory() as scratch:
        files = _package_files()
        files.append((f"errorformatter/_lib/{SONAME}", _stripped(library, Path(scratch))))
        files.append((f"{distinfo}/METADATA", _metadata_text().encode()))
        files.append((f"{distinfo}/WHEEL", _wheel_text(tag).encode()))
        _write_wheel(Path(wheel_directory) / name, distinfo, files)
    return name


def _write_wheel(target: Path, distinfo: str, files: list[tuple[str, bytes]]) -> None:
    """Writes the files and a RECORD of them; fixed timestamps make the build reproducible."""
    record = [_record_line(archive_name, data) for archive_name, data in files]
    record.append(f"{distinfo}/RECORD,,")
    files = files + [(f"{distinfo}/RECORD", ("\n".join(record) + "\n").encode())]
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for archive_name, data in files:
            info = zipfile.ZipInfo(archive_name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if archive_name.endswith(SONAME) else 0o644
            info.external_attr = (0o100000 | mode) << 16
            wheel.writestr(info, data)


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> list[str]:
    return []


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """PEP 660 (``pip install -e``): a .pth file naming ``src/``, and the library left in the
    checkout's ``build/lib``, where the package finds it by walking up (``make lib`` refreshes
    it; nothing is copied, so a rebuilt library is picked up at the next import)."""
    _build_library()
    project = _project_metadata()
    tag = f"py3-none-{_platform_tag()}"
    name = f"{project['name']}-{project['version']}-{tag}.whl"
    distinfo = _distinfo_name()
    files = [
        ("errorformatter_editable.pth", f"{PACKAGE_ROOT / 'src'}\n".encode()),
        (f"{distinfo}/METADATA", _metadata_text().encode()),
        (f"{distinfo}/WHEEL", _wheel_text(tag).encode()),
    ]
    _write_wheel(Path(wheel_directory) / name, distinfo, files)
    return name


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    # The package cannot be built without the rest of the project (the Swift sources, the
    # header, the Makefile); an sdist of this directory alone would only fail later.
    raise BuildError(
        "errorformatter: no sdist of the Python binding alone; build a wheel from the checkout "
        "(`make wheel`, or `pip install ./bindings/python`)."
    )
