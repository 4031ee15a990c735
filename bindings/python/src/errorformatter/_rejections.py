"""Reporting the strings a call's arguments could not satisfy, through Python's own channels.

The library skips such a string (a ``%d`` given a str, a translation asking for an argument that
was not passed) and shows the next one, recording a :class:`Rejection` in the result: the user
sees a fallback text and nothing says why. A catalog reports each one as its ``rejections``
option says: ``"warn"`` (the default) issues a :class:`RejectionWarning` through :mod:`warnings`,
which Python shows once per call site and message unless filtered (``-W error`` turns it into an
exception, ``logging.captureWarnings`` into a log record); ``"raise"`` raises
:class:`RejectionError`; ``"ignore"`` leaves the rejections in the result only.
"""

from __future__ import annotations

import warnings
from typing import Iterable, Literal

from . import _ffi
from ._errors import RejectionError, status_name
from ._results import Rejection

#: What a catalog does with a rejection (``Catalog.open(..., rejections=...)``).
Policy = Literal["warn", "raise", "ignore"]
POLICIES: tuple[str, ...] = ("warn", "raise", "ignore")


class RejectionWarning(UserWarning):
    """A string was found that the call's arguments cannot satisfy; the text shown is the next
    localization's or the next rule's. ``str()`` is the rejection's one-line description;
    ``rejection`` is the :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(str(rejection))
        self.rejection = rejection


def checked_policy(policy: object) -> str:
    """``policy`` when it is one of :data:`POLICIES`; ValueError otherwise (TypeError for a
    value that is not a str)."""
    if not isinstance(policy, str):
        raise TypeError(f"rejections must be a str, not {type(policy).__name__}")
    if policy not in POLICIES:
        raise ValueError(f"rejections must be 'warn', 'raise' or 'ignore', not {policy!r}")
    return policy


def report(rejections: Iterable[Rejection], policy: str, stacklevel: int) -> None:
    """Raises for the first of ``rejections`` (``"raise"``) or warns about each of them
    (``"warn"``), as ``policy`` says (``stacklevel`` as :func:`warnings.warn` takes it, counted
    from the caller of this function)."""
    for rejection in rejections:
        if policy == "raise":
            error = RejectionError(_ffi.EF_E_REJECTED, status_name(_ffi.EF_E_REJECTED), str(rejection))
            error.rejection = rejection
            raise error
        warnings.warn(RejectionWarning(rejection), stacklevel=stacklevel + 1)
