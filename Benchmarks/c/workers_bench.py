"""Memory of pre-forked workers that use a catalog (workers_bench.c), beside gettext.

usage: workers_bench.py WORKERS_BENCH CATALOG COMPILED LOCALEDIR DOMAIN KEY LOCALE [WORKERS [IN_USE IN_USE_DOMAIN]]

For each side and each way of starting the workers (each opening its catalog after the fork, or
all inheriting one opened before it), the summed proportional set size of the workers, less that
of the same number of workers that only load the library: what the catalog costs them. Then
whether WORKERS workers cost more than one does: pages that are shared (a mapped .mo, pages
inherited unchanged from the parent) are counted once across the workers, private copies once
per worker.

Two sums: the workers' alone, and the whole service's (the workers and the parent that forked
them). When the workers inherit the catalog, the parent holds its pages too, and a page it
shares with k workers counts 1/(k+1) in each process: the workers' sum then holds half of such a
page with one worker and eight ninths with eight, a ratio of 1.78 for pages that are perfectly
shared. The service's sum counts every such page once whatever the number of workers, so its
ratio is what sharing alone decides (1.0 for pages nobody copies). With workers that open
their own catalog, the parent holds nothing of it and the two ratios agree.

With IN_USE (another compiled catalog) and IN_USE_DOMAIN (another gettext domain in LOCALEDIR),
a third way: the parent first opens that and looks KEY up in it, then forks workers that open
their own catalog. The library's first use (its code and data pages, the runtime's first
allocations), which otherwise every worker pays and a count of shared pages flatters, is then
the parent's and shared, in the workers measured and in their baseline alike: what is left is
what the catalog itself costs each worker.
"""

import statistics
import subprocess
import sys


def pss(program: str, workers: int, when: str, side: list[str]) -> tuple[int, int]:
    """The median over three runs of the workers' summed Pss and of that sum plus the parent's."""
    alone, service = [], []
    for _ in range(3):
        output = subprocess.run([program, str(workers), when, *side], capture_output=True, text=True, check=True)
        workers_kib, parent_kib = (int(line) for line in output.stdout.split())
        alone.append(workers_kib)
        service.append(workers_kib + parent_kib)
    return int(statistics.median(alone)), int(statistics.median(service))


def main() -> int:
    program, catalog, compiled, localedir, domain, key, locale = sys.argv[1:8]
    workers = int(sys.argv[8]) if len(sys.argv) > 8 else 8
    in_use, in_use_domain = sys.argv[9:11] if len(sys.argv) > 10 else (None, None)
    sides = {
        "gettext (.mo)": ["gettext", localedir, domain, key, locale],
        "ErrorFormatter, whole load": ["errorformatter", catalog, key, locale, "whole"],
        "ErrorFormatter, EF_CATALOG_ON_DEMAND": ["errorformatter", catalog, key, locale, "on-demand"],
        "ErrorFormatter, compiled file": ["errorformatter", compiled, key, locale, "whole"],
        "ErrorFormatter, compiled file, mapped": ["errorformatter", compiled, key, locale, "mapped"],
    }
    print(f"{'':40} {'':>14} {'workers alone (KiB)':>28} {'workers + parent (KiB)':>30}")
    print(f"{'side':40} {'workers start':>14} {'1':>8} {workers:>10} {'ratio':>8} {'1':>10} {workers:>10} {'ratio':>8}")
    ways = [("after", "open own", None), ("before", "inherit", None)]
    if in_use is not None:
        ways.append(("after", "open own, used", {
            "gettext": ["gettext", localedir, in_use_domain, key, locale],
            "errorformatter": ["errorformatter", in_use, key, locale, "whole"],
        }))
    for when, label, parent_first in ways:
        def first(side: list[str]) -> list[str]:
            return ["--parent-first", *parent_first[side[0]]] if parent_first else []

        baselines: dict[tuple[str, ...], tuple[tuple[int, int], tuple[int, int]]] = {}
        for name, side in sides.items():
            nothing = (*first(side), "nothing")
            if nothing not in baselines:
                baselines[nothing] = (pss(program, 1, when, [*nothing]), pss(program, workers, when, [*nothing]))
            base_one, base_many = baselines[nothing]
            measured_one = pss(program, 1, when, [*first(side), *side])
            measured_many = pss(program, workers, when, [*first(side), *side])
            cells = []
            for sum_index in (0, 1):
                one = measured_one[sum_index] - base_one[sum_index]
                many = measured_many[sum_index] - base_many[sum_index]
                ratio = many / one if one > 0 else float("nan")
                cells.append(f"{one:>8d} {many:>10d} {ratio:8.2f}" if sum_index == 0 else
                             f"{one:>10d} {many:>10d} {ratio:8.2f}")
            print(f"{name:40} {label:>14} {cells[0]} {cells[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
