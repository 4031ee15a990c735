"""What formatting and lookups return: plain immutable values that hash, compare, pickle, copy
and convert to the dictionaries of ``errfmt format --json`` and ``errfmt lookup --json``.

A :class:`FormattedError` is made from the output of ``ef_format_packed_reusable`` (one C call
per result; docs/packed-format.md specifies it) and keeps that output as it came, decoded to one
text; only the title, message and button are cut out of it at once, the lookup stack and the
provenance when first read. That cache is invisible: equality, hashing and pickling see values.
An output is checked before it is read (its last NUL, its header, its item count, its UTF-8):
one the format does not allow is the library's fault, raised as :class:`InternalError`.
"""

from __future__ import annotations

import re
import types
from dataclasses import FrozenInstanceError, dataclass
from typing import Any, Iterable, Mapping, NamedTuple, NoReturn, Optional, Sequence

from . import _ffi
from ._errors import ErrorFormatterError, make_error

#: The fields of a formatted error, in the library's order (EF_FIELD_TITLE, _MESSAGE, _BUTTON).
FIELDS = ("title", "message", "button")

# Positions in the packed outputs: the header's EF_PACKED_* macros, from _ffi.
_HEADER = _ffi.EF_PACKED_HEADER
_TITLE = _ffi.EF_PACKED_TITLE
_MESSAGE = _ffi.EF_PACKED_MESSAGE
_BUTTON = _ffi.EF_PACKED_BUTTON
_PROVENANCE = _ffi.EF_PACKED_PROVENANCE
_PER_FIELD = _ffi.EF_PACKED_PROVENANCE_ITEMS
_STACK = _ffi.EF_PACKED_STACK
_PER_REJECTION = _ffi.EF_PACKED_REJECTION_ITEMS
_NULL_KEY = _ffi.EF_PACKED_NULL_KEY
_NULL_LOCALE = _ffi.EF_PACKED_NULL_LOCALE
_NULL_TABLE = _ffi.EF_PACKED_NULL_TABLE
_LOOKUP_VALUE = _ffi.EF_PACKED_LOOKUP_VALUE
_LOOKUP_LOCALE = _ffi.EF_PACKED_LOOKUP_LOCALE
_LOOKUP_TABLE = _ffi.EF_PACKED_LOOKUP_TABLE
_LOOKUP_REJECTIONS = _ffi.EF_PACKED_LOOKUP_REJECTIONS
# Each rejection's items in a 1.3 output: its five parts, and its description after them all.
_ITEMS_PER_REJECTION = _PER_REJECTION + 1
# The null mask's bits: three per field.
_NULL_MASK_LIMIT = 1 << (3 * len(FIELDS))


class Rejection(NamedTuple):
    """A table string that was found but not shown because the arguments could not satisfy it.

    ``locale`` is ``""`` for an unlocalized table; ``code`` is the formatting failure's stable
    code (``"missing-argument"``, ``"wrong-argument-type"``, ...). ``description`` is the
    library's one-line text for it (``ef_result_rejection``); a rejection made by hand has the
    description it is given, ``""`` by default. A rejection is its six values: two are equal
    when all six are.
    """

    key: str
    locale: str
    table: str
    code: str
    message: str
    description: str = ""

    def __str__(self) -> str:
        # The library's text, never rebuilt here from the parts; a rejection made without one
        # says only its message.
        return self.description or self.message

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
    # (one text, the items and their NULs, split when the stack or the provenance is first read)
    # holds them too, and everything else.
    __slots__ = ("title", "message", "button", "_packed", "_stack", "_provenance")
    #: The localized title.
    title: str
    #: The localized message (may be empty).
    message: str
    #: The localized button label.
    button: str
    _packed: str
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
        _set_packed(self, "\0".join(items) + "\0")
        _set_title(self, items[_TITLE])
        _set_message(self, items[_MESSAGE])
        _set_button(self, items[_BUTTON])

    @classmethod
    def _from_output(cls, output: bytes) -> "FormattedError":
        """The result whose ``ef_format_packed_reusable`` output (all of it, its last NUL
        included) is ``output``; InternalError when the format does not allow it."""
        # Only the three texts are cut out now; _stack and _provenance stay unset until first
        # read: making them costs per result. The checks cost little more than one pass over the
        # text: a header seen before is not parsed again.
        try:
            text = output.decode()
            header, title, message, button, _ = text.split("\0", 4)
        except (UnicodeDecodeError, ValueError):
            raise _format_malformed(output) from None
        count = _FORMAT_ITEM_COUNTS.get(header)
        if count is None:
            count = _format_item_count(header, len(output))
        if text.count("\0") != count or text[-1] != "\0":
            raise _format_malformed(output)
        made = _new(cls)
        _set_packed(made, text)
        _set_title(made, title)
        _set_message(made, message)
        _set_button(made, button)
        return made

    @property
    def untranslated(self) -> bool:
        """True when the preferences asked for no translation (``C`` or ``POSIX``)."""
        return self._packed[:1] == "1"

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
        items = self._packed.split("\0")
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

    # The packed output is canonical (the same contents always pack the same way, the
    # rejections' descriptions included), so it is what equality and hashing compare.
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


# --------------------------------------------------------------------- checking an output

#: A number of a header item: decimal digits, no sign, no leading zero.
_HEADER_NUMBER = re.compile(r"0|[1-9][0-9]*")
#: The item counts of the format headers seen so far, by header: a few dozen in practice (a
#: header is the stack's length, three rejection counts and a null mask), kept up to a bound.
_FORMAT_ITEM_COUNTS: dict[str, int] = {}
_KEPT_HEADERS = 1024


def _malformed(what: str, reason: str) -> ErrorFormatterError:
    return make_error(_ffi.EF_E_INTERNAL, f"the library's packed {what} output is malformed: {reason}")


def _header_numbers(header: str, count: int, counted: int, output_length: int, what: str) -> list[int]:
    """The numbers of a header item that must hold ``count`` of them (docs/packed-format.md,
    "What a decoder must refuse"), the first a flag (0 or 1) and the ``counted`` first ones each
    at most ``output_length``: a count of items, each at least a byte, cannot be more."""
    parts = header.split(" ")
    if len(parts) != count or not all(_HEADER_NUMBER.fullmatch(part) for part in parts):
        raise _malformed(what, f"the header {header[:80]!r} is not {count} numbers")
    # Measured by their digits first: no number of a header has more than 20 (Python would
    # refuse to read past 4,300).
    if any(len(part) > 20 for part in parts) or any(int(part) > output_length for part in parts[:counted]):
        raise _malformed(what, f"the header {header[:80]!r} counts more items than the output can hold")
    numbers = [int(part) for part in parts]
    if numbers[0] > 1:
        raise _malformed(what, f"the header {header[:80]!r} starts with {numbers[0]}, not 0 or 1")
    return numbers


def _format_item_count(header: str, output_length: int) -> int:
    """The number of items a format output with this header has (16 + S + 6R); raises when the
    header is not one the format allows."""
    numbers = _header_numbers(header, _ffi.EF_PACKED_FORMAT_HEADER_NUMBERS, 5, output_length, "format")
    if numbers[5] >= _NULL_MASK_LIMIT:
        raise _malformed("format", f"the header {header[:80]!r} has a null mask past its nine bits")
    count = _STACK + numbers[1] + _ITEMS_PER_REJECTION * (numbers[2] + numbers[3] + numbers[4])
    if len(_FORMAT_ITEM_COUNTS) < _KEPT_HEADERS:
        _FORMAT_ITEM_COUNTS[header] = count
    return count


def _format_malformed(output: bytes) -> ErrorFormatterError:
    """What is wrong with a format output that failed the quick checks, in words."""
    return _malformed("format", _what_is_wrong(output, "format"))


def _what_is_wrong(output: bytes, what: str) -> str:
    if not output:
        return "it is empty"
    if output[-1:] != b"\0":
        return "its last byte is not a NUL"
    try:
        text = output.decode()
    except UnicodeDecodeError as error:
        return f"it is not UTF-8 at byte {error.start}"
    header = text[:text.index("\0")]
    if what == "format":
        expected = _format_item_count(header, len(output))
    else:
        expected = _lookup_item_count(_lookup_header(header, len(output)))
    return f"it has {text.count(chr(0))} items where its header says {expected}"


def _header(items: Sequence[str]) -> list[int]:
    """untranslated, stack count, the rejection counts of the three fields, the null mask."""
    return [int(number) for number in items[_HEADER].split(" ")]


def _rejection(items: Sequence[str], start: int, description: int) -> Rejection:
    """The rejection whose five items start at ``start`` and whose description is item
    ``description``."""
    return Rejection(items[start], items[start + 1], items[start + 2], items[start + 3], items[start + 4],
                     items[description])


def _unpack_provenance(items: Sequence[str]) -> dict[str, Provenance]:
    _, stack_count, *rejection_counts, null_mask = _header(items)
    provenance = {}
    position = _STACK + stack_count
    description = position + _PER_REJECTION * sum(rejection_counts)
    for index, field in enumerate(FIELDS):
        start = _PROVENANCE + index * _PER_FIELD
        rule, key, locale, table = items[start:start + _PER_FIELD]
        rejections = []
        for _ in range(rejection_counts[index]):
            rejections.append(_rejection(items, position, description))
            position += _PER_REJECTION
            description += 1
        provenance[field] = Provenance(
            rule,
            None if null_mask & _NULL_KEY[index] else key,
            None if null_mask & _NULL_LOCALE[index] else locale,
            None if null_mask & _NULL_TABLE[index] else table,
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
    """The items ef_format_packed_reusable would write for these parts."""
    stack = list(stack)
    origins = [provenance[field] for field in FIELDS]
    null_mask = 0
    for index, origin in enumerate(origins):
        for bits, value in ((_NULL_KEY, origin.key), (_NULL_LOCALE, origin.locale), (_NULL_TABLE, origin.table)):
            if value is None:
                null_mask |= bits[index]
    counts = [len(origin.rejections) for origin in origins]
    items = [" ".join(map(str, (int(bool(untranslated)), len(stack), *counts, null_mask))),
             title, message, button]
    for origin in origins:
        items += [origin.rule, origin.key or "", origin.locale or "", origin.table or ""]
    items += stack
    rejections = [Rejection(*rejection) for origin in origins for rejection in origin.rejections]
    for rejection in rejections:
        items += rejection[:_PER_REJECTION]
    items += [rejection.description for rejection in rejections]
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"FormattedError parts must be str, not {type(item).__name__}")
    return items


# --------------------------------------------------------------------- lookups

def _lookup_header(header: str, output_length: int) -> list[int]:
    """found and R; raises when the header is not one the format allows."""
    return _header_numbers(header, _ffi.EF_PACKED_LOOKUP_HEADER_NUMBERS, 2, output_length, "lookup")


def _lookup_item_count(numbers: Sequence[int]) -> int:
    """4 + 6R: the items of an ef_catalog_lookup_packed_v2 output."""
    return _LOOKUP_REJECTIONS + _ITEMS_PER_REJECTION * numbers[1]


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
    def _from_output(cls, output: bytes) -> "LookupResult":
        """The lookup whose ``ef_catalog_lookup_packed_v2`` output (all of it, its last NUL
        included) is ``output``; InternalError when the format does not allow it."""
        if output[-1:] != b"\0":
            raise _malformed("lookup", _what_is_wrong(output, "lookup"))
        try:
            items = output[:-1].decode().split("\0")
        except UnicodeDecodeError:
            raise _malformed("lookup", _what_is_wrong(output, "lookup")) from None
        found, count = _lookup_header(items[_HEADER], len(output))
        if len(items) != _lookup_item_count((found, count)):
            raise _malformed("lookup", _what_is_wrong(output, "lookup"))
        described = _LOOKUP_REJECTIONS + _PER_REJECTION * count
        rejections = tuple(_rejection(items, start, described + index)
                           for index, start in enumerate(range(_LOOKUP_REJECTIONS, described, _PER_REJECTION)))
        return cls(items[_LOOKUP_VALUE] if found else None, items[_LOOKUP_LOCALE] if found else None,
                   items[_LOOKUP_TABLE], rejections)

    def to_dict(self) -> dict[str, Any]:
        """The object ``errfmt lookup --json`` prints for the same lookup; its rejections are
        under ``"diagnostics"``, the name that command has always given them."""
        return {"value": self.value, "locale": self.locale, "table": self.table,
                "diagnostics": [rejection.to_dict() for rejection in self.rejections]}


__all__ = ["FIELDS", "FormattedError", "LookupResult", "Provenance", "Rejection"]
