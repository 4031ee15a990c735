#!/bin/sh
# check_api.sh -- the ErrorFormatter module's Swift surfaces are exactly the checked-in baselines.
#
# usage: check_api.sh MODULES_DIR PUBLIC_BASELINE PACKAGE_BASELINE            compare (exit 1 with
#                                                                             a diff on any change)
#        check_api.sh MODULES_DIR PUBLIC_BASELINE PACKAGE_BASELINE --update   accept both as they are
#
# MODULES_DIR holds the built ErrorFormatter.swiftmodule (SwiftPM's <scratch>/<config>/Modules).
# The toolchain's swift-api-digester dumps the module's public and `package` declarations
# (internal ones are left out), and api_listing.py turns the dump into two sorted listings of one
# line per declaration: the public surface, which a Swift user of the `ErrorFormatter` product
# can name, and the `package` surface, which only this package's targets (the C layer, errfmt,
# the tests) can name. This is the Swift side of what Tests/C/check_symbols.sh does for the C
# symbols: a declaration added to, removed from or changed in either surface, or moved from one
# to the other, is a decision to make on purpose.
set -eu

modules=$1
public_baseline=$2
package_baseline=$3
here=$(dirname "$0")
PYTHON=${PYTHON:-python3}
SWIFT_API_DIGESTER=${SWIFT_API_DIGESTER:-swift-api-digester}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if [ ! -f "$modules/ErrorFormatter.swiftmodule" ]; then
    echo "check_api: no ErrorFormatter.swiftmodule in $modules (build the library first)" >&2
    exit 1
fi
# Found beside `swift` when it is not on PATH itself (toolchains install it there).
if ! command -v "$SWIFT_API_DIGESTER" >/dev/null 2>&1; then
    SWIFT_API_DIGESTER=$(dirname "$(command -v swift)")/swift-api-digester
fi

"$SWIFT_API_DIGESTER" -dump-sdk -module ErrorFormatter -I "$modules" -I "$here/../../Sources/CICU" -I "$here/../../Sources/CCRC32C" \
    -avoid-location -avoid-tool-args -o "$scratch/dump.json"

failed=0
for surface in public package; do
    if [ "$surface" = public ]; then baseline=$public_baseline; else baseline=$package_baseline; fi
    "$PYTHON" "$here/api_listing.py" "$scratch/dump.json" "$surface" > "$scratch/$surface.txt"
    if [ ! -s "$scratch/$surface.txt" ]; then
        echo "check_api: the dump of $modules lists no $surface declaration" >&2
        exit 1
    fi
    if [ "${4:-}" != "--update" ] && [ ! -f "$baseline" ]; then
        echo "check_api: no baseline $baseline (accept the $surface surface with: make api-baseline)"
        failed=1
    elif [ "${4:-}" = "--update" ]; then
        cp "$scratch/$surface.txt" "$baseline"
        echo "api: baseline $baseline updated ($(wc -l < "$baseline") $surface declarations)"
    elif ! diff -u "$baseline" "$scratch/$surface.txt" > "$scratch/$surface.diff"; then
        echo "check_api: the $surface Swift surface differs from $baseline (- baseline, + now):"
        tail -n +3 "$scratch/$surface.diff" | grep '^[-+]' || true
        failed=1
    else
        echo "api: $(wc -l < "$baseline") $surface declarations, as in $baseline"
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "If the change is intended, accept it with: make api-baseline (and commit the files)"
    exit 1
fi
