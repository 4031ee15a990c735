"""Calling ``ef_format_packed`` and ``ef_catalog_lookup_packed``: one C call per result.

The functions are the ``_ffi.untyped`` declarations: every pointer goes in as an address.

Every ctypes call costs about a microsecond, more than the library takes to format an error, so
a result comes back in one call, as NUL-terminated strings written into a buffer the binding
owns: no handle to free, no getter per string. Each thread keeps its own buffer (the library
writes into it with the GIL released) and the out-parameters that go with it, made once.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any, Callable

from . import _ffi
from ._errors import error_from_details, make_error

_lib = _ffi.lib

#: Room for any result without a long stack or many rejections; a larger one is made on demand.
_INITIAL_CAPACITY = 4096
#: A thread's buffer grows to at most this; a result larger still gets a buffer of its own.
_KEPT_CAPACITY = 1 << 16


class _Scratch:
    """One thread's buffer and out-parameters."""

    __slots__ = ("capacity", "data", "view", "address", "length", "length_pointer", "details",
                 "details_pointer")

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.data = bytearray(capacity)
        # The buffer is passed by address (a c_void_p from an int is the cheapest conversion
        # ctypes makes); the bytearray keeps the memory alive and cannot be resized while the
        # ctypes view over it exists.
        self.view = (ctypes.c_char * capacity).from_buffer(self.data)
        self.address = ctypes.addressof(self.view)
        # Passed by address too: the packed functions are declared with untyped pointers.
        self.length = ctypes.c_size_t()
        self.length_pointer = ctypes.addressof(self.length)
        self.details = _ffi.ErrorDetailsP()
        self.details_pointer = ctypes.addressof(self.details)


_local = threading.local()


def scratch_buffer() -> _Scratch:
    """The calling thread's buffer and out-parameters."""
    try:
        scratch: _Scratch = _local.scratch
    except AttributeError:
        scratch = _local.scratch = _Scratch(_INITIAL_CAPACITY)
    return scratch


format_packed = _ffi.untyped("ef_format_packed")
lookup_packed = _ffi.untyped("ef_catalog_lookup_packed")


def call(function: Callable[..., int], *arguments: Any, accept: int = _ffi.EF_OK) -> tuple[int, list[str]]:
    """Calls a packed function with ``arguments`` (pointers as addresses) between its buffer
    parameters and ``err``, and returns its status and its items. Raises on any status but
    EF_OK and ``accept``."""
    scratch = scratch_buffer()
    status = function(scratch.length_pointer, scratch.address, scratch.capacity, *arguments,
                      scratch.details_pointer)
    length = scratch.length.value
    if status or not 0 < length <= scratch.capacity:
        return finish(status, scratch, function, arguments, accept)
    return status, split(scratch.data, length)


def split(data: bytearray, length: int) -> list[str]:
    """The items of ``length`` bytes of packed output."""
    # The output ends with a NUL: dropping it leaves exactly one separator between items.
    return data[:length - 1].decode().split("\0")


def finish(status: int, scratch: _Scratch, function: Callable[..., int], arguments: tuple[Any, ...],
           accept: int = _ffi.EF_OK) -> tuple[int, list[str]]:
    """The rest of a call that did not simply succeed: raises for a failure, and calls again
    with a buffer of the size the library asked for when the output did not fit."""
    if status and status != accept:
        _raise(status, scratch)
    length = scratch.length.value
    if length > scratch.capacity:
        # Formatting is deterministic, so the same call again fits. The thread keeps the
        # larger buffer up to a bound.
        if status:
            _lib.ef_error_details_free(scratch.details)
        if length <= _KEPT_CAPACITY:
            scratch = _local.scratch = _Scratch(length)
        else:
            scratch = _Scratch(length)
        status = function(scratch.length_pointer, scratch.address, scratch.capacity, *arguments,
                          scratch.details_pointer)
        if status and status != accept:
            _raise(status, scratch)
        length = min(scratch.length.value, scratch.capacity)
    if status:
        _lib.ef_error_details_free(scratch.details)
    if length == 0:
        raise make_error(_ffi.EF_E_INTERNAL, "the library wrote no result")
    return status, split(scratch.data, length)


def _raise(status: int, scratch: _Scratch) -> None:
    try:
        raise error_from_details(status, scratch.details)
    finally:
        _lib.ef_error_details_free(scratch.details)
