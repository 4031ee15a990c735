"""Runs `errfmt lint` over every catalog of ../shared/corpus/data and prints the findings per
code, the time it took and a sample of each code's findings to check by hand.

usage: lint_corpus.py ERRFMT CORPUS_DATA [SAMPLES_PER_CODE]

A catalog is each directory holding `<loc>.lproj` directories or String Catalogs, linted as
`errfmt lint` lints a directory. Not a test: the counts describe the corpus, they assert nothing.
"""
import collections
import json
import os
import random
import subprocess
import sys
import time


def catalogs(data):
    found = set()
    for directory, subdirectories, files in os.walk(data):
        if directory.endswith(".lproj"):
            continue
        if any(name.endswith(".lproj") for name in subdirectories) or any(name.endswith(".xcstrings") for name in files):
            found.add(os.path.relpath(directory, data))
    return sorted(found)


def main():
    errfmt, data = sys.argv[1], sys.argv[2]
    samples = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    directories = catalogs(data)
    started = time.monotonic()
    out = subprocess.run([os.path.abspath(errfmt), "lint", "--format", "json", "--fail-on", "never", *directories],
                         cwd=data, capture_output=True, text=True, check=True)
    elapsed = time.monotonic() - started
    findings = [json.loads(line) for line in out.stdout.splitlines()]
    summary = subprocess.run([os.path.abspath(errfmt), "lint", "--fail-on", "never", *directories],
                             cwd=data, capture_output=True, text=True).stderr.strip().splitlines()[-1]
    print(f"{len(directories)} catalogs, {summary.removeprefix('errfmt lint: ')}; {elapsed:.2f} s wall for the json run")
    by_code = collections.defaultdict(list)
    for finding in findings:
        by_code[(finding["code"], finding["severity"])].append(finding)
    for (code, severity), items in sorted(by_code.items(), key=lambda item: -len(item[1])):
        print(f"{len(items):8d}  {severity:8s} {code}")
    random.seed(12)
    for (code, severity), items in sorted(by_code.items()):
        print(f"\n== {code} ({severity})")
        for finding in random.sample(items, min(samples, len(items))):
            print(f"  {finding['file']}:{finding['line']}:{finding['column']}: {finding['message']}")


if __name__ == "__main__":
    main()
