"""Calling ``ef_format_packed_reusable`` and ``ef_catalog_lookup_packed_v2``: one C call per result.

The functions are the ``_ffi.unconverted`` declarations (no argument types): every argument
is passed as a ctypes object of its C type, ``bytes`` or ``None``, never as a Python int.

Every ctypes call costs about a microsecond, more than the library takes to format an error, so
a result comes back in one call, as NUL-terminated strings written into a buffer the binding
owns: no handle to free, no getter per string. A ctypes call also costs per parameter (some
hundreds of instructions each), so a format passes its whole request (domain, code, texts,
table, arguments) as one run of bytes (pack_request). The buffer and the objects that go with it
(the out-parameters, the capacity, the request's length, an ef_error_info for a lookup's
arguments) are made once and reused: each thread keeps a small pool of them. A call takes one
from its thread's pool and gives it back when done, so a call that starts while another on the
same thread is between its C call and reading the output (a finalizer run by garbage
collection, which any allocation can trigger) gets a buffer of its own instead of overwriting
that output.
"""

from __future__ import annotations

import ctypes
import struct
import threading
import weakref
from ctypes import c_double, c_int32, c_int64, c_size_t, c_uint64
from typing import Any, Callable, Optional, Sequence

from . import _ffi
from ._errors import error_from_details, make_error

_lib = _ffi.lib

#: Room for any result without a long stack or many rejections; a larger one is made on demand.
INITIAL_CAPACITY = 4096
#: A buffer grows to at most this and is kept; a result larger still gets a buffer of its own.
_KEPT_CAPACITY = 1 << 16


class Scratch:
    """A buffer for packed output and the ctypes objects a packed call passes with it."""

    __slots__ = ("capacity", "data", "view", "capacity_argument", "length", "length_pointer",
                 "reusable", "reusable_pointer", "details", "details_pointer", "request_length", "arguments",
                 "integer", "unsigned", "real", "__weakref__")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.data = bytearray(capacity)
        # The library writes into the bytearray through this view (an array passes its address);
        # the bytearray cannot be resized while the view exists.
        self.view = (ctypes.c_char * capacity).from_buffer(self.data)
        self.capacity_argument = c_size_t(capacity)
        self.length = c_size_t()
        self.length_pointer = ctypes.pointer(self.length)
        #: Whether the output of ef_format_packed_reusable answers later calls (1) or not (0).
        self.reusable = c_int32()
        self.reusable_pointer = ctypes.pointer(self.reusable)
        self.details = _ffi.ErrorDetailsP()
        self.details_pointer = ctypes.pointer(self.details)
        #: The length of ef_format_packed_reusable's request, set before each call (a c_size_t
        #: passes 64 bits).
        self.request_length = c_size_t()
        #: An ef_error_info that carries a call's arguments, made on first use, emptied and
        #: refilled for each call that has arguments, freed with this object.
        self.arguments: Optional[_ffi.ErrorInfoP] = None
        # An argument's value as the ef_error_info_add_* calls take it, set before each.
        self.integer = c_int64()
        self.unsigned = c_uint64()
        self.real = c_double()

    def take_over(self, other: "Scratch") -> None:
        """Takes ``other``'s buffer and the objects that go with it (``other`` is not used
        again); keeps its own arguments and their values, which the call in progress passed."""
        for name in ("capacity", "data", "view", "capacity_argument", "length", "length_pointer",
                     "details", "details_pointer"):
            setattr(self, name, getattr(other, name))


#: Per thread: ``pool``, made by scratch_pool() (the hot path reads ``local.pool`` itself and
#: calls scratch_pool() only when the thread has none yet).
local = threading.local()


def scratch_pool() -> list[Scratch]:
    """The calling thread's pool of buffers: take one with ``pop()`` (or make one when it is
    empty) and give it back with ``append()``."""
    try:
        pool: list[Scratch] = local.pool
    except AttributeError:
        pool = local.pool = [Scratch(INITIAL_CAPACITY)]
    return pool


format_packed_reusable = _ffi.unconverted("ef_format_packed_reusable")
lookup_packed = _ffi.unconverted("ef_catalog_lookup_packed_v2")
_clear_arguments = _ffi.unconverted("ef_error_info_clear_arguments")
_add_string = _ffi.unconverted("ef_error_info_add_string")
_add_int64 = _ffi.unconverted("ef_error_info_add_int64")
_add_uint64 = _ffi.unconverted("ef_error_info_add_uint64")
_add_double = _ffi.unconverted("ef_error_info_add_double")

_INT64_MIN = _ffi.INT64_MIN
_INT64_MAX = _ffi.INT64_MAX
_UINT64_MAX = _ffi.UINT64_MAX


def fill_arguments(scratch: Scratch, arguments: Sequence[object]) -> Optional[_ffi.ErrorInfoP]:
    """The ef_error_info to pass for ``arguments``: ``scratch``'s own, emptied and filled with
    them, typed from the Python values (``str`` as a string, ``int`` as a signed or, above
    2**63-1, unsigned 64-bit integer, ``float`` as a double), or None when there are none.

    Raises TypeError for a value of another type (``bool`` included: it is ambiguous) or for a
    single string passed as the sequence, InvalidUTF8Error for a string with a lone surrogate,
    InvalidArgumentError for an integer beyond 64 bits or more arguments than the library takes.
    """
    if arguments.__class__ is not list and isinstance(arguments, (str, bytes)):
        raise TypeError("arguments must be a sequence of values, not a single string")
    if not arguments:
        return None
    info = scratch.arguments
    if info is None:
        info = _ffi.ErrorInfoP()
        details = _ffi.ErrorDetailsP()
        status = _lib.ef_error_info_new(ctypes.byref(info), b"", 0, ctypes.byref(details))
        if status:
            try:
                raise error_from_details(status, details)
            finally:
                _lib.ef_error_details_free(details)
        scratch.arguments = info
        weakref.finalize(scratch, _lib.ef_error_info_free, info)
    err = scratch.details_pointer
    status = _clear_arguments(info, err)
    position = 0
    for argument in arguments:
        if status:
            break
        position += 1
        kind = argument.__class__
        if kind is bool:
            raise TypeError(f"argument {position}: bool is ambiguous; pass int(value) or a str")
        if kind is str or isinstance(argument, str):
            try:
                encoded = str.encode(argument)  # type: ignore[arg-type]
            except UnicodeEncodeError as exc:
                raise make_error(_ffi.EF_E_INVALID_UTF8,
                                 f"argument {position} is not valid Unicode: {exc.reason}") from exc
            status = _add_string(info, encoded, err)
        elif kind is int or isinstance(argument, int):
            value = int(argument)  # type: ignore[arg-type]
            if _INT64_MIN <= value <= _INT64_MAX:
                scratch.integer.value = value
                status = _add_int64(info, scratch.integer, err)
            elif _INT64_MAX < value <= _UINT64_MAX:
                scratch.unsigned.value = value
                status = _add_uint64(info, scratch.unsigned, err)
            else:
                raise make_error(_ffi.EF_E_INVALID_ARGUMENT,
                                 f"argument {position} ({_quoted(value)}) does not fit in 64 bits")
        elif kind is float or isinstance(argument, float):
            scratch.real.value = float(argument)  # type: ignore[arg-type]
            status = _add_double(info, scratch.real, err)
        else:
            raise TypeError(f"argument {position}: expected str, int or float, "
                            f"not {type(argument).__name__}")
    if status:
        _raise(status, scratch)
    return info


_PACK_INT = struct.Struct("<cq").pack
_PACK_UINT = struct.Struct("<cQ").pack
_PACK_DOUBLE = struct.Struct("<cd").pack
_NO_PACKED_ARGUMENTS = b""


def pack_arguments(arguments: Sequence[object]) -> bytes:
    """``arguments`` packed as ef_format_packed_reusable takes them (see the header): each a kind
    byte and its value, ``s`` and a ``str``'s UTF-8 then a NUL, ``n`` and an ``int`` in decimal
    then a NUL, ``d`` and eight little-endian bytes of a double (``i`` and ``u``, an int's
    binary, for a subclass of int).

    Raises as :func:`fill_arguments` does (the library reports too many arguments and an
    integer beyond 64 bits), and InvalidArgumentError for a string holding a NUL, which would
    end the argument there."""
    # The common case, every argument a plain str (without a NUL) or int, made as one text and
    # encoded once (str formatting is the cheapest thing Python does). The library types each
    # decimal as the one-by-one road does, and refuses one that does not fit in 64 bits.
    if arguments.__class__ is list or arguments.__class__ is tuple:
        run = ""
        try:
            for argument in arguments:
                kind = argument.__class__
                if kind is str and "\0" not in argument:
                    run += f"s{argument}\0"
                elif kind is int:
                    run += f"n{argument}\0"
                else:
                    break
            else:
                return run.encode()
        except (ValueError, UnicodeEncodeError):
            pass  # an int too long to print, a lone surrogate: said below, argument by argument
    return _pack_one_by_one(arguments)


def _pack_one_by_one(arguments: Sequence[object]) -> bytes:
    """pack_arguments for any sequence and any value, each checked and packed on its own, with
    the exception that names the argument at fault."""
    if arguments.__class__ is not list and isinstance(arguments, (str, bytes)):
        raise TypeError("arguments must be a sequence of values, not a single string")
    if not arguments:
        return _NO_PACKED_ARGUMENTS
    parts = []
    position = 0
    for argument in arguments:
        position += 1
        kind = argument.__class__
        if kind is str or (kind is not bool and isinstance(argument, str)):
            try:
                encoded = str.encode(argument)  # type: ignore[arg-type]
            except UnicodeEncodeError as exc:
                raise make_error(_ffi.EF_E_INVALID_UTF8,
                                 f"argument {position} is not valid Unicode: {exc.reason}") from exc
            if b"\0" in encoded:
                raise make_error(_ffi.EF_E_INVALID_ARGUMENT,
                                 f"argument {position} holds a NUL character, which would end it")
            parts.append(b"s" + encoded + b"\0")
        elif kind is bool:
            raise TypeError(f"argument {position}: bool is ambiguous; pass int(value) or a str")
        elif kind is int or isinstance(argument, int):
            value = int(argument)  # type: ignore[arg-type]
            if _INT64_MIN <= value <= _INT64_MAX:
                parts.append(_PACK_INT(b"i", value))
            elif _INT64_MAX < value <= _UINT64_MAX:
                parts.append(_PACK_UINT(b"u", value))
            else:
                raise make_error(_ffi.EF_E_INVALID_ARGUMENT,
                                 f"argument {position} ({_quoted(value)}) does not fit in 64 bits")
        elif kind is float or isinstance(argument, float):
            parts.append(_PACK_DOUBLE(b"d", float(argument)))  # type: ignore[arg-type]
        else:
            raise TypeError(f"argument {position}: expected str, int or float, "
                            f"not {type(argument).__name__}")
    return b"".join(parts)


def pack_request(domain: str, code: int, description: Optional[str], failure_reason: Optional[str],
                 recovery_suggestion: Optional[str], table: Optional[str],
                 arguments: Sequence[object]) -> bytes:
    """The request of ef_format_packed_reusable (see the header): the domain and the code in
    decimal, each then a NUL, then ``D`` the description, ``F`` the failure reason, ``R`` the
    recovery suggestion and ``T`` the table, those given, each a kind byte, its UTF-8 and a NUL,
    then the packed arguments (:func:`pack_arguments`). ``code`` is an int of 64 signed bits.

    Raises TypeError for a text that is not a str, InvalidUTF8Error for one with a lone
    surrogate, InvalidArgumentError for one holding a NUL (it would end the text there), and
    what pack_arguments raises."""
    parts = [_encode_text(domain, "domain"), b"%d\0" % code]
    for kind, text, what in ((b"D", description, "description"), (b"F", failure_reason, "failure_reason"),
                             (b"R", recovery_suggestion, "recovery_suggestion"), (b"T", table, "table")):
        if text is not None:
            parts.append(kind + _encode_text(text, what))
    parts.append(pack_arguments(arguments))
    return b"".join(parts)


def encode(value: str, what: str) -> bytes:
    """UTF-8 bytes of ``value``; a lone surrogate becomes InvalidUTF8Error, as the C API would."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be str, not {type(value).__name__}")
    try:
        # str.encode, not value.encode: a subclass's override could return something else,
        # and what this returns goes to a C call as a char *.
        return str.encode(value, "utf-8")
    except UnicodeEncodeError as exc:
        raise make_error(_ffi.EF_E_INVALID_UTF8, f"{what} is not valid Unicode: {exc.reason}") from exc


def _encode_text(text: str, what: str) -> bytes:
    """``text``'s UTF-8 and the NUL that ends it in a request."""
    encoded = encode(text, what)
    if b"\0" in encoded:
        raise make_error(_ffi.EF_E_INVALID_ARGUMENT, f"{what} holds a NUL character, which would end it")
    return encoded + b"\0"


def call(scratch: Scratch, function: Callable[..., int], *arguments: Any,
         accept: int = _ffi.EF_OK) -> tuple[int, bytes]:
    """Calls a packed function with ``scratch``'s buffer, then ``arguments``, then ``err``, and
    returns its status and its whole output (docs/packed-format.md: the items, each ended by a
    NUL), for the results' decoders to check and read. Raises on any status but EF_OK and
    ``accept``. The caller took ``scratch`` from its thread's pool and gives it back."""
    status = function(scratch.length_pointer, scratch.view, scratch.capacity_argument, *arguments,
                      scratch.details_pointer)
    length = scratch.length.value
    if status or not 0 < length <= scratch.capacity:
        return finish(status, scratch, function, arguments, accept)
    # A slice of a c_char array is bytes (typeshed says a list).
    return status, scratch.view[:length]  # type: ignore[return-value]


def finish(status: int, scratch: Scratch, function: Callable[..., int], arguments: tuple[Any, ...],
           accept: int = _ffi.EF_OK) -> tuple[int, bytes]:
    """The rest of a call that did not simply succeed: raises for a failure, and calls again
    with a buffer of the size the library asked for when the output did not fit (once: the
    output is deterministic). Returns the status and the whole output."""
    if status and status != accept:
        _raise(status, scratch)
    length = scratch.length.value
    if length > scratch.capacity:
        # The same call again fits. The thread's pool gets the larger buffer in place of the one
        # that was too small, up to a bound.
        if status:
            _lib.ef_error_details_free(scratch.details)
        larger = Scratch(length)
        status = function(larger.length_pointer, larger.view, larger.capacity_argument, *arguments,
                          larger.details_pointer)
        if status and status != accept:
            _raise(status, larger)
        if length <= _KEPT_CAPACITY:
            # The caller gives `scratch` back to the pool: it keeps the larger buffer from now on.
            scratch.take_over(larger)
        scratch = larger
        if scratch.length.value > scratch.capacity:
            if status:
                _lib.ef_error_details_free(scratch.details)
            raise make_error(_ffi.EF_E_INTERNAL, f"the library asked for {length} bytes, then for "
                             f"{scratch.length.value}: its output changed between two equal calls")
        length = scratch.length.value
    if status:
        _lib.ef_error_details_free(scratch.details)
    if length == 0:
        raise make_error(_ffi.EF_E_INTERNAL, "the library wrote no result")
    return status, scratch.view[:length]  # type: ignore[return-value]


def _quoted(value: int) -> str:
    """An integer as an error message shows it: its digits, or its size when they are too many to
    print (Python refuses to print an int of more than 4,300 digits)."""
    return str(value) if value.bit_length() <= 256 else f"an integer of {value.bit_length()} bits"


def _raise(status: int, scratch: Scratch) -> None:
    try:
        raise error_from_details(status, scratch.details)
    finally:
        _lib.ef_error_details_free(scratch.details)
