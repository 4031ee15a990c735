#!/bin/sh
# The wheel as a user gets it: auditwheel agrees with its platform tag; it holds one library,
# with ICU inside; installed into a clean venv it imports and formats from another directory, with
# no environment variable and with the system's ICU made unloadable, and the process maps no ICU
# library at all (nor a Swift or C++ runtime): the package's own library is the whole of it.
#
# usage: check_wheel.sh <wheel> <demo input> <catalog dir> <expected demo output>
#   demo input: what Examples/python/demo.py and the C demo take (absolute)
# environment: PYTHON (from mk/wheel.mk); run from the project root.
set -eu

wheel=$1
demo_input=$2
catalog=$3
expected=$4
PYTHON=${PYTHON:-python3}
root=$(pwd)

fail() { echo "check_wheel: FAIL: $*" >&2; exit 1; }
[ -f "$wheel" ] || fail "no wheel at $wheel"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== auditwheel show $(basename "$wheel")"
tag=$(basename "$wheel" .whl | sed 's/.*-py3-none-//')
"$PYTHON" -m auditwheel show "$wheel" >"$work/show.txt" 2>&1 || { cat "$work/show.txt"; fail "auditwheel show"; }
case $tag in manylinux_*) ;; *) fail "tag $tag is not a manylinux tag" ;; esac
# auditwheel names the lowest tag the symbols allow: the wheel's own, or an older glibc's (the
# wheel is tagged for the floor the project tests, which may sit above what its symbols need).
shown=$(tr -s ' \n' ' ' <"$work/show.txt" | sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p')
glibc_of() { echo "$1" | sed -n 's/^manylinux_\([0-9]*\)_\([0-9]*\)_.*/\1 \2/p'; }
set -- $(glibc_of "$tag") $(glibc_of "$shown")
[ $# -eq 4 ] && { [ "$3" -lt "$1" ] || { [ "$3" -eq "$1" ] && [ "$4" -le "$2" ]; }; } \
    || { cat "$work/show.txt"; fail "auditwheel shows $shown, which does not allow the tag $tag"; }
echo "auditwheel: consistent with $shown; tagged $tag"
echo "$tag, $(du -k "$wheel" | cut -f1) KiB"
libraries=$("$PYTHON" -m zipfile -l "$wheel" | awk '$1 ~ /\.so/ { print $1 }')
[ "$libraries" = "errorformatter/_lib/liberrorformatter.so.1" ] \
    || fail "the wheel should hold liberrorformatter.so.1 alone, holds: $libraries"

echo "== pip install into a clean venv"
"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check "$wheel"
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
echo "installed: $(du -sk "$site/errorformatter" | cut -f1) KiB"

# Runs in the venv with nothing of this machine's environment: a clean PATH, HOME in the
# scratch directory, the working directory outside the checkout.
venv_python() { (cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$work/venv/bin/python" "$@"); }

cat >"$work/maps_check.py" <<'PY'
"""Formats once, then checks which library and which ICU the process uses."""
import sys
import sysconfig

import errorformatter

site = sysconfig.get_paths()["platlib"]
catalog = sys.argv[1]
with errorformatter.Catalog.open(catalog) as opened:
    shown = opened.format(domain="kCLErrorDomain", code=0, locales=["zh-TW"])
assert shown.stack[0] == "zh-Hant", shown.stack
assert errorformatter.LIBRARY_PATH.startswith(site + "/errorformatter/_lib/"), errorformatter.LIBRARY_PATH
with open("/proc/self/maps", encoding="utf-8") as maps:
    mapped = {line.split()[-1] for line in maps if "/" in line}
from_package = sorted(path for path in mapped if path.startswith(site + "/"))
assert from_package == [errorformatter.LIBRARY_PATH], from_package
runtimes = [path for path in mapped if any(name in path.lower() for name in ("libicu", "swift", "libstdc++"))]
assert not runtimes, f"ICU, Swift or C++ runtime mapped beside the package's library: {runtimes}"
print(f"maps: the package's one library, no ICU, Swift or C++ runtime; zh-TW -> {shown.stack[0]}")
PY

echo "== format, with the system ICU visible"
venv_python "$work/maps_check.py" "$catalog" || fail "the installed wheel did not format"

echo "== format, with the system ICU hidden"
status=0
(cd "$work" && sh "$root/Tests/packaging/without_system_icu.sh" env -i PATH=/usr/bin:/bin HOME="$work" sh -c '
    # The hiding works: the system ICU cannot be loaded by name.
    if "$1/venv/bin/python" -c "import ctypes; ctypes.CDLL(\"libicuuc.so.72\")" 2>/dev/null; then
        echo "check_wheel: the system ICU is still loadable" >&2; exit 1
    fi
    "$1/venv/bin/python" "$1/maps_check.py" "$2" || exit 1
    "$1/venv/bin/python" "$3/Examples/python/demo.py" "$4" >"$1/demo-wheel.txt" 2>/dev/null
' hidden "$work" "$catalog" "$root" "$demo_input") || status=$?
case $status in
    0) diff -u "$expected" "$work/demo-wheel.txt" || fail "the wheel printed other records than the C demo"
       echo "demo through the wheel: $(wc -l <"$work/demo-wheel.txt") records identical to the C demo" ;;
    77) echo "check_wheel: system ICU not hidden (no mount namespace here); the maps check above stands" ;;
    *) fail "the wheel does not work without the system ICU" ;;
esac

echo "wheel: $(basename "$wheel") works from a clean venv without the system ICU"
