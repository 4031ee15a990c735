#!/bin/sh
# Lists, for every ELF file in each wheel or tarball given, the highest version it needs of each
# versioned dependency (GLIBC, GLIBCXX, CXXABI, GCC) and the libraries it names, and fails when
# one is above manylinux_2_28's floor or names a library outside manylinux's list (ICU, the Swift
# runtime, libstdc++ are meant to be inside the file). The floor is auditwheel's policy for
# manylinux_2_28 x86_64: GLIBC_2.28, GLIBCXX_3.4.24, CXXABI_1.3.11, GCC_7.0.0.
#
# A library that the artifact itself carries (the Node addon's and the JNI glue's
# liberrorformatter.so.1) may be named too.
#
# usage: check_symbol_versions.sh <wheel.whl | tarball.tar.gz | npm package.tgz | jar>...
set -eu

fail() { echo "check_symbol_versions: FAIL: $*" >&2; exit 1; }
[ $# -gt 0 ] || fail "usage: check_symbol_versions.sh <wheel | tarball>..."
command -v readelf >/dev/null || fail "readelf is not installed (apt-get install binutils)"

# The libraries a manylinux_2_28 file may name (auditwheel's list, less the X11/GL/GLib ones no
# file here should need), and the dynamic loader.
allowed_libraries=" libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1 libgcc_s.so.1 "
allowed_libraries="$allowed_libraries libutil.so.1 libresolv.so.2 ld-linux-x86-64.so.2 libstdc++.so.6 "
allowed_libraries="$allowed_libraries libz.so.1 libatomic.so.1 "
limit() {
    case $1 in
        GLIBC) echo 2.28 ;; GLIBCXX) echo 3.4.24 ;; CXXABI) echo 1.3.11 ;; GCC) echo 7.0.0 ;;
        EF) echo own ;;  # liberrorformatter's own version nodes (EF_1, EF_1.1): carried inside
        *) echo "" ;;
    esac
}
# a <= b for dotted versions
version_le() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
problems=0
files=0
for artifact in "$@"; do
    [ -f "$artifact" ] || fail "no file at $artifact"
    unpacked="$work/$(basename "$artifact")"
    mkdir -p "$unpacked"
    case $artifact in
        *.whl | *.jar) python3 -m zipfile -e "$artifact" "$unpacked" ;;
        *.tar.gz | *.tgz) tar -C "$unpacked" -xzf "$artifact" ;;
        *) fail "$artifact is not a wheel, a jar or a .tar.gz/.tgz" ;;
    esac
    # The names the artifact's own libraries answer to (file names and sonames).
    carried=" "
    for file in $(find "$unpacked" -type f | LC_ALL=C sort); do
        [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = "177ELF" ] || continue
        soname=$(readelf -d -W "$file" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
        carried="$carried$(basename "$file") $soname "
    done
    echo "== $(basename "$artifact")"
    found=0
    for file in $(find "$unpacked" -type f | LC_ALL=C sort); do
        [ "$(head -c 4 "$file" | od -An -c | tr -d ' ')" = "177ELF" ] || continue
        found=$((found + 1))
        name=${file#"$unpacked"/}
        # "  0x0010:   Name: GLIBC_2.2.5  Flags: none  Version: 3" -> GLIBC 2.2.5
        highest=$(readelf -V -W "$file" | sed -n 's/.*Name: \([A-Z]*\)_\([0-9][0-9.]*\) .*/\1 \2/p' |
                  sort -k1,1 -k2,2V | awk '{ top[$1] = $2 } END { for (k in top) print k, top[k] }' | sort)
        needed=$(readelf -d -W "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
        echo "$name"
        echo "    needs:    $(echo "$highest" | awk '{ printf "%s_%s  ", $1, $2 }')"
        echo "    libraries: $needed"
        echo "$highest" | while read -r kind version; do
            [ -n "$kind" ] || continue
            floor=$(limit "$kind")
            if [ "$floor" = own ]; then
                continue
            elif [ -z "$floor" ]; then
                echo "    ABOVE: ${kind}_$version is not a manylinux_2_28 version set"; exit 1
            elif ! version_le "$version" "$floor"; then
                echo "    ABOVE: ${kind}_$version > ${kind}_$floor"; exit 1
            fi
        done || problems=$((problems + 1))
        for library in $needed; do
            case "$allowed_libraries$carried" in
                *" $library "*) ;;
                *) echo "    OUTSIDE: $library is not on manylinux_2_28's list"; problems=$((problems + 1)) ;;
            esac
        done
    done
    [ "$found" -gt 0 ] || fail "$(basename "$artifact") holds no ELF file"
    files=$((files + found))
done
[ "$problems" -eq 0 ] || fail "$problems problem(s) above: the artifacts need more than manylinux_2_28"
echo "symbol versions: $files ELF file(s), all within manylinux_2_28 (GLIBC_2.28, GLIBCXX_3.4.24, CXXABI_1.3.11, GCC_7.0.0)"
