"""Memory of pre-forked workers that use a catalog (workers_bench.c), beside gettext.

usage: workers_bench.py WORKERS_BENCH CATALOG COMPILED LOCALEDIR DOMAIN KEY LOCALE [WORKERS]

For each side and each way of starting the workers (each opening its catalog after the fork, or
all inheriting one opened before it), the summed proportional set size of the workers, less that
of the same number of workers that only load the library: what the catalog costs them. Then
whether WORKERS workers cost more than one does: pages that are shared (a mapped .mo, pages
inherited unchanged from the parent) are counted once across the workers, private copies once
per worker.
"""

import statistics
import subprocess
import sys


def pss(program: str, workers: int, when: str, side: list[str]) -> int:
    samples = []
    for _ in range(3):
        output = subprocess.run([program, str(workers), when, *side], capture_output=True, text=True, check=True)
        samples.append(int(output.stdout.strip()))
    return int(statistics.median(samples))


def main() -> int:
    program, catalog, compiled, localedir, domain, key, locale = sys.argv[1:8]
    workers = int(sys.argv[8]) if len(sys.argv) > 8 else 8
    sides = {
        "gettext (.mo)": ["gettext", localedir, domain, key, locale],
        "ErrorFormatter, whole load": ["errorformatter", catalog, key, locale, "whole"],
        "ErrorFormatter, EF_CATALOG_ON_DEMAND": ["errorformatter", catalog, key, locale, "on-demand"],
        "ErrorFormatter, compiled file": ["errorformatter", compiled, key, locale, "whole"],
    }
    print(f"{'side':40} {'workers start':>14} {'1 worker KiB':>12} {f'{workers} workers KiB':>14} {'ratio':>6}")
    for when, label in (("after", "open own"), ("before", "inherit")):
        base_one = pss(program, 1, when, ["nothing"])
        base_many = pss(program, workers, when, ["nothing"])
        for name, side in sides.items():
            one = pss(program, 1, when, side) - base_one
            many = pss(program, workers, when, side) - base_many
            ratio = many / one if one > 0 else float("nan")
            print(f"{name:40} {label:>14} {one:12d} {many:14d} {ratio:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
