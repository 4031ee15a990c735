#!/bin/sh
# Builds ICU's common and i18n libraries as static, position-independent archives with hidden
# symbols, from Debian's source package `icu`, into a cache directory outside the clone.
#
# usage: build_static_icu.sh CACHE_ROOT      (prints the prefix: CACHE_ROOT/icu-<version>-pic-<key>)
#
# The prefix holds lib/libicuuc.a, lib/libicui18n.a and include/unicode/. It is keyed by the ICU
# version and a hash of this script, the flags, configure options and compilers' versions (not
# their names: cc and gcc are one compiler), so a change to one builds anew
# beside the old one, and a prefix that exists is reused as it is (a build takes a quarter of an
# hour on two cores; a reuse, nothing). Linked into liberrorformatter.so.1 and kept local there
# by the version script, this ICU can never meet another ICU loaded in the same process.
#
# The source comes from the distribution's own archive: the deb-src twin of each `deb` source of
# /etc/apt, written to a private sources list and lists directory, so the system's apt
# configuration and package lists are left as they are. ICU's data is not built here: the
# library links its own trimmed copy (packaging/icu/trim_icu_data.py).
#
# Environment: CC, CXX (default cc, c++), ICU_SOURCE_VERSION (default 72.1), JOBS.
set -eu

cache_root=${1:?usage: build_static_icu.sh CACHE_ROOT}
version=${ICU_SOURCE_VERSION:-72.1}
cc=${CC:-cc}
cxx=${CXX:-c++}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# -fPIC: the archives go into a shared object. -fvisibility=hidden and U_STATIC_IMPLEMENTATION
# (which empties ICU's export attributes): nothing of ICU is exported even before the version
# script. Sections per function let the linker keep only what the library reaches.
cflags="-O2 -fPIC -fvisibility=hidden -ffunction-sections -fdata-sections"
cxxflags="$cflags -fvisibility-inlines-hidden -std=c++17"
cppflags="-DU_STATIC_IMPLEMENTATION -DU_USING_ICU_NAMESPACE=0"

configure_options="--enable-static --disable-shared --disable-tests --disable-samples --disable-extras
 --disable-icuio --disable-layoutex --with-data-packaging=archive"
key=$(printf '%s\n' "$version" "$(sha256sum < "$0")" "$cflags" "$cxxflags" "$cppflags" "$configure_options" \
          "$($cc -dumpmachine) $($cc -dumpversion) $($cxx -dumpversion)" | sha256sum | cut -c1-12)
prefix="$cache_root/icu-$version-pic-$key"

if [ -f "$prefix/lib/libicuuc.a" ] && [ -f "$prefix/lib/libicui18n.a" ]; then
    echo "$prefix"
    exit 0
fi

# The work directory sits beside the prefix and survives a failed or interrupted run, so that the
# next run resumes the compilation instead of starting over; a finished build removes it.
work="$prefix.work"
mkdir -p "$work"

# ---- the source package, through a private apt configuration (a resumed run keeps the tree it
# has: the build directory was configured with it)
fetch_source() {
    apt_dir="$work/apt"
    rm -rf "$apt_dir" "$work/src"
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/parts" "$work/src"
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] && sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$file"
    done > "$apt_dir/sources.list"
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        # deb822: each stanza whose Types has `deb` gets deb-src as well.
        sed 's/^Types:.*\bdeb\b.*/Types: deb-src/' "$file" > "$apt_dir/parts/$(basename "$file")"
    done
    apt_options="-o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=$apt_dir/parts
     -o Dir::State::Lists=$apt_dir/lists -o Dir::Cache::Archives=$apt_dir/archives
     -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o APT::Sandbox::User=root -qq"
    echo "build_static_icu: fetching the source package icu ($version) into $work" >&2
    # shellcheck disable=SC2086 # the options are words on purpose
    apt-get $apt_options update >&2
    # shellcheck disable=SC2086
    (cd "$work/src" && apt-get $apt_options source --download-only "icu" >&2)
    orig=$(ls "$work/src"/icu_"$version"*.orig.tar.* 2>/dev/null | head -n 1)
    if [ -z "$orig" ]; then
        echo "build_static_icu: the source package offered no ICU $version:" >&2
        ls "$work/src" >&2
        exit 1
    fi
    tar -C "$work/src" -xf "$orig"
}
[ -f "$work/src/icu/source/configure" ] || fetch_source
source_dir="$work/src/icu/source"

# ---- configure and build the two libraries (no tools, data, tests or samples)
mkdir -p "$work/build/lib" "$work/build/bin"
(
    cd "$work/build"
    [ -f config.status ] || CC="$cc" CXX="$cxx" CFLAGS="$cflags" CXXFLAGS="$cxxflags" CPPFLAGS="$cppflags" \
        "$source_dir/configure" --prefix="$prefix" $configure_options > configure.log 2>&1 \
        || { tail -n 40 configure.log >&2; exit 1; }
    echo "build_static_icu: building libicuuc.a and libicui18n.a (jobs: $jobs)" >&2
    make -j"$jobs" -C common > make-common.log 2>&1 || { tail -n 40 make-common.log >&2; exit 1; }
    make -j"$jobs" -C i18n > make-i18n.log 2>&1 || { tail -n 40 make-i18n.log >&2; exit 1; }
)

# ---- install into the cache atomically: a half-built prefix is never taken for a whole one
staging="$prefix.partial.$$"
rm -rf "$staging"
mkdir -p "$staging/lib" "$staging/include/unicode"
cp "$work/build/lib/libicuuc.a" "$work/build/lib/libicui18n.a" "$staging/lib/"
cp "$source_dir"/common/unicode/*.h "$source_dir"/i18n/unicode/*.h "$staging/include/unicode/"
cp "$source_dir/../LICENSE" "$staging/LICENSE"
rm -rf "$prefix"
mv "$staging" "$prefix"
rm -rf "$work"
echo "$prefix"
