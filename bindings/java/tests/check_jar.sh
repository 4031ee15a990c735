#!/bin/sh
# The jar as a JVM user gets it: a program in a clean directory, compiled and run with only the
# jar on its class path, no -Djava.library.path, a clean environment and (where a mount
# namespace can be made) the system's ICU hidden, formats an error and shows that the native
# code it runs is the jar's: liberrorformatter and ICU mapped from the private directory the
# jar extracted them to, already deleted.
#
# usage: check_jar.sh <jar> <catalog dir>          (both absolute)
# environment: JAVAC, JAVA, JAR (default javac, java, jar); run from the project root.
set -eu

jar=$1
catalog=$2
JAVAC=${JAVAC:-javac}
JAVA=$(readlink -f "$(command -v "${JAVA:-java}")")
root=$(pwd)
fail() { echo "check_jar: FAIL: $*" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$jar" "$work/errorformatter.jar"
echo "== $(basename "$jar"): $(du -k "$jar" | cut -f1) KiB"

cat > "$work/Check.java" <<'JAVA'
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.errorformatter.Catalog;
import org.errorformatter.Field;
import org.errorformatter.FormattedError;

public final class Check {
    public static void main(String[] arguments) throws Exception {
        // UTF-8 whatever the (empty) environment says the locale is.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        try (Catalog catalog = Catalog.open(Path.of(arguments[0]))) {
            FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("zh-TW"));
            out.println(shown.title() + "|" + shown.message() + "|" + shown.button() + "|"
                    + shown.provenance(Field.TITLE).locale());
        }
        // Which files the process mapped the native code from.
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            if (line.contains("liberrorformatter") || line.contains("libicu")) {
                out.println("mapped " + line.substring(line.indexOf('/')));
            }
        }
    }
}
JAVA
(cd "$work" && "$JAVAC" -cp errorformatter.jar -d . Check.java) || fail "Check.java does not compile against the jar"

expected="位置不明|無法取得準確的定位。是在長隧道裡嗎？|OK|zh-Hant"
run() {
    (cd "$work" && "$@" env -i PATH=/usr/bin:/bin "$JAVA" -cp errorformatter.jar:. Check "$catalog") > "$work/out.txt" 2>&1
}
status=0
run sh "$root/Tests/packaging/without_system_icu.sh" || status=$?
case $status in
    0) echo "check_jar: ran with the system's ICU hidden" ;;
    77) echo "check_jar: system ICU not hidden (no mount namespace here); running with it visible"
        run || { cat "$work/out.txt"; fail "the program did not run"; } ;;
    *) cat "$work/out.txt"; fail "the program does not run from the jar" ;;
esac
[ "$(head -n 1 "$work/out.txt")" = "$expected" ] || { cat "$work/out.txt"; fail "expected $expected"; }
# Every library the jar lists (the glue, liberrorformatter and whatever ICU the tarball bundles).
mkdir "$work/listing"
(cd "$work/listing" && "${JAR:-jar}" --extract --file "$work/errorformatter.jar" native)
libraries=$(cat "$work"/listing/native/*/files.txt)
rm -rf "$work/listing"
for library in $libraries; do
    line=$(grep -F "$library" "$work/out.txt" | head -n 1)
    [ -n "$line" ] || { cat "$work/out.txt"; fail "$library is not mapped"; }
    case $line in
        *"/errorformatter-"*"/$library"*"(deleted)"*) ;;
        *) cat "$work/out.txt"; fail "$library is not the jar's (extracted and deleted): $line" ;;
    esac
done
[ -z "$(ls -A "$work" | grep -v -e '^errorformatter.jar$' -e '^Check' -e '^out.txt$')" ] \
    || fail "the run left files in its directory: $(ls -A "$work")"
echo "check_jar: the jar formats with only itself on the class path, from its own native code"
