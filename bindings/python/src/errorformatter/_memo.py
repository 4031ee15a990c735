"""A catalog's memo of results: the same immutable FormattedError handed out again for a call
that an earlier call's result answers, with no C call at all.

What may be kept, and for which calls, is the library's decision, not this module's: the call
that made a result (``ef_format_packed_reusable``) says whether its output answers every later
call with the same domain, code, preferences and table, no arguments, and the same of the
description, failure reason and recovery suggestion present (non-empty), whatever they say. Only
such results are kept, under exactly that key (:data:`Key`). The memo is bounded by the size of
what it holds (its keys' and results' characters, plus a fixed allowance per entry for the
objects), not by a count, so a million distinct domains or preference lists cannot grow the
process without bound; when it is full it is emptied and refills with what is asked for next.
"""

from __future__ import annotations

import threading
from typing import Hashable, Optional, Tuple

from ._results import FormattedError

#: (domain, code, preferences, table, which texts are present, the call's number style): what a
#: kept result answers, as the library defines it. The texts present: bit 0 the description, 1
#: the failure reason, 2 the recovery suggestion, each when not None and not empty. The number
#: style is the call's ``localized_numbers`` (None, True or False), kept apart as the library's
#: own memo keeps it.
Key = Tuple[str, int, Tuple[str, ...], Optional[str], int, Optional[bool]]

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

    def put(self, key: Key, result: FormattedError, size: int) -> None:
        """Keeps ``result`` for ``key``; ``size`` is what its strings take (the packed output's
        length in bytes), to which the key's characters and the per-entry allowance are added."""
        if not self.budget:
            return
        domain, _, locales, table = key[:4]
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
