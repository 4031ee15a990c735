#!/bin/sh
# check_symbols.sh -- the shared library exports exactly the functions the header declares.
#
# usage: check_symbols.sh <include/errorformatter.h> <liberrorformatter.so>
#
# Declared: every identifier followed by '(' in the preprocessed header (declarations only: the
# header defines no functions, and its function-like macros disappear in preprocessing).
# Exported: global symbols of `nm -D --defined-only`; the only other global allowed is the ELF
# version node EF_<major> (an absolute symbol). A function declared but not exported is exactly
# what `@_cdecl @implementation` cannot catch, hence this check.
set -eu

header=$1
library=$2
CC=${CC:-cc}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

major=$(sed -n 's/^#define EF_VERSION_MAJOR \([0-9][0-9]*\)$/\1/p' "$header")
[ -n "$major" ] || { echo "check_symbols: no EF_VERSION_MAJOR in $header" >&2; exit 1; }

"$CC" -E -P -x c "$header" | grep -oE '\bef_[a-z0-9_]+[[:space:]]*\(' \
    | sed 's/[[:space:](]//g' | sort -u > "$scratch/declared"
nm -D --defined-only "$library" | awk '$2 ~ /^[A-Z]$/ { sub(/@.*/, "", $3); print $2, $3 }' \
    > "$scratch/globals"
awk '$1 != "A" { print $2 }' "$scratch/globals" | sort -u > "$scratch/exported"
awk '$1 == "A" { print $2 }' "$scratch/globals" | sort -u > "$scratch/nodes"

status=0
if [ ! -s "$scratch/declared" ]; then
    echo "check_symbols: found no declarations in $header" >&2
    status=1
fi
missing=$(comm -23 "$scratch/declared" "$scratch/exported")
extra=$(comm -13 "$scratch/declared" "$scratch/exported")
if [ -n "$missing" ]; then
    echo "declared in the header but not exported:"
    echo "$missing" | sed 's/^/  /'
    status=1
fi
if [ -n "$extra" ]; then
    echo "exported but not declared in the header:"
    echo "$extra" | sed 's/^/  /'
    status=1
fi
if [ "$(cat "$scratch/nodes")" != "EF_$major" ]; then
    echo "version nodes: expected EF_$major, found: $(tr '\n' ' ' < "$scratch/nodes")"
    status=1
fi
echo "symbols: $(wc -l < "$scratch/declared") declared, $(wc -l < "$scratch/exported") exported," \
     "$(echo "$missing" | grep -c .) missing, $(echo "$extra" | grep -c .) undeclared"
exit $status
