"""What formatting and lookups return: plain immutable values that hash, compare, pickle, copy
and convert to the dictionaries of ``errfmt format --json`` and ``errfmt lookup --json``.

A :class:`FormattedError` is made from the packed output of ``ef_format_packed`` (one C call per
result) and keeps that text as it came, its items separated by NULs; only the title, message and
button are cut out of it at once, the lookup stack and the provenance when first read. That cache
is invisible: equality, hashing and pickling see values.
"""

from __future__ import annotations

import types
from dataclasses import FrozenInstanceError, dataclass
from typing import Any, Iterable, Mapping, NamedTuple, NoReturn, Optional, Sequence

#: The fields of a formatted error, in the library's order (EF_FIELD_TITLE, _MESSAGE, _BUTTON).
FIELDS = ("title", "message", "button")

# Positions in the packed output (see ef_format_packed in the header).
_HEADER, _TITLE, _MESSAGE, _BUTTON, _PROVENANCE = 0, 1, 2, 3, 4
_PER_FIELD = 4  # rule, key, locale, table
_STACK = _PROVENANCE + len(FIELDS) * _PER_FIELD  # 16
_PER_REJECTION = 5  # key, locale, table, code, message
_NO_REJECTIONS = [b"0", b"0", b"0"]


class Rejection(NamedTuple):
    """A table string that was found but not shown because the arguments could not satisfy it.

    ``locale`` is ``""`` for an unlocalized table; ``code`` is the formatting failure's stable
    code (``"missing-argument"``, ``"argument-type-mismatch"``, ...).
    """

    key: str
    locale: str
    table: str
    code: str
    message: str

    def __str__(self) -> str:
        # The one-line form the C API's ef_result_rejection gives.
        where = self.locale or "(unlocalized)"
        return f"{self.key} in {where}/{self.table}: {self.message} [{self.code}]"

    def to_dict(self) -> dict[str, str]:
        """The object ``errfmt`` writes for a rejection in its ``--json`` output."""
        return {"key": self.key, "locale": self.locale, "table": self.table, "code": self.code,
                "message": self.message}


class Provenance(NamedTuple):
    """Where one field of a formatted error came from.

    ``rule`` is one of code-key, domain-key, generic-key, button-key, failure-reason,
    recovery-suggestion, description, builtin, empty. ``key``, ``locale`` and ``table`` are None
    unless the rule read a table key; ``locale`` is ``""`` for an unlocalized table.
    """

    rule: str
    key: Optional[str]
    locale: Optional[str]
    table: Optional[str]
    #: Table strings found for the field but not shown, because the arguments could not satisfy
    #: them, in the order they were tried.
    rejections: tuple[Rejection, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The object ``errfmt format --json`` writes for a field's provenance."""
        return {"rule": self.rule, "key": self.key, "locale": self.locale, "table": self.table,
                "rejections": [rejection.to_dict() for rejection in self.rejections]}


def _frozen(self: object, name: str, value: object) -> NoReturn:
    # The exception a frozen dataclass raises (an AttributeError), as FormattedError was one.
    raise FrozenInstanceError(f"cannot assign to field {name!r}: {type(self).__name__} is immutable")


class FormattedError:
    """A localized title, message and button label, with the provenance of each.

    ``stack`` is the lookup stack, most specific first, as spelled in the catalog (``""`` for the
    unlocalized tables). ``provenance`` maps "title", "message" and "button" to
    :class:`Provenance`. ``untranslated`` is True when the preferences asked for no translation
    (``C`` or ``POSIX``).

    Immutable; equal to another with the same contents; hashable; picklable; ``copy.copy`` and
    ``copy.deepcopy`` return it as is.
    """

    # The three texts are slots of their own (read at C speed, as attributes); the packed output
    # (UTF-8 bytes, decoded when the stack or the provenance is first read) holds them too, and
    # everything else.
    __slots__ = ("title", "message", "button", "_packed", "_stack", "_provenance")
    #: The localized title.
    title: str
    #: The localized message (may be empty).
    message: str
    #: The localized button label.
    button: str
    _packed: bytes
    _stack: tuple[str, ...]
    _provenance: Mapping[str, Provenance]

    def __init__(
        self,
        title: str,
        message: str,
        button: str,
        stack: Sequence[str],
        provenance: Mapping[str, Provenance],
        untranslated: bool = False,
    ) -> None:
        """Makes a result from its parts (as :meth:`Catalog.format` returns them)."""
        items = _pack(title, message, button, stack, provenance, untranslated)
        _set_packed(self, "\0".join(items).encode("utf-8", "surrogatepass"))
        _set_title(self, items[_TITLE])
        _set_message(self, items[_MESSAGE])
        _set_button(self, items[_BUTTON])

    @classmethod
    def _from_packed(cls, output: bytes) -> "FormattedError":
        """The result whose packed output (ef_format_packed, without its last NUL) is ``output``."""
        # Only the three texts are cut out and decoded now (the output always has 16 items or
        # more); _stack and _provenance stay unset until first read: making them costs per result.
        header, title, message, button, _ = output.split(b"\0", 4)
        # The 1.3 output ends with one description per rejection, which the value does not keep
        # (it is made again from the rejection's parts, as a value made from its parts has it).
        counts = header.split(b" ")[2:5]
        if counts != _NO_REJECTIONS:
            output = output.rsplit(b"\0", int(counts[0]) + int(counts[1]) + int(counts[2]))[0]
        made = _new(cls)
        _set_packed(made, output)
        _set_title(made, title.decode())
        _set_message(made, message.decode())
        _set_button(made, button.decode())
        return made

    @property
    def untranslated(self) -> bool:
        """True when the preferences asked for no translation (``C`` or ``POSIX``)."""
        return self._packed[:1] == b"1"

    @property
    def stack(self) -> tuple[str, ...]:
        """The localizations searched, in order (``""`` for the unlocalized tables)."""
        try:
            return self._stack
        except AttributeError:
            self._unpack()
            return self._stack

    @property
    def provenance(self) -> Mapping[str, Provenance]:
        """A read-only mapping from "title", "message" and "button" to :class:`Provenance`."""
        try:
            return self._provenance
        except AttributeError:
            self._unpack()
            return self._provenance

    def _unpack(self) -> None:
        """Makes the stack and the provenance from the packed output, one split for both
        (``to_dict`` reads both)."""
        items = self._packed.decode("utf-8", "surrogatepass").split("\0")
        _set_stack(self, tuple(items[_STACK:_STACK + _header(items)[1]]))
        _set_provenance(self, types.MappingProxyType(_unpack_provenance(items)))

    def to_dict(self) -> dict[str, Any]:
        """The object ``errfmt format --json`` prints for the same error: title, message, button,
        stack (a list), untranslated, and provenance (field -> rule, key, locale, table,
        rejections)."""
        return {
            "title": self.title,
            "message": self.message,
            "button": self.button,
            "stack": list(self.stack),
            "untranslated": self.untranslated,
            "provenance": {field: self.provenance[field].to_dict() for field in FIELDS},
        }

    # The packed output is canonical (the same contents always pack the same way), so it is what
    # equality and hashing compare.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FormattedError):
            return NotImplemented
        return self._packed == other._packed

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, FormattedError):
            return NotImplemented
        return self._packed != other._packed

    def __hash__(self) -> int:
        return hash(self._packed)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by value through the public constructor, not by the packed layout, so that a
        # pickle outlives a change of layout.
        return (type(self), (self.title, self.message, self.button, self.stack,
                             dict(self.provenance), self.untranslated))

    def __copy__(self) -> "FormattedError":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "FormattedError":
        return self

    def __repr__(self) -> str:
        return (f"FormattedError(title={self.title!r}, message={self.message!r}, "
                f"button={self.button!r}, stack={self.stack!r}, "
                f"provenance={dict(self.provenance)!r}, untranslated={self.untranslated!r})")

    __setattr__ = _frozen

    def __delattr__(self, name: str) -> NoReturn:
        _frozen(self, name, None)


_new = object.__new__
# The slots' own setters: they bypass the __setattr__ that makes instances immutable.
_set_packed = FormattedError.__dict__["_packed"].__set__
_set_title = FormattedError.__dict__["title"].__set__
_set_message = FormattedError.__dict__["message"].__set__
_set_button = FormattedError.__dict__["button"].__set__
_set_stack = FormattedError.__dict__["_stack"].__set__
_set_provenance = FormattedError.__dict__["_provenance"].__set__


def _header(items: Sequence[str]) -> list[int]:
    """untranslated, stack count, the rejection counts of the three fields, the null mask."""
    return [int(number) for number in items[_HEADER].split(" ")]


def _unpack_provenance(items: Sequence[str]) -> dict[str, Provenance]:
    _, stack_count, *rejection_counts, null_mask = _header(items)
    provenance = {}
    position = _STACK + stack_count
    for index, field in enumerate(FIELDS):
        start = _PROVENANCE + index * _PER_FIELD
        rule, key, locale, table = items[start:start + _PER_FIELD]
        rejections = []
        for _ in range(rejection_counts[index]):
            rejections.append(Rejection(*items[position:position + _PER_REJECTION]))
            position += _PER_REJECTION
        provenance[field] = Provenance(
            rule,
            None if null_mask >> (3 * index) & 1 else key,
            None if null_mask >> (3 * index + 1) & 1 else locale,
            None if null_mask >> (3 * index + 2) & 1 else table,
            tuple(rejections),
        )
    return provenance


def _pack(
    title: str,
    message: str,
    button: str,
    stack: Iterable[str],
    provenance: Mapping[str, Provenance],
    untranslated: bool,
) -> list[str]:
    """The items ef_format_packed would write for these parts."""
    stack = list(stack)
    origins = [provenance[field] for field in FIELDS]
    null_mask = 0
    for index, origin in enumerate(origins):
        for bit, value in enumerate((origin.key, origin.locale, origin.table)):
            if value is None:
                null_mask |= 1 << (3 * index + bit)
    counts = [len(origin.rejections) for origin in origins]
    items = [" ".join(map(str, (int(bool(untranslated)), len(stack), *counts, null_mask))),
             title, message, button]
    for origin in origins:
        items += [origin.rule, origin.key or "", origin.locale or "", origin.table or ""]
    items += stack
    for origin in origins:
        for rejection in origin.rejections:
            items += list(Rejection(*rejection))
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"FormattedError parts must be str, not {type(item).__name__}")
    return items


@dataclass(frozen=True)
class LookupResult:
    """The rendered value of a key (None if no localization has a usable one), the localization
    that supplied it (``""`` for an unlocalized table, None if not found), the table searched,
    and the strings skipped because the arguments could not satisfy them."""

    value: Optional[str]
    locale: Optional[str]
    table: str
    rejections: tuple[Rejection, ...]

    @classmethod
    def _from_packed(cls, items: list[str]) -> "LookupResult":
        """The lookup whose packed output (ef_catalog_lookup_packed) split into ``items``."""
        found, count = (int(number) for number in items[0].split(" "))
        rejections = tuple(Rejection(*items[start:start + _PER_REJECTION])
                           for start in range(4, 4 + count * _PER_REJECTION, _PER_REJECTION))
        return cls(items[1] if found else None, items[2] if found else None, items[3], rejections)

    def to_dict(self) -> dict[str, Any]:
        """The object ``errfmt lookup --json`` prints for the same lookup; its rejections are
        under ``"diagnostics"``, the name that command has always given them."""
        return {"value": self.value, "locale": self.locale, "table": self.table,
                "diagnostics": [rejection.to_dict() for rejection in self.rejections]}


__all__ = ["FIELDS", "FormattedError", "LookupResult", "Provenance", "Rejection"]
