#!/bin/sh
# Build and test this working tree inside a Debian root whose system ICU is another major.
#
#   run-in-root.sh MAJOR [make targets...]    default targets: the Swift, C and CLI suites
#
# The root comes from make-root.sh (cached outside the clone). The Swift toolchain the host
# uses (`command -v swift`) is bind-mounted read-only at the same path, ../shared read-only
# next to the copy when it exists. The working tree is copied in (tracked and untracked files,
# not build outputs), so the host's build/ and .build/ (linked against the host's ICU) are never
# touched; the copy keeps its own build directories between runs, so a rerun is incremental.
# Mounts live in a private mount namespace (unshare) and vanish when the run ends.
#
# Exit status: the targets' status; 0 with a SKIP line when the root cannot be made here.
set -eu

major=${1:?usage: run-in-root.sh ICU-MAJOR [targets...]}
shift
targets=${*:-test-swift test-c test-cli}
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "$here/../.." && pwd)

if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1; then
    echo "SKIP test-icu ICU=$major: running in a Debian root needs root and unshare (util-linux)"
    exit 0
fi
set +e
root=$("$here/make-root.sh" "$major")
made=$?
set -e
if [ "$made" = 3 ]; then
    echo "SKIP test-icu ICU=$major: no Debian root with ICU $major can be made here (reason above)"
    exit 0
elif [ "$made" != 0 ]; then
    exit "$made"
fi

swift_bin=$(command -v swift) || { echo "test-icu: no swift on PATH" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swift_bin")")")   # <prefix>/usr/bin/swift -> <prefix>/usr
toolchain=$(dirname "$toolchain")                                   # -> <prefix>

copy=$root/src/errorformatter
mkdir -p "$copy"
# Refresh the copy: drop everything but its build outputs, then copy the tree's files in.
find "$copy" -mindepth 1 -maxdepth 1 ! -name build ! -name .build -exec rm -rf {} +
(cd "$tree" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) \
    | tar -xf - -C "$copy"

shared=$tree/../shared
path_inside=$toolchain/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin

# Runs a shell script inside the root: the toolchain bind-mounted read-only at its own path,
# ../shared read-only beside the copy, /proc and /dev; all in a private mount namespace
# (unshare), so the mounts vanish when the script ends.
in_root() {
    unshare --mount --propagation private sh -eu -c '
        root=$1 toolchain=$2 shared=$3 path_inside=$4 script=$5
        mkdir -p "$root$toolchain" "$root/proc" "$root/dev" "$root/src/shared"
        mount --bind "$toolchain" "$root$toolchain"
        mount -o remount,bind,ro "$root$toolchain"
        mount -t proc proc "$root/proc"
        mount --rbind /dev "$root/dev"
        if [ -d "$shared" ]; then
            mount --bind "$shared" "$root/src/shared"
            mount -o remount,bind,ro "$root/src/shared"
        fi
        exec chroot "$root" /usr/bin/env -i PATH="$path_inside" HOME=/root LANG=C.UTF-8 sh -c "$script"
    ' run-in-root "$root" "$toolchain" "$shared" "$path_inside" "$1"
}

# What the suites need of the root, checked before anything is built, so that a root made from
# an older package list (or changed by hand) is remade, or the run stops here saying what is
# missing, instead of failing deep inside a suite. Each line that fails names itself.
capabilities='
    fail=0
    need() { what=$1; shift; if ! "$@" >/dev/null 2>&1; then echo "  missing: $what" >&2; fail=1; fi; }
    need "a C compiler (gcc)" cc --version
    need "a C++ compiler (g++)" c++ --version
    need "make" make --version
    need "git" git --version
    need "ICU '"$major"' headers (libicu-dev, pkg-config)" sh -c "pkg-config --modversion icu-uc | grep -q \"^'"$major"'\\.\""
    need "ICU tools (icu-devtools)" sh -c "command -v icupkg && command -v genccode"
    need "python3 with venv (python3-venv)" sh -c "rm -rf /tmp/errorformatter-venv-check && python3 -m venv /tmp/errorformatter-venv-check && rm -rf /tmp/errorformatter-venv-check"
    need "pytest and jsonschema (python3-pytest, python3-jsonschema)" python3 -c "import pytest, jsonschema"
    need "the Swift toolchain runs (its shared libraries)" swift --version
    exit $fail'

if ! in_root "$capabilities"; then
    echo "test-icu: the ICU $major root at $root lacks the above; making it again" >&2
    set +e
    root=$("$here/make-root.sh" "$major" --remake)
    made=$?
    set -e
    if [ "$made" != 0 ]; then
        echo "test-icu: FAIL: the ICU $major root could not be made again (reason above)" >&2
        exit 1
    fi
    copy=$root/src/errorformatter
    mkdir -p "$copy"
    (cd "$tree" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) \
        | tar -xf - -C "$copy"
    if ! in_root "$capabilities"; then
        echo "test-icu: FAIL: a new ICU $major root still lacks the above: tools/icu-root/make-root.sh's" \
             "package list must name what provides it" >&2
        exit 1
    fi
fi

echo "test-icu: ICU $major root $root, toolchain $toolchain, targets: $targets"
# The suites use the Debian packages of the root (make-root.sh lists them): the setup step of
# make gets empty package lists, so it neither installs into the cached root nor reaches PyPI,
# and build/venv is a venv over the system Python of the root. The Swift suites run on the
# root's own ICU data (SWIFT_TEST_ICU_DATA=system): the packages ship trimmed data of the host's
# ICU only, and this run is about the root's.
in_root "
    cd /src/errorformatter && mkdir -p build &&
    if [ ! -f build/venv/installed ]; then
        rm -rf build/venv && python3 -m venv --system-site-packages build/venv &&
        : > build/venv-requirements.txt && touch build/venv/installed
    fi &&
    nice make ICU=system SWIFT_TEST_ICU_DATA=system APT_PACKAGES= PIP_PACKAGES= $targets"
