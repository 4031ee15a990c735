#!/bin/sh
# copy-libraries.sh LIBDIR DEST -- copies the shared libraries of LIBDIR (a tarball's lib/) into
# DEST under their sonames, as real files, with the other files beside them (licenses).
#
# An npm package holds no symbolic links, and the loader only asks for sonames
# (liberrorformatter.so.1, libicuuc.so.72): each regular file is copied once, under the name the
# loader will ask for; links (liberrorformatter.so, .so.1) and directories (pkgconfig, cmake)
# are left out.
set -eu
libdir=$1
dest=$2
mkdir -p "$dest"
for file in "$libdir"/*; do
    [ -f "$file" ] && [ ! -L "$file" ] || continue
    soname=$(readelf -d "$file" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]$/\1/p')
    cp "$file" "$dest/${soname:-$(basename "$file")}"
done
