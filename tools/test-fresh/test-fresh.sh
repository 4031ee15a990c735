#!/bin/sh
# What a brand-new machine's first `make test` does, run on this one: `.ci/run` in a clean clone
# of HEAD, with every cache the build keeps outside the clone pointing to an empty directory.
#
#   test-fresh.sh [WORK]      WORK defaults to build/fresh; the log is WORK/fresh.log
#
# The caches made empty: XDG_CACHE_HOME (the position-independent ICU build, the Debian 11 and
# Debian 13 roots, the ABI gate's release libraries, pip's downloads) and npm's cache. Everything
# else the suites write stays inside the clone (build/, .build/: Go's and Cargo's caches, the
# venv). What this cannot undo is the system itself: Debian packages a first run installs stay
# installed, so on a machine that ran make before, their download and installation are not
# counted.
#
# Each line of the log carries the minutes and seconds since the start; make runs with --trace,
# and at the end the recipes that took 20 s or more are listed, in the order they ran, with the
# time each took (a recipe runs from its trace line to the next one).
# Exit status: .ci/run's.
set -eu

tree=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$tree/build/fresh}
case $work in /*) ;; *) work=$(pwd)/$work ;; esac

rm -rf "$work"
mkdir -p "$work/cache" "$work/npm-cache"
git clone -q "$tree" "$work/errorformatter"
echo "test-fresh: a clean clone of $(git -C "$tree" rev-parse --short HEAD) in $work/errorformatter" \
     "(uncommitted changes are not in it)"
if [ -d "$tree/../shared" ]; then
    ln -s "$(cd "$tree/../shared" && pwd)" "$work/shared"
else
    echo "test-fresh: no ../shared beside the tree: the suites that read it will skip"
fi

log=$work/fresh.log
status_file=$work/status
echo "test-fresh: running .ci/run with empty caches; log: $log"
(
    cd "$work/errorformatter"
    status=0
    env XDG_CACHE_HOME="$work/cache" npm_config_cache="$work/npm-cache" MAKEFLAGS=--trace \
        bash .ci/run || status=$?
    echo "$status" > "$status_file"
) 2>&1 | python3 "$tree/tools/test-fresh/timeline.py" "$log"
status=$(cat "$status_file")
echo "test-fresh: .ci/run exited $status"
exit "$status"
