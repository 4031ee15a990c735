#!/bin/sh
# run_release_suite.sh -- runs an earlier release's C test suite on this library and passes when
# every failure it reports is one listed, with its reason, in KNOWN (the behaviour a later
# release changes on purpose, e.g. the version number it reports).
#
# usage: run_release_suite.sh KNOWN COMMAND [ARGUMENT...]
# A crash, a valgrind error (a group that does not finish) or any other failure fails the run.
set -u
known=$1
shift
output=$(mktemp)
trap 'rm -f "$output"' EXIT

"$@" > "$output" 2>&1
status=$?
# Shown indented: the release's own closing line ("N passed, N failed") is not this run's.
sed 's/^/    release suite | /' "$output"
# The suite names files as its compiler saw them; compare from Tests/C/ on.
found=$(grep '^FAIL' "$output" | sed 's|^FAIL .*\(Tests/C/\)|FAIL \1|' | sort -u)
allowed=$(grep '^FAIL' "$known" | sort -u)
unexpected=$(printf '%s\n' "$found" | grep . | grep -vxF -f "$known")
if [ -n "$unexpected" ]; then
    echo "run_release_suite: failures not listed in $known:"
    printf '%s\n' "$unexpected" | sed 's/^/  /'
    exit 1
fi
summary=$(tail -n 1 "$output")
case "$summary" in
    *" passed, "*" failed") ;;
    *) echo "run_release_suite: the suite did not finish (exit status $status)"; exit 1 ;;
esac
echo "run_release_suite: $(printf '%s\n' "$found" | grep -c .) listed failure(s) of $(printf '%s\n' "$allowed" | grep -c .) known, nothing else"
