#!/bin/sh
# The wheel on an older system than the build's: installed with Debian 11's own pip (20.3, which
# checks the manylinux tag against the system's glibc 2.31) into a Debian 11 root, and run there
# by Debian 11's Python 3.9 -- inside a chroot, so no library of this machine can be loaded --
# the demo prints the same records as the C demo built here. Given the bundled tarball too, its
# errfmt formats there as well.
#
# usage: check_debian11.sh <wheel> <expected records> <cache root> [<tarball>]
#   expected records: the C demo's output for Examples/cases.tsv; cache root: where the Debian 11
#   root is kept between runs (Tests/packaging/debian11_root.sh)
# Run from the project root, as root. Where the root cannot be made (no mirror reachable, no
# debootstrap, not root) it says so and exits 0: the symbol check stands alone then.
set -eu

wheel=$1
expected=$2
cache=$3
tarball=${4:-}
project=$(pwd)
fail() { echo "check_debian11: FAIL: $*" >&2; exit 1; }
[ -f "$wheel" ] || fail "no wheel at $wheel"
[ -f "$expected" ] || fail "no expected records at $expected"

status=0
debian=$(sh "$project/Tests/packaging/debian11_root.sh" "$cache") || status=$?
case $status in
    0) ;;
    77) echo "check_debian11: NOT RUN: no Debian 11 root can be made here (above); the symbol check stands alone"
        exit 0 ;;
    *) fail "making the Debian 11 root" ;;
esac

# A scratch directory inside the root, removed whatever happens; the root itself is not changed.
inside=/tmp/errorformatter-check.$$
scratch=$debian$inside
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch"
cp "$wheel" "$scratch/"
cp -R "$project/Examples" "$scratch/Examples"
if [ -n "$tarball" ]; then
    mkdir "$scratch/tarball"
    tar -C "$scratch/tarball" -xzf "$tarball"
fi

cat >"$scratch/run.sh" <<'SH'
set -eu
cd "$1"
echo "inside: $(. /etc/os-release && echo "$PRETTY_NAME"), $(ldd --version | head -n 1 | sed 's/.* //') glibc, $(python3 --version), $(python3 -m pip --version | cut -d' ' -f1-2)"
python3 -m pip install --quiet --no-index --disable-pip-version-check --no-compile --target site ./*.whl
PYTHONPATH=site python3 -c '
import errorformatter, sys
where = errorformatter.LIBRARY_PATH
assert where.startswith(sys.argv[1] + "/site/errorformatter/_lib/"), where
with open("/proc/self/maps") as maps:
    mapped = sorted({line.split()[-1] for line in maps if "/" in line and ".so" in line})
assert not [path for path in mapped if "libicu" in path or "swift" in path or "libstdc++" in path], mapped
print("loaded:", where.split("/site/")[1], "and", ", ".join(path.rsplit("/", 1)[1] for path in mapped))
' "$1"
PYTHONPATH=site python3 Examples/python/demo.py Examples/cases.tsv >records.txt 2>records.err
for errfmt in tarball/*/bin/errfmt; do
    [ -x "$errfmt" ] || continue
    "$errfmt" format --catalog Examples/CoreLocation --domain kCLErrorDomain --code 0 --locale zh-TW >errfmt.txt
    grep -F '位置不明' errfmt.txt >/dev/null || { cat errfmt.txt; echo "the tarball's errfmt printed the above"; exit 1; }
    echo "errfmt: the tarball's errfmt formats zh-TW -> 位置不明"
done
SH

# chroot (as root) puts every file of this machine out of reach; a private mount namespace gives
# the root a /proc of its own without mounting anything into the cached tree for good.
if unshare --mount --fork true 2>/dev/null; then
    runner="unshare --mount --fork sh -c"
    # shellcheck disable=SC2016
    script='mount -t proc proc "$1/proc" && exec chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp LANG=C.UTF-8 sh "$2/run.sh" "$2"'
else
    echo "check_debian11: no mount namespace here; chroot without /proc"
    runner="sh -c"
    # shellcheck disable=SC2016
    script='exec chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp LANG=C.UTF-8 sh "$2/run.sh" "$2"'
fi
$runner "$script" check_debian11 "$debian" "$inside" || {
    [ ! -s "$scratch/records.err" ] || cat "$scratch/records.err" >&2
    fail "the wheel did not install or run in Debian 11"
}
diff -u "$expected" "$scratch/records.txt" || fail "Debian 11 printed other records than the C demo"
echo "debian11: the wheel installs with Debian 11's pip and its $(grep -c -v '^[[:space:]]' "$scratch/records.txt") records equal the C demo's"
