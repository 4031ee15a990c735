"""Cold start, whole process: open a catalog and look one key up (open_bench.c), beside glibc
gettext doing the same lookup in the same languages compiled with msgfmt. The sides run in
turn, round after round, so that the machine's changing load falls on each alike.

usage: open_bench.py OPEN_BENCH CATALOG COMPILED LOCALEDIR DOMAIN KEY LOCALE IN_USE IN_USE_DOMAIN [ROUNDS]

CATALOG is the catalog directory, COMPILED the same catalog compiled (errfmt compile), IN_USE
another compiled catalog and IN_USE_DOMAIN another domain of LOCALEDIR, which the second table's
processes open and look KEY up in first.

Prints, per side: the median and the best wall time of a whole process, its processor time
(user + system, from wait4), the resident memory the open and the lookup added (measured by
the process itself) and the anonymous part of it (heap: what is not a page of a file, which
processes never share), and each ratio to gettext.

Then the resident memory of the same open and lookup in a process already using the library
(open_bench.c's IN_USE): what the catalog costs, without the library's first use.
"""

import os
import statistics
import subprocess
import sys
import time


def run(command: list[str]) -> tuple[float, float, str, int, int]:
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE)
    output = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"open_bench: {' '.join(command)} failed with status {status}")
    value, growth, anonymous = output.decode("utf-8").rsplit("\n", 3)[:3]
    return wall, usage.ru_utime + usage.ru_stime, value, int(growth), int(anonymous)


def main() -> int:
    program, catalog, compiled, localedir, domain, key, locale, in_use, in_use_domain = sys.argv[1:10]
    rounds = int(sys.argv[10]) if len(sys.argv) > 10 else 15
    sides = {
        "process alone (library loaded)": [program, "nothing"],
        "gettext (.mo, bindtextdomain + dgettext)": [program, "gettext", localedir, domain, key, locale],
        "ef_catalog_open whole + lookup": [program, "errorformatter", catalog, key, locale, "whole"],
        "ef_catalog_open EF_CATALOG_ON_DEMAND + lookup": [program, "errorformatter", catalog, key, locale,
                                                          "on-demand"],
        "ef_catalog_open compiled file + lookup": [program, "errorformatter", compiled, key, locale, "whole"],
        "ef_catalog_open compiled, EF_CATALOG_MAPPED + lookup": [program, "errorformatter", compiled, key, locale,
                                                                 "mapped"],
    }
    in_use_sides = {
        "gettext": [program, "gettext", localedir, domain, key, locale, in_use_domain],
        "compiled file": [program, "errorformatter", compiled, key, locale, "whole", in_use],
        "compiled file, EF_CATALOG_MAPPED": [program, "errorformatter", compiled, key, locale, "mapped", in_use],
    }
    results: dict[str, list[tuple[float, float, str, int, int]]] = {name: [] for name in sides}
    in_use_results: dict[str, list[tuple[float, float, str, int, int]]] = {name: [] for name in in_use_sides}
    for _ in range(rounds):
        for name, command in sides.items():
            results[name].append(run(command))
        for name, command in in_use_sides.items():
            in_use_results[name].append(run(command))
    answers = {results[name][0][2] for name in sides if "alone" not in name}
    answers |= {runs[0][2] for runs in in_use_results.values()}
    if len(answers) != 1:
        raise SystemExit(f"open_bench: the sides disagree: {answers}")
    print(f"{rounds} rounds, key {key!r} in {locale!r}: every side answers {answers.pop()!r}")
    peer = "gettext (.mo, bindtextdomain + dgettext)"
    peer_wall = statistics.median(r[0] for r in results[peer])
    peer_cpu = statistics.median(r[1] for r in results[peer])
    print(f"{'side':48} {'wall median':>11} {'best':>7} {'cpu':>7} {'RSS +KiB':>8} {'anon +KiB':>9} "
          f"{'wall/gettext':>12} {'cpu/gettext':>11}")
    for name in sides:
        walls = [r[0] for r in results[name]]
        cpus = [r[1] for r in results[name]]
        growth = statistics.median(r[3] for r in results[name])
        anonymous = statistics.median(r[4] for r in results[name])
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"{name:48} {wall * 1e3:9.2f}ms {min(walls) * 1e3:5.2f}ms {cpu * 1e3:5.2f}ms {growth:8.0f} {anonymous:9.0f} "
              f"{wall / peer_wall:11.2f}x {cpu / peer_cpu if peer_cpu else float('nan'):10.2f}x")
    print(f"\nthe same open + lookup in a process already using the library (after {in_use_domain!r} / "
          f"{os.path.basename(in_use)}):")
    print(f"{'side':48} {'RSS +KiB':>8} {'anon +KiB':>9} {'RSS/gettext':>11}")
    peer_growth = statistics.median(r[3] for r in in_use_results["gettext"])
    for name, runs in in_use_results.items():
        growth = statistics.median(r[3] for r in runs)
        anonymous = statistics.median(r[4] for r in runs)
        print(f"{name:48} {growth:8.0f} {anonymous:9.0f} {growth / peer_growth if peer_growth else float('nan'):10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
