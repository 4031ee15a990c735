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
path_inside=$toolchain/usr/bin:/usr/local/bin:/usr/bin:/bin
echo "test-icu: ICU $major root $root, toolchain $toolchain, targets: $targets"
exec unshare --mount --propagation private sh -eu -c '
    root=$1 toolchain=$2 shared=$3 targets=$4 path_inside=$5
    mkdir -p "$root$toolchain" "$root/proc" "$root/dev" "$root/src/shared"
    mount --bind "$toolchain" "$root$toolchain"
    mount -o remount,bind,ro "$root$toolchain"
    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    if [ -d "$shared" ]; then
        mount --bind "$shared" "$root/src/shared"
        mount -o remount,bind,ro "$root/src/shared"
    fi
    # The suites use the Debian packages of the root (make-root.sh lists them): the setup step of
    # make gets empty package lists, so it neither installs into the cached root nor reaches
    # PyPI, and build/venv is a venv over the system Python of the root.
    exec chroot "$root" /usr/bin/env -i PATH="$path_inside" HOME=/root LANG=C.UTF-8 sh -c "
        cd /src/errorformatter && mkdir -p build &&
        if [ ! -f build/venv/installed ]; then
            rm -rf build/venv && python3 -m venv --system-site-packages build/venv &&
            : > build/venv-requirements.txt && touch build/venv/installed
        fi &&
        nice make ICU=system APT_PACKAGES= PIP_PACKAGES= $targets"
' run-in-root "$root" "$toolchain" "$shared" "$targets" "$path_inside"
