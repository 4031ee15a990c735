#!/bin/sh
# The relocatable tarball (ICU=bundled): unpacked somewhere and then moved, a C program built
# against it through pkg-config and through CMake runs with a clean environment and with the
# system's ICU hidden, and so does its errfmt.
#
# usage: check_tarball.sh <tarball> <demo input> <catalog dir> <expected demo output>
#   demo input: what Examples/c/demo.c takes (absolute); catalog dir: for the tree's errfmt
# environment: CC; run from the project root.
set -eu

tarball=$1
demo_input=$2
catalog=$3
expected=$4
CC=${CC:-cc}
root=$(pwd)
fail() { echo "check_tarball: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xzf "$tarball"
# Moved after unpacking: nothing may depend on where it was first put.
mv "$work/unpacked"/errorformatter-* "$work/moved"
tree=$work/moved
echo "== $(basename "$tarball"): $(du -sk "$tree" | cut -f1) KiB unpacked, $(du -k "$tarball" | cut -f1) KiB packed"

PKG_CONFIG_PATH=$tree/lib/pkgconfig
export PKG_CONFIG_PATH
[ "$(pkg-config --variable=libdir errorformatter)" -ef "$tree/lib" ] \
    || fail "pkg-config libdir $(pkg-config --variable=libdir errorformatter) is not the tree's lib/"
# shellcheck disable=SC2046
"$CC" -std=c99 -Wall -Werror -o "$work/demo" "$root/Examples/c/demo.c" \
    $(pkg-config --cflags --libs errorformatter) -Wl,-rpath,"$(pkg-config --variable=libdir errorformatter)"
unset PKG_CONFIG_PATH

# The same through CMake: the tree's package config finds its own lib/ and include/.
cmake -S "$root/Tests/install/cmake" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$tree" \
    -DCMAKE_C_COMPILER="$(command -v "$CC")" -DDEMO_SOURCE="$root/Examples/c/demo.c" >"$work/cmake.log" 2>&1 \
    || { cat "$work/cmake.log"; fail "cmake configure against the tree"; }
grep -F "from $tree/lib/cmake/ErrorFormatter" "$work/cmake.log" >/dev/null \
    || { cat "$work/cmake.log"; fail "CMake found ErrorFormatter elsewhere than the tree"; }
cmake --build "$work/cmake-build" >"$work/cmake-build.log" 2>&1 || { cat "$work/cmake-build.log"; fail "cmake --build"; }

ldd "$work/demo" | grep -E 'libicu(uc|i18n|data)' | grep -vF "$tree/lib/" \
    && fail "the demo resolves ICU outside the tarball"

status=0
(cd "$work" && sh "$root/Tests/packaging/without_system_icu.sh" env -i PATH=/usr/bin:/bin sh -c '
    "$1/demo" "$4" >"$1/demo-tarball.txt" 2>/dev/null || exit 1
    "$1/cmake-build/demo" "$4" >"$1/demo-tarball-cmake.txt" 2>/dev/null || exit 1
    "$3/bin/errfmt" format --catalog "$2" --domain kCLErrorDomain --code 0 --locale zh-TW >"$1/errfmt.txt" || exit 1
' hidden "$work" "$catalog" "$tree" "$demo_input") || status=$?
case $status in
    0) ;;
    77) echo "check_tarball: system ICU not hidden (no mount namespace here); running with it visible"
        (cd "$work" && env -i PATH=/usr/bin:/bin "$work/demo" "$demo_input" >"$work/demo-tarball.txt" 2>/dev/null \
            && env -i PATH=/usr/bin:/bin "$work/cmake-build/demo" "$demo_input" >"$work/demo-tarball-cmake.txt" 2>/dev/null) \
            || fail "the demo did not run" ;;
    *) fail "the tarball's demo or errfmt does not run without the system ICU" ;;
esac
diff -u "$expected" "$work/demo-tarball.txt" || fail "the tarball's demo printed other records"
diff -u "$expected" "$work/demo-tarball-cmake.txt" || fail "the tarball's CMake-built demo printed other records"
[ ! -f "$work/errfmt.txt" ] || grep -F '位置不明' "$work/errfmt.txt" >/dev/null \
    || fail "the tarball's errfmt printed: $(cat "$work/errfmt.txt")"
echo "tarball: relocated, built with pkg-config and CMake, runs without the system ICU ($(wc -l <"$work/demo-tarball.txt") records identical)"
