#!/bin/sh
# Installs the project into a temporary prefix and uses it the way a C user would: builds
# Examples/c/demo.c through pkg-config and through CMake's find_package, runs both with a clean
# environment (no Swift toolchain on PATH, no LD_LIBRARY_PATH) from another directory, and
# compares their records with the in-tree demo's. Then checks a DESTDIR staging install with the
# distribution layout, and that uninstall removes every file.
#
# usage: check_install.sh <demo input> <catalog dir> <expected demo output> <multiarch triplet or "">
#   demo input: what Examples/c/demo.c takes (absolute); catalog dir: for the installed errfmt
# environment: MAKE, CC (from mk/install.mk); run from the project root.
set -eu

demo_input=$1
catalog=$2
expected=$3
multiarch=$4
MAKE=${MAKE:-make}
CC=${CC:-cc}
root=$(pwd)

command -v pkg-config >/dev/null || { echo "check_install: pkg-config is required" >&2; exit 1; }
command -v cmake >/dev/null || { echo "check_install: cmake is required (apt-get install cmake)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
libdir=$prefix/lib${multiarch:+/$multiarch}

fail() { echo "check_install: FAIL: $*" >&2; exit 1; }

# What a program sees when nothing of the build machine leaks in: the system's PATH only.
clean_env() { env -i PATH=/usr/bin:/bin HOME="$work" "$@"; }

# The toolchain's directory (for instance .../usr/lib/swift/linux), which nothing may resolve from.
swift_bin=$(command -v swift || true)
toolchain=${swift_bin%/bin/swift}

echo "== make install PREFIX=<temporary prefix>"
"$MAKE" --no-print-directory install PREFIX="$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "make install"; }
for file in "$libdir/liberrorformatter.so.1" "$libdir/liberrorformatter.so" \
            "$prefix/include/errorformatter.h" "$prefix/bin/errfmt" \
            "$libdir/pkgconfig/errorformatter.pc" \
            "$libdir/cmake/ErrorFormatter/ErrorFormatterConfig.cmake" \
            "$libdir/cmake/ErrorFormatter/ErrorFormatterConfigVersion.cmake"; do
    [ -e "$file" ] || fail "make install did not install $file"
done

run_demo() {  # <binary> <label>
    ldd_out=$(clean_env ldd "$1")
    if [ -n "$toolchain" ] && printf '%s\n' "$ldd_out" | grep -F "$toolchain" >/dev/null; then
        fail "$2 resolves libraries from the Swift toolchain: $ldd_out"
    fi
    printf '%s\n' "$ldd_out" | grep -F "$libdir/liberrorformatter.so.1" >/dev/null \
        || fail "$2 does not load the installed library: $ldd_out"
    (cd "$work" && clean_env "$1" "$demo_input") >"$work/$2.txt" 2>/dev/null || fail "$2 exited with status $?"
    diff -u "$expected" "$work/$2.txt" || fail "$2 printed other records than the in-tree demo"
    echo "$2: $(wc -l <"$work/$2.txt") records identical to the in-tree demo"
}

echo "== a C program built with pkg-config"
PKG_CONFIG_PATH=$libdir/pkgconfig
export PKG_CONFIG_PATH
[ "$(pkg-config --modversion errorformatter)" = "$(sed -n 's/^VERSION *:= *//p' Makefile)" ] \
    || fail "pkg-config reports version $(pkg-config --modversion errorformatter)"
[ "$(pkg-config --variable=libdir errorformatter)" = "$libdir" ] \
    || fail "pkg-config libdir is $(pkg-config --variable=libdir errorformatter), not $libdir"
# shellcheck disable=SC2046
"$CC" -std=c99 -Wall -Werror -o "$work/demo-pkgconfig" "$root/Examples/c/demo.c" \
    $(pkg-config --cflags --libs errorformatter) \
    -Wl,-rpath,"$(pkg-config --variable=libdir errorformatter)"
unset PKG_CONFIG_PATH
run_demo "$work/demo-pkgconfig" demo-pkgconfig

echo "== a C program built with CMake (find_package(ErrorFormatter 1 CONFIG))"
clean_env cmake -S "$root/Tests/install/cmake" -B "$work/cmake-build" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$(command -v "$CC")" \
    -DDEMO_SOURCE="$root/Examples/c/demo.c" >"$work/cmake.log" 2>&1 \
    || { cat "$work/cmake.log"; fail "cmake configure"; }
grep -F "from $libdir/cmake/ErrorFormatter" "$work/cmake.log" >/dev/null \
    || { cat "$work/cmake.log"; fail "CMake found ErrorFormatter elsewhere than the prefix"; }
clean_env cmake --build "$work/cmake-build" >"$work/cmake-build.log" 2>&1 \
    || { cat "$work/cmake-build.log"; fail "cmake --build"; }
run_demo "$work/cmake-build/demo" demo-cmake

echo "== the installed errfmt"
(cd "$work" && clean_env "$prefix/bin/errfmt" format --catalog "$catalog" --domain kCLErrorDomain \
    --code 0 --locale fr-CA) >"$work/errfmt.txt" || fail "installed errfmt exited with status $?"
grep '^title:' "$work/errfmt.txt" >/dev/null || fail "installed errfmt printed no title: $(cat "$work/errfmt.txt")"

echo "== make uninstall removes every installed file"
"$MAKE" --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall left: $left"

echo "== DESTDIR staging with PREFIX=/usr (a distribution's package build)"
stage=$work/stage
"$MAKE" --no-print-directory install DESTDIR="$stage" PREFIX=/usr >/dev/null
stage_lib=$stage/usr/lib${multiarch:+/$multiarch}
[ -e "$stage_lib/liberrorformatter.so.1" ] || fail "no $stage_lib/liberrorformatter.so.1"
grep -Fx 'prefix=/usr' "$stage_lib/pkgconfig/errorformatter.pc" >/dev/null \
    || fail "staged .pc does not say prefix=/usr: $(cat "$stage_lib/pkgconfig/errorformatter.pc")"
grep -Fx "libdir=\${prefix}/lib${multiarch:+/$multiarch}" "$stage_lib/pkgconfig/errorformatter.pc" >/dev/null \
    || fail "staged .pc has another libdir: $(cat "$stage_lib/pkgconfig/errorformatter.pc")"
if grep -rF "$work" "$stage" >/dev/null; then fail "a staged file names the staging directory"; fi
"$MAKE" --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
left=$(find "$stage" -type f -o -type l)
[ -z "$left" ] || fail "make uninstall DESTDIR=... left: $left"

echo "install: pkg-config and CMake builds run from a clean environment; uninstall leaves nothing"
