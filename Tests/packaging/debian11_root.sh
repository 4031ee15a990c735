#!/bin/sh
# Makes (once per package list) a Debian 11 "bullseye" root -- glibc 2.31, Python 3.9 and pip 20.3 -- to try the
# wheel on an older system than the build's, and prints its path.
#
# usage: debian11_root.sh CACHE_ROOT          (the root is CACHE_ROOT/debian11-root)
#
# The root lives outside the clone so that every run on this machine reuses it (debootstrap fetches
# and unpacks a few hundred megabytes). It is made in a scratch directory and renamed when complete, so an
# interrupted run leaves nothing that looks usable. The mirror is the one this machine's apt
# sources name for Debian, else debootstrap's own default.
#
# Exit status: 0 the root is ready; 77 no root can be made here (no debootstrap, not root, or
# the mirror unreachable), said on stderr; anything else a real failure.
set -eu

cache_root=${1:?usage: debian11_root.sh CACHE_ROOT}
root="$cache_root/debian11-root"
ready="$root/.errorformatter-root-complete"
packages=python3,python3-pip

mirror=
for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    mirror=$(sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)\/\{0,1\}[[:space:]]*$/\1/p' "$file" | head -n 1)
    [ -n "$mirror" ] && break
done
if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
    mirror=$(sed -n 's/^deb[[:space:]]\{1,\}\([^[:space:]]*\/debian\)\/\{0,1\}[[:space:]].*/\1/p' /etc/apt/sources.list | head -n 1)
fi

# The root is reused while it was made from this suite, package list and mirror: a changed list
# makes it again, so a warm machine checks the wheel where a new machine's first run would.
stamp="bullseye $packages ${mirror:-default}"
if [ -f "$ready" ] && [ "$(cat "$ready")" = "$stamp" ]; then
    echo "$root"
    exit 0
fi
if ! command -v debootstrap >/dev/null 2>&1; then
    echo "debian11_root: debootstrap is not installed (apt-get install debootstrap)" >&2
    exit 77
fi
if [ "$(id -u)" != 0 ]; then
    echo "debian11_root: making a Debian root needs root (debootstrap)" >&2
    exit 77
fi

mkdir -p "$cache_root"
scratch="$root.partial.$$"
rm -rf "$scratch"
log="$cache_root/debian11-root.log"
echo "debian11_root: debootstrap bullseye into $root (log: $log)" >&2
# shellcheck disable=SC2086 # an empty mirror is no argument at all
if ! debootstrap --variant=minbase --include=$packages bullseye "$scratch" $mirror \
        >"$log" 2>&1; then
    rm -rf "$scratch"
    if grep -Eqi 'Failed getting release file|Temporary failure|Could not resolve|unable to connect|Connection refused|Network is unreachable' "$log"; then
        echo "debian11_root: the Debian mirror cannot be reached from here (see $log)" >&2
        exit 77
    fi
    tail -n 20 "$log" >&2
    echo "debian11_root: debootstrap failed" >&2
    exit 1
fi
echo "$stamp" >"$scratch/.errorformatter-root-complete"
rm -rf "$root"
mv "$scratch" "$root"
echo "$root"
