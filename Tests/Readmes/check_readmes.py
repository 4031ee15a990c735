#!/usr/bin/env python3
"""Runs every code block of the project's READMEs as the README says, against the packages
`make test` builds, and compares what each prints with the output the README shows.

Every fenced block of every README.md the project ships (`git ls-files`: tracked, or new and not
ignored) is one of three kinds:

- a program, by its language: `c`, `cpp`, `python`, `js`, `go`, `java`, `rust` (built and run
  as below: it must exit 0, print exactly its output block and write nothing on standard
  error), or a `console` transcript (each `$ ` command run in turn, in one directory, its
  standard output the lines that follow it; standard error, which a terminal interleaves, is
  not compared, and a command that shows no output must exit 0);
- the output of the program above it: a block marked `<!-- readme-test: output -->`, the first
  block after the program that is not marked not-run (a program whose next such block is not
  its output fails: every program shows what it prints);
- not a program: a block marked `<!-- readme-test: not-run: REASON -->`, the reason said in
  words (an install step, a recipe this check follows for the program above, a signature
  listing, a fragment of a larger program).

The marker is an HTML comment (invisible in rendered Markdown) on the nearest non-blank line
above the block's opening fence. A block of any other language without a marker fails the
check, so that a new block cannot slip through unrun.

Each program runs in an empty directory of its own that holds a copy of `Examples/` (the
catalogs the programs open by a relative path, as from the project's root), with an environment
that names nothing of the checkout or the build tree, against the installed packages:

- `c`, `cpp`: `cc`/`c++` with the flags `pkg-config errorformatter` gives for the relocatable
  tarball's tree and an rpath to its `lib/`, as README.md's recipe says;
- `python`: a fresh venv with the wheel installed by pip (FastAPI and Flask, which the problem
  program needs, from the suites' venv, listed after the venv's own packages);
- `js`: a project of its own, `npm install --offline` of the packed package;
- `go`: a module of its own requiring the binding with a `replace` to a copy of `bindings/go`,
  built through the tarball's pkg-config file with an rpath, offline;
- `java`: `javac` and `java` with the jar alone on the class path;
- `rust`: a cargo project depending on `bindings/rust/errorformatter` by path, the library found
  through the tarball's pkg-config file and an rpath, offline;
- `console`: `errfmt` (and `build/bin/errfmt`, the build tree's) is the tarball's `bin/errfmt`.

Without README arguments, every README is checked, and so is the npm package's size where
README.md and docs/packaging.md state it (to 0.1 MiB).

usage: check_readmes.py --tarball TGZ --wheel WHL --node-package TGZ --jar JAR --work DIR
                        [--frameworks SITE_PACKAGES] [README...]
Exit status 0 when every block passed or is marked, 1 otherwise.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[2]
PROGRAM_LANGUAGES = {"c", "cpp", "python", "js", "go", "java", "rust", "console"}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
MARKER = re.compile(r"^<!--\s*readme-test:\s*(?:(output)|not-run:\s*(\S.*?))\s*-->\s*$")
ANY_MARKER = re.compile(r"readme-test:")
# A program may take minutes to build (cgo, cargo); none may hang the suite.
TIMEOUT_SECONDS = 600


@dataclass
class Block:
    readme: str
    line: int          # of the opening fence, 1-based
    language: str
    text: str
    kind: str          # "program", "output", "not-run" or "unmarked"
    reason: str = ""
    marker_error: str = ""

    @property
    def where(self) -> str:
        return f"{self.readme}:{self.line}"


def read_blocks(readme: Path) -> list[Block]:
    lines = readme.read_text(encoding="utf-8").split("\n")
    name = readme.relative_to(ROOT).as_posix()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        indent = len(opening.group(1))
        body = "\n".join(line[indent:] for line in lines[index + 1:end])
        above = index - 1
        while above >= 0 and not lines[above].strip():
            above -= 1
        marker_line = lines[above].strip() if above >= 0 else ""
        language = opening.group(2)
        block = Block(name, index + 1, language, body + "\n", "unmarked")
        marker = MARKER.match(marker_line)
        if marker and marker.group(1):
            block.kind = "output"
        elif marker:
            block.kind, block.reason = "not-run", marker.group(2)
        elif ANY_MARKER.search(marker_line):
            block.marker_error = f"a readme-test marker this check does not know: {marker_line}"
        elif language in PROGRAM_LANGUAGES:
            block.kind = "program"
        blocks.append(block)
        index = end + 1
    return blocks


# ------------------------------------------------------------------------------ environment

class Packages:
    """The installed packages, unpacked or installed once per run under the work directory."""

    def __init__(self, arguments: argparse.Namespace) -> None:
        self.work: Path = arguments.work.resolve()
        self.tarball: Path = arguments.tarball.resolve()
        self.wheel: Path = arguments.wheel.resolve()
        self.node_package: Path = arguments.node_package.resolve()
        self.jar: Path = arguments.jar.resolve()
        self.frameworks: Optional[Path] = arguments.frameworks.resolve() if arguments.frameworks else None
        self._tree: Optional[Path] = None
        self._venv: Optional[Path] = None

    @property
    def tree(self) -> Path:
        """The tarball's tree, unpacked."""
        if self._tree is None:
            target = self.work / "tarball"
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            with tarfile.open(self.tarball) as archive:
                if hasattr(tarfile, "data_filter"):  # Python 3.12, and the security releases before
                    archive.extractall(target, filter="tar")
                else:
                    archive.extractall(target)
            (self._tree,) = [path for path in target.iterdir() if path.is_dir()]
        return self._tree

    @property
    def venv(self) -> Path:
        """A fresh venv with the wheel installed."""
        if self._venv is None:
            venv = self.work / "venv"
            shutil.rmtree(venv, ignore_errors=True)
            run_checked([sys.executable, "-m", "venv", str(venv)], self.work, base_environment())
            run_checked([str(venv / "bin" / "pip"), "install", "--quiet", "--no-index", "--no-deps",
                         str(self.wheel)], self.work, base_environment())
            if self.frameworks is not None:
                (site,) = (venv / "lib").glob("python3*/site-packages")
                (site / "readme_frameworks.pth").write_text(f"{self.frameworks}\n")
            self._venv = venv
        return self._venv

    def missing(self, language: str) -> list[str]:
        """What running a block of `language` needs and this machine lacks: as the bindings'
        suites do, a runtime that is not installed is skipped, saying so."""
        tools = {"c": ["cc", "pkg-config"], "cpp": ["c++", "pkg-config"], "js": ["node", "npm"],
                 "go": ["go", "pkg-config"], "java": ["javac", "java"], "rust": ["cargo", "pkg-config"]}
        files = {"python": self.wheel, "js": self.node_package, "java": self.jar}
        lacking = [tool for tool in tools.get(language, []) if shutil.which(tool) is None]
        if language in files and not files[language].is_file():
            lacking.append(str(files[language]))
        return lacking

    def environment(self) -> dict[str, str]:
        environment = base_environment()
        environment["PATH"] = f"{self.tree / 'bin'}:{environment['PATH']}"
        environment["PKG_CONFIG_PATH"] = str(self.tree / "lib" / "pkgconfig")
        return environment


def base_environment() -> dict[str, str]:
    """The caller's environment less what points into the checkout or changes how a runtime
    finds its libraries: a program finds only what its README's recipe gives it."""
    dropped = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NODE_PATH",
               "ERRORFORMATTER_LIBRARY", "ERRORFORMATTER_NODE_ADDON", "ERRORFORMATTER_LIB_DIR",
               "PKG_CONFIG_PATH", "CLASSPATH", "RUSTFLAGS", "CGO_LDFLAGS", "CGO_CFLAGS", "GOFLAGS",
               "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}
    environment = {name: value for name, value in os.environ.items() if name not in dropped}
    checkout = str(ROOT)
    environment["PATH"] = ":".join(entry for entry in os.environ.get("PATH", "").split(":")
                                   if entry and not entry.startswith(checkout))
    environment["LANG"] = environment["LC_ALL"] = "C.UTF-8"
    return environment


def run_checked(command: list[str], directory: Path, environment: dict[str, str]) -> None:
    done = subprocess.run(command, cwd=directory, env=environment, capture_output=True, text=True,
                          timeout=TIMEOUT_SECONDS)
    if done.returncode != 0:
        raise Failure(f"{shlex.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")


class Failure(Exception):
    pass


@dataclass
class Ran:
    stdout: str
    stderr: str
    status: int


def shell(script: str, directory: Path, environment: dict[str, str]) -> Ran:
    done = subprocess.run(["sh", "-c", script], cwd=directory, env=environment, capture_output=True,
                          text=True, timeout=TIMEOUT_SECONDS)
    return Ran(done.stdout, done.stderr, done.returncode)


def build(script: str, directory: Path, environment: dict[str, str]) -> None:
    """A step that makes the program (a compile, an install): only its failure is reported, with
    what it printed; the compilers' and installers' chatter is not the program's output."""
    done = shell(script, directory, environment)
    if done.status != 0:
        raise Failure(f"`{script}` exited {done.status}:\n{done.stdout}{done.stderr}")


def fresh_directory(packages: Packages, block: Block) -> Path:
    """An empty directory for the block, holding only a copy of Examples/."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", block.where).strip("-")
    directory = packages.work / "blocks" / name
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    shutil.copytree(ROOT / "Examples", directory / "Examples", symlinks=True)
    return directory


# ----------------------------------------------------------------------------------- runners
# Each builds the program as its README's recipe says, then runs it from the block's directory.

def run_c(block: Block, directory: Path, packages: Packages, compiler: str, source: str) -> Ran:
    (directory / source).write_text(block.text)
    standard = "-std=c++17 " if compiler == "c++" else ""
    environment = packages.environment()
    build(f'{compiler} {standard}{source} $(pkg-config --cflags --libs errorformatter) '
          f'-Wl,-rpath,"$(pkg-config --variable=libdir errorformatter)" -o app', directory, environment)
    return shell("./app", directory, environment)


def run_python(block: Block, directory: Path, packages: Packages) -> Ran:
    (directory / "app.py").write_text(block.text)
    return shell(f"{packages.venv / 'bin' / 'python'} app.py", directory, packages.environment())


def run_js(block: Block, directory: Path, packages: Packages) -> Ran:
    (directory / "app.js").write_text(block.text)
    environment = packages.environment()
    build("npm init -y && npm install --offline --no-audit --no-fund "
          f"{shlex.quote(str(packages.node_package))}", directory, environment)
    return shell("node app.js", directory, environment)


def run_go(block: Block, directory: Path, packages: Packages) -> Ran:
    binding = directory / "errorformatter-go"
    shutil.copytree(ROOT / "bindings" / "go", binding, ignore=shutil.ignore_patterns("*_test.go"))
    application = directory / "app"
    application.mkdir()
    (application / "main.go").write_text(block.text)
    environment = packages.environment()
    environment["CGO_LDFLAGS"] = f"-Wl,-rpath,{packages.tree / 'lib'}"
    environment["GOPROXY"] = "off"
    environment["GOFLAGS"] = "-mod=mod"
    environment["GOCACHE"] = str(packages.work / "go-cache")
    build("cd app && go mod init example.com/app && "
          "go mod edit -require=github.com/errorformatter/errorformatter-go@v0.0.0 "
          "-replace=github.com/errorformatter/errorformatter-go=../errorformatter-go && "
          "go build -o app .", directory, environment)
    return shell("app/app", directory, environment)


def run_java(block: Block, directory: Path, packages: Packages) -> Ran:
    declared = re.search(r"^public\s+(?:final\s+)?class\s+(\w+)", block.text, re.MULTILINE)
    if declared is None:
        raise Failure("a Java program declares a public class")
    name = declared.group(1)
    (directory / f"{name}.java").write_text(block.text)
    jar = shlex.quote(str(packages.jar))
    environment = packages.environment()
    build(f"javac -cp {jar} {name}.java", directory, environment)
    return shell(f"java -cp {jar}:. {name}", directory, environment)


def run_rust(block: Block, directory: Path, packages: Packages) -> Ran:
    crate = ROOT / "bindings" / "rust" / "errorformatter"
    (directory / "src").mkdir()
    (directory / "src" / "main.rs").write_text(block.text)
    (directory / "Cargo.toml").write_text(
        '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n'
        f'[dependencies]\nerrorformatter = {{ path = "{crate}" }}\n\n[workspace]\n')
    environment = packages.environment()
    environment["RUSTFLAGS"] = f"-C link-arg=-Wl,-rpath,{packages.tree / 'lib'}"
    target = packages.work / "cargo-target"
    environment["CARGO_TARGET_DIR"] = str(target)
    build("cargo build --offline", directory, environment)
    return shell(str(target / "debug" / "app"), directory, environment)


RUNNERS: dict[str, Callable[[Block, Path, Packages], Ran]] = {
    "c": lambda block, directory, packages: run_c(block, directory, packages, "cc", "demo.c"),
    "cpp": lambda block, directory, packages: run_c(block, directory, packages, "c++", "app.cpp"),
    "python": run_python,
    "js": run_js,
    "go": run_go,
    "java": run_java,
    "rust": run_rust,
}


def transcript(text: str) -> list[tuple[str, str]]:
    """A console block's commands, each with the output shown after it."""
    steps: list[tuple[str, list[str]]] = []
    lines = text.rstrip("\n").split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("$ "):
            parts = [line[2:]]
            while parts[-1].endswith("\\") and index + 1 < len(lines):
                index += 1
                parts.append(lines[index])
            steps.append(("\n".join(parts), []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise Failure(f"a console block starts with {line!r}, not a command ('$ ')")
        index += 1
    result: list[tuple[str, str]] = []
    for command, shown in steps:
        while shown and not shown[-1].strip():
            shown.pop()
        result.append((command, "\n".join(shown) + "\n" if shown else ""))
    return result


def check_console(block: Block, directory: Path, packages: Packages) -> list[str]:
    problems = []
    for command, expected in transcript(block.text):
        command_run = re.sub(r"^build/bin/errfmt\b", "errfmt", command)
        ran = shell(command_run, directory, packages.environment())
        if ran.status != 0 and not expected:
            problems.append(f"`{command}` exited {ran.status}: {ran.stderr.strip()}")
        elif ran.stdout != expected:
            problems.append(difference(f"`{command}`", expected, ran))
    return problems


def difference(what: str, expected: str, ran: Ran) -> str:
    diff = "".join(difflib.unified_diff(expected.splitlines(keepends=True), ran.stdout.splitlines(keepends=True),
                                        "the README shows", "the program prints"))
    if diff:
        text = f"{what} (exit {ran.status}) prints other than the README shows:\n{diff}"
    else:
        text = f"{what} prints what the README shows, but exits {ran.status} or writes on standard error\n"
    if ran.stderr.strip():
        text += f"standard error:\n{ran.stderr}"
    return text


# ------------------------------------------------------------------------------------ checks

def check_readme(blocks: list[Block], packages: Packages) -> tuple[list[str], int, int, int]:
    """Failures, programs run, blocks marked not-run, programs skipped for a missing runtime."""
    failures: list[str] = []
    ran_count = skipped = unavailable = 0
    for position, block in enumerate(blocks):
        if block.marker_error:
            failures.append(f"{block.where}: {block.marker_error}")
            continue
        if block.kind == "not-run":
            skipped += 1
            continue
        if block.kind == "unmarked":
            failures.append(f"{block.where}: a `{block.language or 'plain'}` block neither run nor marked "
                            "(<!-- readme-test: not-run: REASON --> or <!-- readme-test: output -->)")
            continue
        if block.kind == "output":
            previous = [other for other in blocks[:position] if other.kind != "not-run"]
            if not previous or previous[-1].kind != "program" or previous[-1].language == "console":
                failures.append(f"{block.where}: an output block with no program above it")
            continue
        lacking = packages.missing(block.language)
        if lacking:
            unavailable += 1
            print(f"skip {block.where} ({block.language}): needs {', '.join(lacking)}", flush=True)
            continue
        started = time.monotonic()
        directory = fresh_directory(packages, block)
        try:
            if block.language == "console":
                problems = check_console(block, directory, packages)
            else:
                following = [other for other in blocks[position + 1:] if other.kind != "not-run"]
                ran = RUNNERS[block.language](block, directory, packages)
                if not following or following[0].kind != "output":
                    # What it prints is shown, to be checked by hand and put in the README.
                    problems = [f"a `{block.language}` program without the output block it prints "
                                f"(<!-- readme-test: output --> after it); it exits {ran.status} and prints:\n"
                                f"{ran.stdout}{ran.stderr}"]
                else:
                    expected = following[0].text
                    # A program of a README writes nothing on standard error: a warning there is
                    # one more thing a newcomer would have to wonder about.
                    problems = [] if ran.stdout == expected and ran.status == 0 and not ran.stderr else [
                        difference(f"the `{block.language}` program", expected, ran)]
        except (Failure, subprocess.TimeoutExpired) as failure:
            problems = [str(failure)]
        ran_count += 1
        seconds = time.monotonic() - started
        if problems:
            failures.extend(f"{block.where}: {problem}" for problem in problems)
            print(f"FAIL {block.where} ({block.language}, {seconds:.1f} s)", flush=True)
        else:
            print(f"ok   {block.where} ({block.language}, {seconds:.1f} s)", flush=True)
    return failures, ran_count, skipped, unavailable


# Where the npm package's size is stated, to a tenth of a MiB: README.md's recipe line and
# docs/packaging.md's Node.js section.
NPM_SIZE_STATEMENTS = {
    "README.md": re.compile(r"errorformatter-\d+\.\d+\.\d+\.tgz \(npm pack\), (\d+\.\d) MiB"),
    "docs/packaging.md": re.compile(r"errorformatter-\d+\.\d+\.\d+\.tgz`, \*\*(\d+\.\d) MiB\*\*"),
}


def check_npm_size(packages: Packages) -> list[str]:
    """The npm package's size, where stated, is the packed package's, rounded to 0.1 MiB."""
    if not packages.node_package.is_file():
        print(f"skip the npm package's size: needs {packages.node_package}", flush=True)
        return []
    real = f"{packages.node_package.stat().st_size / (1024 * 1024):.1f}"
    failures = []
    for name, statement in NPM_SIZE_STATEMENTS.items():
        stated = statement.search((ROOT / name).read_text(encoding="utf-8"))
        if stated is None:
            failures.append(f"{name}: the npm package's size is not stated where this check looks "
                            f"({statement.pattern})")
        elif stated.group(1) != real:
            failures.append(f"{name}: the npm package is stated as {stated.group(1)} MiB; "
                            f"{packages.node_package.name} is {real} MiB")
        else:
            print(f"ok   {name}: the npm package is {real} MiB, as stated", flush=True)
    return failures


def shipped_readmes() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--",
                             "README.md", "*/README.md"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return sorted(ROOT / name for name in listed if name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tarball", type=Path, required=True)
    parser.add_argument("--wheel", type=Path, required=True)
    parser.add_argument("--node-package", type=Path, required=True)
    parser.add_argument("--jar", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--frameworks", type=Path, help="site-packages holding FastAPI and Flask")
    parser.add_argument("readmes", nargs="*", type=Path)
    arguments = parser.parse_args()
    packages = Packages(arguments)
    packages.work.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(packages.work / "blocks", ignore_errors=True)
    readmes = [path.resolve() for path in arguments.readmes] or shipped_readmes()
    if not packages.tarball.is_file():
        print(f"test-readmes: {packages.tarball} is missing (make tarball ICU=bundled)", file=sys.stderr)
        return 1
    failures: list[str] = []
    programs = skipped = unavailable = 0
    started = time.monotonic()
    for readme in sorted(set(readmes)):
        found, ran_count, marked, lacking = check_readme(read_blocks(readme), packages)
        failures += found
        programs += ran_count
        skipped += marked
        unavailable += lacking
    if not arguments.readmes:
        failures += check_npm_size(packages)
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"test-readmes: {len(readmes)} READMEs, {programs} programs run, {skipped} blocks marked not-run, "
          f"{unavailable} programs skipped (runtime missing), {len(failures)} failures, "
          f"{time.monotonic() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
