#!/bin/sh
# The Go binding as a Go user installs it, against the relocatable tarball (ICU=bundled): the
# tarball unpacked into a clean directory, a program of its own module requiring
# github.com/errorformatter/errorformatter-go through a replace to a copy of bindings/go, built
# offline with the library found through PKG_CONFIG_PATH alone, then run with a clean
# environment (and the system's ICU hidden where a mount namespace can be made) formats an error.
#
# usage: check_go_install.sh <tarball> <work directory (emptied)> <catalog dir>
# environment: GO (default go), GOCACHE (where Go keeps its build cache); run from the project root.
set -eu

tarball=$1
work=$2
catalog=$3
GO=${GO:-go}
root=$(pwd)
fail() { echo "check_go_install: FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/unpacked" "$work/app"
tar -C "$work/unpacked" -xzf "$tarball"
tree=$(echo "$work"/unpacked/errorformatter-*)
[ -d "$tree/lib/pkgconfig" ] || fail "no lib/pkgconfig in $tarball"
cp -R "$root/bindings/go" "$work/errorformatter-go"

cat > "$work/app/go.mod" <<'EOF'
module example.com/app

go 1.19

require github.com/errorformatter/errorformatter-go v0.0.0

replace github.com/errorformatter/errorformatter-go => ../errorformatter-go
EOF
cat > "$work/app/main.go" <<'EOF'
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

func main() {
	catalog, err := errorformatter.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer catalog.Close()
	shown, err := catalog.Format(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 0}, "zh-TW")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_, missing := errorformatter.Open(os.Args[1] + "/no-such-directory")
	fmt.Printf("%s|%s|%s|%v\n", shown.Title, shown.Provenance[errorformatter.Title].Locale,
		errorformatter.LibraryVersion(), errors.Is(missing, fs.ErrNotExist))
}
EOF

# GOPATH in the work directory: the module cache a Go user would have, empty and offline.
(cd "$work/app" && env GOPATH="$work/gopath" GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GOENV=off \
    GOTOOLCHAIN=local CGO_ENABLED=1 PKG_CONFIG_PATH="$tree/lib/pkgconfig" \
    CGO_LDFLAGS="-Wl,-rpath,$tree/lib" "$GO" build -o app .) || fail "go build against the tarball"
ldd "$work/app/app" | grep -F liberrorformatter | grep -F "$tree/lib/" >/dev/null \
    || fail "the program does not load the tarball's liberrorformatter: $(ldd "$work/app/app")"

status=0
sh "$root/Tests/packaging/without_system_icu.sh" env -i PATH=/usr/bin:/bin \
    "$work/app/app" "$catalog" > "$work/output.txt" || status=$?
case $status in
    0) hidden="the system's ICU hidden" ;;
    77) hidden="the system's ICU visible (no mount namespace here)"
        env -i PATH=/usr/bin:/bin "$work/app/app" "$catalog" > "$work/output.txt" \
            || fail "the program did not run" ;;
    *) fail "the program does not run without the system's ICU" ;;
esac
expected="位置不明|zh-Hant|$(sed -n 's/^Version: //p' "$tree/lib/pkgconfig/errorformatter.pc")|true"
[ "$(cat "$work/output.txt")" = "$expected" ] \
    || fail "printed '$(cat "$work/output.txt")', expected '$expected'"
echo "go install: a module requiring the binding built offline against $(basename "$tarball") and formatted ($hidden)"
