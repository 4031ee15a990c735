"""Each target language of errfmt codegen as the suite uses it: where its toolchain and binding
are, the strict checker that must accept the generated file (and reject a wrong call), and a
driver program that calls every generated constructor and formats the error through the binding.

A driver is given the catalog and the locales on its command line and writes, for each call and
locale, four fields each ended by a NUL byte: the call's index, the locale, the title and the
message (a C string can hold any text but NUL, so the records need no escaping).
"""
from __future__ import annotations

import dataclasses
import os
import pathlib
import shutil
import subprocess
from typing import Dict, List, Optional, Sequence, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("CODEGEN_BUILD", ROOT / "build"))
LIBDIR = BUILD / "lib"
TIMEOUT = 900


@dataclasses.dataclass
class Call:
    """One constructor call: its record index, the constructor's name, and (type, literal) pairs."""
    index: int
    name: str
    arguments: List[Tuple[str, str]]


def sample(argument_type: str, position: int) -> str:
    """The literal passed for an argument: the same text in every language."""
    if argument_type == "string":
        return f'"file{position}.txt"'
    if argument_type == "int64":
        return str(2 * position - 1)
    if argument_type == "uint64":
        return str(10 + position)
    return f"{position}.5"


def calls_of(registry: dict, language: str, indices: Optional[Sequence[int]] = None) -> List[Call]:
    """The calls of every error of the registry (or of those at `indices`) with sample arguments."""
    calls = []
    errors = registry["errors"]
    for index in range(len(errors)) if indices is None else indices:
        error = errors[index]
        arguments = [(argument["type"], sample(argument["type"], argument["position"])) for argument in error["arguments"]]
        calls.append(Call(index, error["identifiers"][language], arguments))
    return calls


def run(command: Sequence[str], cwd: pathlib.Path, env: Optional[Dict[str, str]] = None,
        timeout: int = TIMEOUT) -> subprocess.CompletedProcess:
    return subprocess.run(list(command), cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True,
                          timeout=timeout)


class Language:
    """A target language: `name` is codegen's --lang, `file` the generated file's path in a work
    directory (its name is the module's: Gen.java holds class Gen)."""
    name = ""
    file = ""
    driver_file = ""

    def missing(self) -> Optional[str]:
        """Why this language cannot be checked here, or None."""
        return None

    def prepare(self, work: pathlib.Path) -> None:
        """Whatever the work directory needs besides the two sources (a module file, a crate)."""

    def expression(self, call: Call) -> str:
        raise NotImplementedError

    def driver(self, calls: List[Call]) -> Tuple[str, int]:
        """The driver's source, and the line after which further statements may be added."""
        raise NotImplementedError

    def statement(self, call: Call) -> str:
        raise NotImplementedError

    def check(self, work: pathlib.Path) -> subprocess.CompletedProcess:
        """The strict checker over the generated file and the driver (and the build of it)."""
        raise NotImplementedError

    def check_only(self, work: pathlib.Path) -> subprocess.CompletedProcess:
        """The strict checker alone, where it is quicker than `check` (which also builds)."""
        return self.check(work)

    def execute(self, work: pathlib.Path, catalog: pathlib.Path, locales: Sequence[str]) -> subprocess.CompletedProcess:
        raise NotImplementedError

    def with_statement(self, calls: List[Call], extra: str) -> Tuple[str, int]:
        """The driver with `extra` as one more statement; returns it and the statement's line."""
        source, after = self.driver(calls)
        lines = source.split("\n")
        lines.insert(after, extra)
        return "\n".join(lines), after + 1

    def tool(self, *names: str) -> Optional[str]:
        for name in names:
            if shutil.which(name) is None:
                return f"{name} is not on PATH"
        return None


def records(output: bytes) -> List[Tuple[int, str, str, str]]:
    fields = output.split(b"\0")
    if fields and fields[-1] == b"":
        fields.pop()
    assert len(fields) % 4 == 0, f"a driver wrote {len(fields)} fields"
    return [(int(fields[i]), fields[i + 1].decode(), fields[i + 2].decode(), fields[i + 3].decode())
            for i in range(0, len(fields), 4)]


# ------------------------------------------------------------------------------------------- C

class C(Language):
    name, file, driver_file = "c", "gen.h", "driver.c"
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror"]

    def missing(self):
        return self.tool(os.environ.get("CC", "cc"))

    def expression(self, call):
        arguments = "".join(f", {value}" for _, value in call.arguments)
        return f"{call.name}(&error{arguments}, NULL)"

    def statement(self, call):
        return f"    status = {self.expression(call)};\n    failures += show(catalog, status, error, {call.index}, argc, argv);"

    def driver(self, calls):
        head = """#include "gen.h"

#include <stdio.h>

static void emit(const char *text) { fputs(text, stdout); fputc(0, stdout); }

static int show(const ef_catalog *catalog, ef_status status, ef_error_info *error, int index, int argc, char **argv) {
    if (status != EF_OK) {
        fprintf(stderr, "constructor %d failed: %s\\n", index, ef_status_name(status));
        return 1;
    }
    char number[32];
    snprintf(number, sizeof number, "%d", index);
    for (int i = 2; i < argc; i++) {
        const char *locales[1] = { argv[i] };
        ef_result *result = NULL;
        if (ef_format(&result, catalog, error, locales, 1, NULL) != EF_OK) return 1;
        emit(number); emit(argv[i]); emit(ef_result_title(result)); emit(ef_result_message(result));
        ef_result_free(result);
    }
    ef_error_info_free(error);
    return 0;
}

int main(int argc, char **argv) {
    ef_catalog *catalog = NULL;
    if (argc < 2 || ef_catalog_open(&catalog, argv[1], NULL, 0, NULL) != EF_OK) return 2;
    ef_error_info *error = NULL;
    ef_status status = EF_OK;
    int failures = 0;
"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = "\n    ef_catalog_free(catalog);\n    return failures != 0;\n}\n"
        source = head + body + tail
        return source, (head + body).count("\n") + 1

    def check(self, work):
        return run([os.environ.get("CC", "cc"), *self.flags, f"-I{ROOT / 'include'}", "-I.", self.driver_file,
                    f"-L{LIBDIR}", "-lerrorformatter", f"-Wl,-rpath,{LIBDIR}", "-o", "driver"], work)

    def execute(self, work, catalog, locales):
        return run([str(work / "driver"), str(catalog), *locales], work)


# ----------------------------------------------------------------------------------------- C++

class Cpp(Language):
    name, file, driver_file = "cpp", "gen.hpp", "driver.cpp"

    def missing(self):
        return self.tool(os.environ.get("CXX", "g++"))

    def expression(self, call):
        return f"gen::{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"    show(catalog, {self.expression(call)}, {call.index}, argc, argv);"

    def driver(self, calls):
        head = """#include "gen.hpp"

#include <cstdio>
#include <string>

static void emit(const std::string &text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc(0, stdout);
}

static void show(const errorformatter::Catalog &catalog, const errorformatter::ErrorInfo &error, int index,
                 int argc, char **argv) {
    for (int i = 2; i < argc; i++) {
        errorformatter::FormattedError shown = catalog.format(error, {argv[i]});
        emit(std::to_string(index)); emit(argv[i]); emit(shown.title); emit(shown.message);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    errorformatter::Catalog catalog = errorformatter::Catalog::open(argv[1]);
"""
        body = "\n".join(self.statement(call) for call in calls)
        source = head + body + "\n    return 0;\n}\n"
        return source, (head + body).count("\n") + 1

    def check(self, work):
        return run([os.environ.get("CXX", "g++"), "-std=c++17", "-pedantic", "-Wall", "-Wextra", "-Werror",
                    f"-I{ROOT / 'include'}", f"-I{ROOT / 'bindings' / 'cpp'}", "-I.", self.driver_file,
                    f"-L{LIBDIR}", "-lerrorformatter", f"-Wl,-rpath,{LIBDIR}", "-o", "driver"], work)

    def execute(self, work, catalog, locales):
        return run([str(work / "driver"), str(catalog), *locales], work)


# --------------------------------------------------------------------------------------- Swift

class Swift(Language):
    name, file, driver_file = "swift", "Gen.swift", "main.swift"
    modules = pathlib.Path(os.environ.get("CODEGEN_SWIFT_MODULES", ROOT / ".build/release-static/release/Modules"))
    objects = pathlib.Path(os.environ.get("CODEGEN_SWIFT_OBJECTS", ROOT / ".build/release-static/release/ErrorFormatter.build"))

    def missing(self):
        if not (self.modules / "ErrorFormatter.swiftmodule").exists():
            return f"no ErrorFormatter module in {self.modules} (make lib builds it)"
        return self.tool(os.environ.get("SWIFTC", "swiftc"), "pkg-config")

    def expression(self, call):
        return f"Gen.{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"show({self.expression(call)}, {call.index})"

    def driver(self, calls):
        head = """import ErrorFormatter

let arguments = CommandLine.arguments
let catalog = try Catalog.open(path: arguments[1])
let formatter = ErrorMessageFormatter(catalog: catalog)
var output: [UInt8] = []

func show(_ error: ErrorInfo, _ index: Int) {
    for locale in arguments.dropFirst(2) {
        let shown = formatter.format(error, preferences: [locale])
        for field in [String(index), locale, shown.title, shown.message] {
            output += Array(field.utf8)
            output.append(0)
        }
    }
}

"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = "\nprint(String(decoding: output, as: UTF8.self), terminator: \"\")\n"
        return head + body + tail, (head + body).count("\n") + 1

    def command(self):
        # The core's C modules (CICU, CCRC32C, CLive...), which its module names for its importers.
        c_modules = [option for path in sorted(ROOT.glob("Sources/C*")) if (path / "module.modulemap").exists()
                     for option in ("-I", str(path))]
        return [os.environ.get("SWIFTC", "swiftc"), "-warnings-as-errors", "-I", str(self.modules), *c_modules,
                "-module-name", "Driver", self.driver_file, self.file]

    def check(self, work):
        icu = subprocess.run(["pkg-config", "--libs", "icu-i18n", "icu-uc"], capture_output=True, text=True).stdout.split()
        objects = sorted(str(path) for path in self.objects.glob("*.o"))
        return run([*self.command(), *objects, *icu, "-o", "driver"], work)

    def check_only(self, work):
        return run([*self.command(), "-typecheck"], work)

    def execute(self, work, catalog, locales):
        return run([str(work / "driver"), str(catalog), *locales], work)


# -------------------------------------------------------------------------------------- Python

class Python(Language):
    name, file, driver_file = "python", "gen.py", "driver.py"
    binding = ROOT / "bindings" / "python" / "src"

    def missing(self):
        probe = subprocess.run([os.environ.get("PYTHON", "python3"), "-m", "mypy", "--version"], capture_output=True)
        return None if probe.returncode == 0 else "mypy is not installed (make setup installs it in build/venv)"

    def environment(self):
        return {"MYPYPATH": str(self.binding), "PYTHONPATH": f"{self.binding}",
                "ERRORFORMATTER_LIBRARY": str(LIBDIR / "liberrorformatter.so.1")}

    def expression(self, call):
        return f"gen.{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"show({self.expression(call)}, {call.index})"

    def driver(self, calls):
        head = '''import sys

import errorformatter

import gen

catalog = errorformatter.Catalog.open(sys.argv[1])
output = sys.stdout.buffer


def show(error: gen.ErrorInfo, index: int) -> None:
    for locale in sys.argv[2:]:
        shown = error.format(catalog, [locale])
        for field in (str(index), locale, shown.title, shown.message):
            output.write(field.encode("utf-8") + b"\\0")


'''
        body = "\n".join(self.statement(call) for call in calls)
        return head + body + "\n", (head + body).count("\n") + 1

    def check(self, work):
        cache = BUILD / "codegen" / "mypy-cache"
        return run([os.environ.get("PYTHON", "python3"), "-m", "mypy", "--strict", "--no-error-summary",
                    "--cache-dir", str(cache), self.file, self.driver_file], work, self.environment())

    def execute(self, work, catalog, locales):
        return run([os.environ.get("PYTHON", "python3"), self.driver_file, str(catalog), *locales], work,
                   {**self.environment(), "PYTHONPATH": f"{self.binding}:{work}"})


# ---------------------------------------------------------------------------------- TypeScript

class TypeScript(Language):
    name, file, driver_file = "typescript", "gen.ts", "driver.ts"
    modules = pathlib.Path(os.environ.get("CODEGEN_NODE_MODULES", BUILD / "node" / "modules"))
    addon = pathlib.Path(os.environ.get("CODEGEN_NODE_ADDON", BUILD / "node" / "errorformatter.node"))

    def missing(self):
        if not self.addon.exists() or not (self.modules / "errorformatter").exists():
            return f"the Node.js addon is not built ({self.addon}; make test-codegen builds it)"
        return self.tool("tsc", "node")

    def expression(self, call):
        return f"gen.{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"show({self.expression(call)}, {call.index});"

    def driver(self, calls):
        head = """import { Catalog } from 'errorformatter';
import * as gen from './gen';

declare const process: { argv: string[]; stdout: { write(chunk: Uint8Array): boolean } };

const catalog = Catalog.open(process.argv[2]);
const chunks: string[] = [];

function show(error: gen.ErrorInfo, index: number): void {
  for (const locale of process.argv.slice(3)) {
    const shown = gen.format(catalog, error, [locale]);
    for (const field of [String(index), locale, shown.title, shown.message]) chunks.push(field, '\\0');
  }
}

"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = "\nprocess.stdout.write(new TextEncoder().encode(chunks.join('')));\n"
        return head + body + tail, (head + body).count("\n") + 1

    def check(self, work):
        return run(["tsc", "--strict", "--noEmitOnError", "--target", "es2020", "--lib", "es2020,dom",
                    "--module", "commonjs", "--moduleResolution", "node", "--baseUrl", str(self.modules),
                    "--outDir", "out", self.file, self.driver_file], work)

    def execute(self, work, catalog, locales):
        return run(["node", "out/driver.js", str(catalog), *locales], work,
                   {"NODE_PATH": str(self.modules), "ERRORFORMATTER_NODE_ADDON": str(self.addon)})


# ------------------------------------------------------------------------------------------ Go

class Go(Language):
    name, file, driver_file = "go", "gen/gen.go", "main.go"

    def missing(self):
        return self.tool("go", "gofmt", "pkg-config")

    def environment(self):
        go = BUILD / "go"
        return {"GOCACHE": str(go / "cache"), "GOPATH": str(go / "path"), "GOENV": "off", "GOFLAGS": "-mod=mod",
                "GOPROXY": "off", "GOSUMDB": "off", "GOTOOLCHAIN": "local", "CGO_ENABLED": "1",
                "PKG_CONFIG_PATH": str(LIBDIR / "pkgconfig"), "LD_LIBRARY_PATH": str(LIBDIR)}

    def prepare(self, work):
        (work / "go.mod").write_text(
            "module example.com/codegencheck\n\ngo 1.19\n\n"
            "require github.com/errorformatter/errorformatter-go v0.0.0\n\n"
            f"replace github.com/errorformatter/errorformatter-go => {ROOT / 'bindings' / 'go'}\n")

    def expression(self, call):
        return f"gen.{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"\tshow(catalog, {self.expression(call)}, {call.index})"

    def driver(self, calls):
        head = """package main

import (
	"bufio"
	"os"
	"strconv"

	"example.com/codegencheck/gen"
	errorformatter "github.com/errorformatter/errorformatter-go"
)

var output = bufio.NewWriter(os.Stdout)

func show(catalog *errorformatter.Catalog, info errorformatter.ErrorInfo, index int) {
	for _, locale := range os.Args[2:] {
		shown, err := catalog.Format(info, locale)
		if err != nil {
			panic(err)
		}
		for _, field := range []string{strconv.Itoa(index), locale, shown.Title, shown.Message} {
			output.WriteString(field)
			output.WriteByte(0)
		}
	}
}

func main() {
	catalog, err := errorformatter.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = "\n\toutput.Flush()\n}\n"
        return head + body + tail, (head + body).count("\n") + 1

    def check(self, work):
        unformatted = run(["gofmt", "-l", "gen"], work)
        if unformatted.stdout.strip() or unformatted.returncode != 0:
            return subprocess.CompletedProcess(unformatted.args, 1, b"", b"gofmt -l lists: " + unformatted.stdout
                                               + unformatted.stderr)
        vet = self.check_only(work)
        if vet.returncode != 0:
            return vet
        return run(["go", "build", "-o", "driver", "."], work, self.environment())

    def check_only(self, work):
        return run(["go", "vet", "./..."], work, self.environment())

    def execute(self, work, catalog, locales):
        return run([str(work / "driver"), str(catalog), *locales], work, {"LD_LIBRARY_PATH": str(LIBDIR)})


# ---------------------------------------------------------------------------------------- Java

class Java(Language):
    name, file, driver_file = "java", "Gen.java", "Driver.java"
    classes = pathlib.Path(os.environ.get("CODEGEN_JAVA_CLASSES", BUILD / "java" / "classes"))
    jni = pathlib.Path(os.environ.get("CODEGEN_JAVA_JNI", BUILD / "java" / "dev" / "liberrorformatter-jni.so"))

    def missing(self):
        if not self.jni.exists() or not self.classes.is_dir():
            return f"the Java binding is not built ({self.jni}; make test-codegen builds it)"
        return self.tool("javac", "java")

    def expression(self, call):
        return f"Gen.{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"        show(catalog, {self.expression(call)}, {call.index}, args);"

    def driver(self, calls):
        head = """import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.errorformatter.Catalog;
import org.errorformatter.ErrorInfo;
import org.errorformatter.FormattedError;

public final class Driver {
    private static final PrintStream OUT =
        new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);

    private static void show(Catalog catalog, ErrorInfo error, int index, String[] args) {
        for (int i = 1; i < args.length; i++) {
            FormattedError shown = catalog.format(error, List.of(args[i]));
            for (String field : new String[] {Integer.toString(index), args[i], shown.title(), shown.message()}) {
                OUT.print(field);
                OUT.print('\\0');
            }
        }
    }

    private static void calls(Catalog catalog, String[] args) {
"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = """
    }

    public static void main(String[] args) {
        try (Catalog catalog = Catalog.open(Path.of(args[0]))) {
            calls(catalog, args);
        }
        OUT.flush();
    }
}
"""
        return head + body + tail, (head + body).count("\n") + 1

    def check(self, work):
        return run(["javac", "--release", "17", "-Xlint:all", "-Werror", "-encoding", "US-ASCII",
                    "-cp", str(self.classes), "-d", "out", self.file, self.driver_file], work)

    def execute(self, work, catalog, locales):
        return run(["java", f"-Derrorformatter.jni={self.jni}", "-cp", f"out:{self.classes}", "Driver",
                    str(catalog), *locales], work)


# ---------------------------------------------------------------------------------------- Rust

class Rust(Language):
    name, file, driver_file = "rust", "src/gen.rs", "src/main.rs"

    def missing(self):
        return self.tool("cargo")

    def environment(self):
        return {"CARGO_TARGET_DIR": str(BUILD / "codegen" / "cargo"), "ERRORFORMATTER_LIB_DIR": str(LIBDIR),
                "LD_LIBRARY_PATH": str(LIBDIR)}

    def prepare(self, work):
        (work / "src").mkdir(exist_ok=True)
        (work / "Cargo.toml").write_text(
            '[package]\nname = "codegen-check"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
            f'[dependencies]\nerrorformatter = {{ path = "{ROOT / "bindings" / "rust" / "errorformatter"}" }}\n\n'
            "[workspace]\n")

    def expression(self, call):
        return f"gen::{call.name}({', '.join(value for _, value in call.arguments)})"

    def statement(self, call):
        return f"    show(&catalog, {self.expression(call)}?, {call.index}, &locales, &mut output)?;"

    def driver(self, calls):
        head = """#![deny(warnings)]

mod gen;

use std::io::Write;

use errorformatter::{Catalog, ErrorInfo};

fn show(catalog: &Catalog, error: ErrorInfo, index: usize, locales: &[String], output: &mut Vec<u8>)
    -> errorformatter::Result<()> {
    for locale in locales {
        let shown = catalog.format(&error, &[locale])?;
        for field in [index.to_string(), locale.clone(), shown.title, shown.message] {
            output.extend_from_slice(field.as_bytes());
            output.push(0);
        }
    }
    Ok(())
}

fn main() -> errorformatter::Result<()> {
    let arguments: Vec<String> = std::env::args().collect();
    let catalog = Catalog::open(&arguments[1])?;
    let locales = arguments[2..].to_vec();
    let mut output = Vec::new();
"""
        body = "\n".join(self.statement(call) for call in calls)
        tail = "\n    std::io::stdout().write_all(&output).expect(\"standard output\");\n    Ok(())\n}\n"
        return head + body + tail, (head + body).count("\n") + 1

    def check(self, work):
        """cargo build: it checks all that cargo check does, and makes the driver."""
        return run(["cargo", "build", "--offline", "--quiet"], work, self.environment())

    def check_only(self, work):
        return run(["cargo", "check", "--offline", "--quiet"], work, self.environment())

    def execute(self, work, catalog, locales):
        return run([str(BUILD / "codegen" / "cargo" / "debug" / "codegen-check"), str(catalog), *locales], work,
                   self.environment())


LANGUAGES: List[Language] = [C(), Cpp(), Swift(), Python(), TypeScript(), Go(), Java(), Rust()]
BY_NAME = {language.name: language for language in LANGUAGES}
