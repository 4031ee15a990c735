#!/bin/sh
# Runs a command where the system's ICU cannot be loaded: in a private mount namespace (unshare
# -rm, no privileges needed where user namespaces are allowed), every libicu* file the dynamic
# loader knows of is covered by an empty file, so loading one fails ("file too short").
#
# usage: without_system_icu.sh <command> [arguments...]
# Exits 77 without running the command when no mount namespace can be made here, or files
# cannot be mounted over in it.
set -eu

if ! unshare -rm true 2>/dev/null; then
    echo "without_system_icu: unshare -rm is not permitted here (no user namespaces)" >&2
    exit 77
fi

empty=$(mktemp)
trap 'rm -f "$empty"' EXIT
# Every ICU library known to ld.so's cache and in the usual directories, resolved to real files.
icu_files=$( { ldconfig -p 2>/dev/null | sed -n 's/.*libicu[^ ]* .*=> //p'
               ls /lib*/libicu* /usr/lib*/libicu* /usr/lib/*/libicu* /usr/local/lib*/libicu* 2>/dev/null || true; } |
             while read -r file; do readlink -f "$file"; done | sort -u)
[ -n "$icu_files" ] || { echo "without_system_icu: no system ICU found to hide" >&2; }

# shellcheck disable=SC2016
exec unshare -rm sh -c '
    empty=$1; shift
    files=$1; shift
    # A namespace without mount rights (some containers): the caller treats 77 as "could not hide".
    for file in $files; do mount --bind "$empty" "$file" 2>/dev/null || exit 77; done
    exec "$@"' without_system_icu "$empty" "$icu_files" "$@"
