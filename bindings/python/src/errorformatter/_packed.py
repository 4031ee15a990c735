"""Calling ``ef_format_packed`` and ``ef_catalog_lookup_packed``: one C call per result.

The functions are the ``_ffi.unconverted`` declarations (no argument types): every argument
is passed as a ctypes object of its C type, ``bytes`` or ``None``, never as a Python int.

Every ctypes call costs about a microsecond, more than the library takes to format an error, so
a result comes back in one call, as NUL-terminated strings written into a buffer the binding
owns: no handle to free, no getter per string. The buffer and the objects that go with it
(the out-parameters, the capacity, the error code) are made once and reused: each thread keeps
a small pool of them. A call takes one from its thread's pool and gives it back when done, so
a call that starts while another on the same thread is between its C call and reading the
output (a finalizer run by garbage collection, which any allocation can trigger) gets a buffer
of its own instead of overwriting that output.
"""

from __future__ import annotations

import ctypes
import threading
from ctypes import c_int64, c_size_t
from typing import Any, Callable

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
                 "details", "details_pointer", "code")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.data = bytearray(capacity)
        # The library writes into the bytearray through this view (an array passes its address);
        # the bytearray cannot be resized while the view exists.
        self.view = (ctypes.c_char * capacity).from_buffer(self.data)
        self.capacity_argument = c_size_t(capacity)
        self.length = c_size_t()
        self.length_pointer = ctypes.pointer(self.length)
        self.details = _ffi.ErrorDetailsP()
        self.details_pointer = ctypes.pointer(self.details)
        #: The error code of ef_format_packed, set before each call (a c_int64 passes 64 bits).
        self.code = c_int64()

    def take_over(self, other: "Scratch") -> None:
        """Becomes ``other`` (its buffer and objects), which is not used any more."""
        for name in Scratch.__slots__:
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


format_packed = _ffi.unconverted("ef_format_packed")
lookup_packed = _ffi.unconverted("ef_catalog_lookup_packed")


def call(function: Callable[..., int], *arguments: Any, accept: int = _ffi.EF_OK) -> tuple[int, str]:
    """Calls a packed function with ``arguments`` between its buffer parameters and ``err``, and
    returns its status and its output (the items separated by NULs). Raises on any status but
    EF_OK and ``accept``."""
    pool = scratch_pool()
    scratch = pool.pop() if pool else Scratch(INITIAL_CAPACITY)
    try:
        status = function(scratch.length_pointer, scratch.view, scratch.capacity_argument, *arguments,
                          scratch.details_pointer)
        length = scratch.length.value
        if status or not 0 < length <= scratch.capacity:
            return finish(status, scratch, function, arguments, accept)
        return status, scratch.data[:length - 1].decode()
    finally:
        pool.append(scratch)


def finish(status: int, scratch: Scratch, function: Callable[..., int], arguments: tuple[Any, ...],
           accept: int = _ffi.EF_OK) -> tuple[int, str]:
    """The rest of a call that did not simply succeed: raises for a failure, and calls again
    with a buffer of the size the library asked for when the output did not fit."""
    if status and status != accept:
        _raise(status, scratch)
    length = scratch.length.value
    if length > scratch.capacity:
        # Formatting is deterministic, so the same call again fits. The thread's pool gets the
        # larger buffer in place of the one that was too small, up to a bound.
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
        length = min(scratch.length.value, scratch.capacity)
    if status:
        _lib.ef_error_details_free(scratch.details)
    if length == 0:
        raise make_error(_ffi.EF_E_INTERNAL, "the library wrote no result")
    return status, scratch.data[:length - 1].decode()


def _raise(status: int, scratch: Scratch) -> None:
    try:
        raise error_from_details(status, scratch.details)
    finally:
        _lib.ef_error_details_free(scratch.details)
