#!/bin/sh
# check_nodes.sh -- runs programs that each need one version node (needs_node.c) on one library
# and checks that the library refuses, when the program starts, exactly those whose node it does
# not define, and runs the others.
#
# usage: check_nodes.sh LIBDIR EXPORTS_MAP CATALOG SCRATCH PROGRAM...
#   LIBDIR       the directory holding the library's liberrorformatter.so.1
#   EXPORTS_MAP  the version script that library was linked with: the nodes it defines
#   CATALOG      the example catalog the programs open (Examples/CoreLocation)
#   SCRATCH      a directory for the programs' files and outputs
#   PROGRAM      needs-<node> programs, each named after the node it needs (needs-EF_1.2)
# A refusal must come from the dynamic loader naming the node; a program that runs must print
# "started" and the example's French title, and exit 0.
set -u
libdir=$1
map=$2
catalog=$3
scratch=$4
shift 4
nodes=$(sed -n 's/^\(EF_[0-9.]*\) {.*/\1/p' "$map")
if [ -z "$nodes" ]; then
    echo "check_nodes: no version node in $map"
    exit 1
fi
expected=$(printf 'started\nErreur')
failed=0
for program in "$@"; do
    node=${program##*/needs-}
    status=0
    LD_LIBRARY_PATH=$libdir "$program" "$catalog" "$scratch" > "$scratch/out" 2> "$scratch/err" || status=$?
    if printf '%s\n' "$nodes" | grep -qxF "$node"; then
        if [ $status -eq 0 ] && [ "$(cat "$scratch/out")" = "$expected" ]; then
            echo "check_nodes: a program that needs $node runs"
        else
            echo "check_nodes: a program that needs $node, which this library defines, did not run (status $status):"
            cat "$scratch/out" "$scratch/err" | sed 's/^/    /'
            failed=1
        fi
    elif [ $status -ne 0 ] && ! grep -q started "$scratch/out" && grep -qF "version \`$node' not found" "$scratch/err"; then
        echo "check_nodes: a program that needs $node is refused when it starts: $(cat "$scratch/err")"
    else
        echo "check_nodes: a program that needs $node, which this library lacks, was not refused at load time (status $status):"
        cat "$scratch/out" "$scratch/err" | sed 's/^/    /'
        failed=1
    fi
done
exit $failed
