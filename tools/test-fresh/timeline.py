"""Stamps each line of a make run with the time since the start, and summarises where it went.

usage: ... | python3 timeline.py LOG

Every line read is written to LOG and to standard output as "[mm:ss] line". At the end, the
recipes that make's --trace lines name are listed with the time until the next one started
(make runs one recipe at a time here), those of 20 s or more in the order they ran, then the
whole run's time.
"""

import re
import sys
import time

TRACE = re.compile(r"^\S+:\d+: (?:update )?target '([^']+)'")
SHOWN_FROM_SECONDS = 20


def stamp(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes:02d}:{rest:02d}"


def main() -> None:
    started = time.monotonic()
    recipes: list[tuple[float, str]] = []
    with open(sys.argv[1], "w", encoding="utf-8") as log:
        for raw in sys.stdin.buffer:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            now = time.monotonic() - started
            match = TRACE.match(line)
            if match:
                recipes.append((now, match.group(1)))
                # A target's prerequisites can number hundreds: the first few say enough.
                head, _, due = line.partition(" due to: ")
                reasons = due.split(" ")
                if len(reasons) > 3:
                    line = f"{head} due to: {' '.join(reasons[:3])} (and {len(reasons) - 3} more)"
            out = f"[{stamp(now)}] {line}"
            print(out, flush=True)
            log.write(out + "\n")
            log.flush()
        ended = time.monotonic() - started
        summary = [f"timeline: recipes of {SHOWN_FROM_SECONDS} s or more, in the order they ran"]
        for (start, target), (end, _) in zip(recipes, recipes[1:] + [(ended, "")]):
            if end - start >= SHOWN_FROM_SECONDS:
                summary.append(f"  {stamp(start)}  {stamp(end - start)}  {target}")
        summary.append(f"timeline: the whole run took {stamp(ended)} (mm:ss)")
        for line in summary:
            print(line)
            log.write(line + "\n")


if __name__ == "__main__":
    main()
