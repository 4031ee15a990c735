#!/bin/sh
# `pip install ./bindings/python` from a checkout builds the library through the Makefile (the
# in-tree PEP 517 backend) and gives a package that imports from anywhere; `pip install -e`
# imports the checkout's sources and build/lib; the same directory
# copied out of the checkout fails to install, saying what to do, and installs nothing.
#
# usage: check_pip_source.sh <catalog dir>
# environment: PYTHON; run from the project root.
set -eu

catalog=$1
PYTHON=${PYTHON:-python3}
# pip writes the .pyc files of what it installs into site-packages whatever this says, but records
# them under the prefix, so its uninstall would leave them behind (and an importable namespace
# package with them): the venvs here keep Python's default places.
unset PYTHONPYCACHEPREFIX
root=$(pwd)
fail() { echo "check_pip_source: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m venv "$work/venv"

echo "== pip install ./bindings/python (in the checkout)"
"$work/venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check "$root/bindings/python" \
    || fail "pip install ./bindings/python"
(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$work/venv/bin/python" -c '
import sys, sysconfig, errorformatter
site = sysconfig.get_paths()["platlib"]
assert errorformatter.LIBRARY_PATH.startswith(site), errorformatter.LIBRARY_PATH
with errorformatter.Catalog.open(sys.argv[1]) as catalog:
    shown = catalog.format(domain="kCLErrorDomain", code=1, locales=["es-MX"])
assert shown.stack[:2] == ("es-419", "es"), shown.stack
print("installed from source:", errorformatter.LIBRARY_PATH.replace(site, "<site-packages>"), shown.stack)
' "$catalog") || fail "the package installed from source does not format"
"$work/venv/bin/python" -m pip uninstall --quiet --yes errorformatter

echo "== pip install -e ./bindings/python (editable: the sources and build/lib of the checkout)"
"$work/venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check -e "$root/bindings/python" \
    || fail "pip install -e ./bindings/python"
(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$work/venv/bin/python" -c '
import sys, errorformatter
assert errorformatter.__file__ == sys.argv[1] + "/bindings/python/src/errorformatter/__init__.py", errorformatter.__file__
assert errorformatter.LIBRARY_PATH == sys.argv[1] + "/build/lib/liberrorformatter.so.1", errorformatter.LIBRARY_PATH
print("editable: the checkout'"'"'s sources and build/lib")
' "$(cd "$root" && pwd -P)") || fail "the editable install does not import the checkout"
"$work/venv/bin/python" -m pip uninstall --quiet --yes errorformatter

echo "== pip install of the binding copied out of the checkout"
cp -R "$root/bindings/python" "$work/binding"
rm -rf "$work/binding/src/errorformatter/_lib"
if "$work/venv/bin/python" -m pip install --no-index --disable-pip-version-check "$work/binding" \
        >"$work/outside.log" 2>&1; then
    cat "$work/outside.log"; fail "installing outside a checkout succeeded"
fi
grep -F "not inside an ErrorFormatter checkout" "$work/outside.log" >/dev/null \
    || { cat "$work/outside.log"; fail "the failure does not say what is wrong"; }
grep -F "make wheel" "$work/outside.log" >/dev/null \
    || { cat "$work/outside.log"; fail "the failure does not say what to do"; }
if "$work/venv/bin/python" -c 'import errorformatter' 2>/dev/null; then
    fail "a package was installed anyway"
fi
echo "outside a checkout: refused with \"$(grep -F 'not inside' "$work/outside.log" | sed 's/^ *//' | head -1 | cut -c1-90)...\""
echo "pip source install: builds through make in a checkout, refuses elsewhere"
