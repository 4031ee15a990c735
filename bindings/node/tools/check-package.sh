#!/bin/sh
# check-package.sh -- the npm package as a Node user installs it: `npm install <tgz>` into an
# empty project (no network, no build), then the project's copy of the Node demo must print the
# C demo's records, run with a clean environment and with the system's ICU hidden: the addon
# finds liberrorformatter and ICU inside the package, through its RUNPATH $ORIGIN.
#
# usage: check-package.sh <package .tgz> <demo.js> <cases file> <expected records> <work dir>
# environment: NPM, NODE; run from the project root.
set -eu

package=$1
demo=$2
cases=$3
expected=$4
work=$5
NPM=${NPM:-npm}
NODE=${NODE:-node}
root=$(pwd)
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/project"
cd "$work/project"
printf '{ "name": "uses-errorformatter", "version": "0.0.0", "private": true }\n' > package.json
"$NPM" install --offline --no-audit --no-fund --ignore-scripts "$package" > "$work/npm.log" 2>&1 \
    || { cat "$work/npm.log"; fail "npm install $package"; }
installed=$work/project/node_modules/errorformatter
[ -f "$installed/native/errorformatter.node" ] || fail "the package has no native/errorformatter.node"
echo "== $(basename "$package"): $(du -k "$package" | cut -f1) KiB packed, $(du -sk "$installed" | cut -f1) KiB installed"

# Every library the addon loads that is not the system's C/C++ runtime comes from the package.
ldd "$installed/native/errorformatter.node" > "$work/ldd.txt"
grep -E 'liberrorformatter|libicu' "$work/ldd.txt" | grep -vF "$installed/native/" \
    && fail "the addon resolves liberrorformatter or ICU outside the package"
grep -F 'not found' "$work/ldd.txt" && fail "the addon misses a library"

cp "$demo" "$work/project/demo.js"
status=0
sh "$root/Tests/packaging/without_system_icu.sh" env -i PATH=/usr/bin:/bin "$NODE" demo.js "$cases" \
    > "$work/records.txt" 2> "$work/records.err" || status=$?
case $status in
    0) ;;
    77) echo "check-package: system ICU not hidden (no mount namespace here); running with it visible"
        env -i PATH=/usr/bin:/bin "$NODE" demo.js "$cases" > "$work/records.txt" 2> "$work/records.err" \
            || { cat "$work/records.err"; fail "the demo did not run"; } ;;
    *) cat "$work/records.err"; fail "the installed package's demo does not run without the system ICU" ;;
esac
diff -u "$expected" "$work/records.txt" || fail "the installed package's records differ from the C demo's"
echo "check-package: npm install of $(basename "$package") formats the $(grep -c -v '^[[:space:]]' "$expected") cases as the C demo does"
