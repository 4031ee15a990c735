#!/bin/sh
# Make (or reuse) a Debian root whose ICU is the major asked for, for `make test-icu`.
#
#   make-root.sh MAJOR           prints the root's directory on stdout; exit 0 when it is ready,
#                                exit 3 when it cannot be made here (no debootstrap, not root, no
#                                mirror).
#   make-root.sh MAJOR --remake  makes it again even when its stamp matches (run-in-root.sh asks
#                                for this when a cached root fails its capability check).
#
# The root lives outside the clone, in the user's cache, and is reused while its stamp (the
# suite, mirror and package list it was made from) matches: a changed list makes it again, so a
# warm machine's root is what a new machine's first run makes.
set -eu

major=${1:?usage: make-root.sh ICU-MAJOR [--remake]}
remake=${2:-}
case "$major" in
    76) suite=trixie ;;
    *)  echo "make-root: no Debian suite here ships ICU $major (76: trixie; 72 is the host's bookworm)" >&2
        exit 3 ;;
esac

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What the suites run inside it need (run-in-root.sh checks each before it builds): ICU's headers
# and tools, a C toolchain, make, git, python3 with venv (build/venv is made over the root's
# Python) and pytest and jsonschema for the CLI suite, and the shared libraries the Swift
# toolchain (bind-mounted in) links against.
packages=libicu-dev,icu-devtools,pkg-config,gcc,g++,make,git,python3,python3-venv,python3-pytest,python3-jsonschema,libc6-dev,binutils,libcurl4t64,libxml2,libedit2,libsqlite3-0,libncurses6,zlib1g-dev

cache=${XDG_CACHE_HOME:-$HOME/.cache}/errorformatter/roots
root=$cache/$suite
stamp="$suite $mirror $packages"

if [ "$remake" != --remake ] && [ -f "$root/.errorformatter-stamp" ] \
        && [ "$(cat "$root/.errorformatter-stamp")" = "$stamp" ]; then
    echo "$root"
    exit 0
fi

if [ "$(id -u)" != 0 ]; then
    echo "make-root: making a Debian root needs root (debootstrap, chroot)" >&2
    exit 3
fi
if ! command -v debootstrap >/dev/null 2>&1; then
    echo "make-root: debootstrap is not installed (apt-get install debootstrap)" >&2
    exit 3
fi

# A mirror that does not answer would leave debootstrap retrying for many minutes.
if ! wget -q --spider --timeout=15 --tries=1 "$mirror/dists/$suite/Release" 2>/dev/null; then
    echo "make-root: the Debian mirror $mirror does not answer for $suite" >&2
    exit 3
fi

mkdir -p "$cache"
work=$root.new
rm -rf "$work"
echo "make-root: making a $suite root in $root (a few minutes)" >&2
started=$(date +%s)
if ! debootstrap --variant=minbase --include="$packages" "$suite" "$work" "$mirror" >"$cache/$suite.log" 2>&1; then
    echo "make-root: debootstrap of $suite from $mirror failed (mirror unreachable?); see $cache/$suite.log" >&2
    tail -n 5 "$cache/$suite.log" >&2
    rm -rf "$work"
    exit 3
fi
echo "$stamp" >"$work/.errorformatter-stamp"
# The old root (and the build outputs in it) goes aside first, so the new one is in place at once.
rm -rf "$root.old"
if [ -e "$root" ]; then mv "$root" "$root.old"; fi
mv "$work" "$root"
rm -rf "$root.old"
echo "make-root: $suite root made in $(( $(date +%s) - started )) s" >&2
echo "$root"
