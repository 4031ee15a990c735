#!/bin/sh
# check_api.sh -- the ErrorFormatter module's public Swift API is exactly the checked-in baseline.
#
# usage: check_api.sh MODULES_DIR BASELINE          compare (exit 1 with a diff on any change)
#        check_api.sh MODULES_DIR BASELINE --update accept the current API as the new baseline
#
# MODULES_DIR holds the built ErrorFormatter.swiftmodule (SwiftPM's <scratch>/<config>/Modules).
# The toolchain's swift-api-digester dumps the module's public declarations (`package` and
# internal ones are left out), and api_listing.py turns the dump into one sorted line per
# declaration. This is the Swift side of what Tests/C/check_symbols.sh does for the C symbols:
# a public declaration added, removed or changed is a decision to make on purpose.
set -eu

modules=$1
baseline=$2
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
"$PYTHON" "$here/api_listing.py" "$scratch/dump.json" > "$scratch/current.txt"
if [ ! -s "$scratch/current.txt" ]; then
    echo "check_api: the dump of $modules lists no public declaration" >&2
    exit 1
fi

if [ "${3:-}" = "--update" ]; then
    cp "$scratch/current.txt" "$baseline"
    echo "api: baseline $baseline updated ($(wc -l < "$baseline") declarations)"
    exit 0
fi

if ! diff -u "$baseline" "$scratch/current.txt" > "$scratch/diff"; then
    echo "check_api: the public Swift API differs from $baseline (- baseline, + now):"
    tail -n +3 "$scratch/diff" | grep '^[-+]'
    echo "If the change is intended, accept it with: make api-baseline (and commit the file)"
    exit 1
fi
echo "api: $(wc -l < "$baseline") public declarations, as in $baseline"
