#!/usr/bin/env python3
"""The library's share of a FastAPI error response: a route that raises an HTTPProblem, answered
by the binding's ASGI exception handler, driven in process by an ASGI call (no socket, no server:
what is measured is FastAPI, Starlette, the binding and the library), beside catalog.problem
alone (the binding's call and the library) and the C call alone (ef_format_problem through
ctypes, with an ef_error_info made once).

Prints microseconds per response for each, and the shares of the whole. Best of several rounds.

usage: fastapi_problem_bench.py CATALOG [ITERATIONS]
"""

from __future__ import annotations

import asyncio
import ctypes
import sys
import time

from fastapi import FastAPI

import errorformatter
from errorformatter import HTTPProblem, _ffi

TYPE = "https://errors.example.com/{domain}/{code}"
HEADER = b"fr-CA, fr;q=0.8"
ROUNDS = 5


def main(arguments: list[str]) -> int:
    catalog = errorformatter.Catalog.open(arguments[1])
    iterations = int(arguments[2]) if len(arguments) > 2 else 3000
    app = FastAPI()
    app.add_exception_handler(HTTPProblem, errorformatter.asgi_exception_handler(catalog, type_template=TYPE))

    @app.get("/orders/{order}")
    def order(order: int) -> None:
        raise HTTPProblem("kCLErrorDomain", 2, status=404, instance=f"/orders/{order}")

    scope = {"type": "http", "method": "GET", "path": "/orders/7", "raw_path": b"/orders/7", "query_string": b"",
             "headers": [(b"host", b"example.com"), (b"accept-language", HEADER)], "http_version": "1.1",
             "scheme": "http", "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1), "root_path": ""}
    sent: list[bytes] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.body":
            sent.append(message["body"])

    async def responses(count: int) -> None:
        for _ in range(count):
            await app(dict(scope), receive, send)

    def fastapi_loop(count: int) -> None:
        asyncio.run(responses(count))

    def binding_loop(count: int) -> None:
        for _ in range(count):
            catalog.problem("kCLErrorDomain", 2, accept_language=HEADER, status=404, type_template=TYPE,
                            instance="/orders/7")

    info = _ffi.ErrorInfoP()
    _ffi.lib.ef_error_info_new(ctypes.byref(info), b"kCLErrorDomain", 2, None)
    buffer = ctypes.create_string_buffer(4096)
    length = ctypes.c_size_t()

    def c_loop(count: int) -> None:
        handle = catalog._handle
        for _ in range(count):
            _ffi.lib.ef_format_problem(ctypes.byref(length), buffer, 4096, handle, info, HEADER, None, 0, 404,
                                       TYPE.encode(), b"/orders/7", 0, None)

    def best(loop, count: int) -> float:
        loop(max(1, count // 10))
        timings = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            loop(count)
            timings.append((time.perf_counter() - start) / count * 1e6)
        return min(timings)

    whole = best(fastapi_loop, iterations)
    binding = best(binding_loop, iterations * 5)
    c_call = best(c_loop, iterations * 20)
    assert sent and sent[-1] == catalog.problem("kCLErrorDomain", 2, accept_language=HEADER, status=404,
                                                type_template=TYPE, instance="/orders/7").body
    print(f"FastAPI error response, in process (ASGI call):  {whole:8.1f} us")
    print(f"  catalog.problem (binding + library):          {binding:8.1f} us   {binding / whole:6.1%} of it")
    print(f"  ef_format_problem through ctypes alone:       {c_call:8.1f} us   {c_call / whole:6.1%} of it")
    _ffi.lib.ef_error_info_free(info)
    catalog.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
