"""A catalog's memo of argument-free results: the same immutable FormattedError handed out again
for the same (domain, code, preferences, table), with no C call at all.

A catalog never changes, and a result made from no caller text (no description, failure reason,
recovery suggestion or arguments) depends only on those four values, so it can be shared: it is
an immutable value. Results that carry caller text are never kept. The memo is bounded by the
size of what it holds (its keys' and results' characters, plus a fixed allowance per entry for
the objects), not by a count, so a million distinct domains or preference lists cannot grow the
process without bound; when it is full it is emptied and refills with what is asked for next.
"""

from __future__ import annotations

import threading
from typing import Hashable, Optional

from ._results import FormattedError

#: What the memo of one catalog may hold, in characters (about bytes for the ASCII and Latin
#: texts of most tables; up to four times that for others).
MEMO_BUDGET = 1 << 20
#: Charged per entry on top of its characters: the dict slot, the key tuple, the result object
#: and its list of strings.
_ENTRY_OVERHEAD = 512


class ResultMemo:
    __slots__ = ("entries", "_used", "_lock", "budget")

    def __init__(self, budget: int = MEMO_BUDGET) -> None:
        #: What is kept, by key. Readers may look a key up here directly (the catalog's hot path
        #: does, saving a call); only put() and clear() change it, and always in place.
        self.entries: dict[Hashable, FormattedError] = {}
        self._used = 0
        # Taken only to add (after a C call, which costs far more); reading takes no lock.
        self._lock = threading.Lock()
        #: 0 turns the memo off (the benchmark measures the one-call path that way).
        self.budget = budget

    def get(self, key: Hashable) -> Optional[FormattedError]:
        """The result kept for ``key``, or None. ``key`` may hold unhashable parts (then None)."""
        try:
            return self.entries.get(key)
        except TypeError:
            return None

    def put(self, key: tuple[str, int, tuple[str, ...], Optional[str]], result: FormattedError,
            size: int) -> None:
        """Keeps ``result`` for ``key``; ``size`` is what its strings take (the packed output's
        length in bytes), to which the key's characters and the per-entry allowance are added."""
        if not self.budget:
            return
        domain, _, locales, table = key
        size += _ENTRY_OVERHEAD + len(domain) + sum(map(len, locales)) + len(table or "")
        if size > self.budget:
            return
        with self._lock:
            if key in self.entries:
                return  # another thread kept the same result first
            if self._used + size > self.budget:
                self.entries.clear()
                self._used = 0
            self.entries[key] = result
            self._used += size

    def clear(self) -> None:
        with self._lock:
            self.entries.clear()
            self._used = 0

    def __len__(self) -> int:
        return len(self.entries)
