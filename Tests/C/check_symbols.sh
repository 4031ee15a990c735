#!/bin/sh
# check_symbols.sh -- the shared library exports exactly the functions the header declares.
#
# usage: check_symbols.sh <include/errorformatter.h> <liberrorformatter.so>
#
# Declared: every identifier followed by '(' in the preprocessed header (declarations only: the
# header defines no functions, and its function-like macros disappear in preprocessing).
# Exported: global symbols of `nm -D --defined-only`; the only other globals allowed are the ELF
# version nodes EF_<major> and EF_<major>.<minor> (absolute symbols). A function declared but not
# exported is exactly what `@_cdecl @implementation` cannot catch, hence this check.
#
# Versions: each function must be in the version node of the release its `@since` names
# (`@since 1.0` -> EF_1, `@since 1.1` -> EF_1.1), so that a program using a newer function is
# refused at load time by an older library. The nodes found must be exactly those releases'.
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
nm -D --defined-only --with-symbol-versions "$library" \
    | awk '$2 ~ /^[A-Z]$/ { name = $3; sub(/@.*/, "", name); print $2, name }' > "$scratch/globals"
# name node, for every exported function
nm -D --defined-only --with-symbol-versions "$library" \
    | awk '$2 ~ /^[A-Z]$/ && $2 != "A" { split($3, part, "@+"); print part[1], part[2] }' \
    | sort -u > "$scratch/exported-nodes"
# name node, for every declared function: the node of the nearest `@since` above it
awk -v major="$major" '
    /@since [0-9]+\.[0-9]+/ { match($0, /@since [0-9]+\.[0-9]+/); since = substr($0, RSTART + 7, RLENGTH - 7) }
    /^[[:space:]]*(\*|\/\*|#)/ { next }
    match($0, /ef_[a-z0-9_]+[[:space:]]*\(/) {
        name = substr($0, RSTART, RLENGTH); sub(/[[:space:]]*\($/, "", name)
        split(since, v, "."); node = (v[2] == 0) ? "EF_" v[1] : "EF_" v[1] "." v[2]
        print name, node
    }' "$header" | sort -u > "$scratch/declared-nodes"
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
wrong_nodes=$(comm -3 "$scratch/declared-nodes" "$scratch/exported-nodes")
if [ -n "$wrong_nodes" ] && [ -z "$missing$extra" ]; then
    echo "version nodes that disagree with @since (left: the header's, right: the library's):"
    echo "$wrong_nodes" | sed 's/^/  /'
    status=1
fi
expected_nodes=$(awk '{ print $2 }' "$scratch/declared-nodes" | sort -u | tr '\n' ' ')
if [ "$(tr '\n' ' ' < "$scratch/nodes")" != "$expected_nodes" ]; then
    echo "version nodes: expected $expected_nodes found: $(tr '\n' ' ' < "$scratch/nodes")"
    status=1
fi
echo "symbols: $(wc -l < "$scratch/declared") declared, $(wc -l < "$scratch/exported") exported," \
     "$(echo "$missing" | grep -c .) missing, $(echo "$extra" | grep -c .) undeclared;" \
     "nodes $(tr '\n' ' ' < "$scratch/nodes")"
exit $status
