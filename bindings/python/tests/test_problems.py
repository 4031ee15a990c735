"""Problem responses from Python: the same bytes as ``errfmt problem`` for the same error and
header, the hooks of WSGI, Flask and ASGI frameworks, and the decoder's refusals."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path

import pytest

import errorformatter
from errorformatter import _problems

from conftest import PROJECT_ROOT

ERRFMT = Path(os.environ.get("ERRFMT", PROJECT_ROOT / "build" / "bin" / "errfmt"))
needs_errfmt = pytest.mark.skipif(not ERRFMT.exists(), reason=f"errfmt is not built ({ERRFMT}); `make cli` builds it")

HEADERS = [None, b"", b"fr-CA, fr;q=0.8", b"de;q=0.5, ja", b"*", b"i-klingon", b"\xff\xfe garbage", b"zh-TW",
           b"en-US,en;q=0.9", b"es-MX"]


def errfmt_problem(arguments: list[bytes]) -> errorformatter.Problem:
    """errfmt problem's output, read back into a Problem."""
    printed = subprocess.run([bytes(ERRFMT), b"problem", b"--catalog", bytes(PROJECT_ROOT / "Examples" / "CoreLocation"),
                              *arguments], check=True, capture_output=True).stdout
    head, body = printed.split(b"\n\n", 1)
    lines = head.decode().split("\n")
    assert lines[0].startswith("Status: ")
    headers = tuple(tuple(line.split(": ", 1)) for line in lines[1:])
    return errorformatter.Problem(status=int(lines[0][8:]), headers=headers,  # type: ignore[arg-type]
                                  body=body[:-1] if body.endswith(b"\n") else body)


@needs_errfmt
@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("code", [0, 2, 9, 42])
def test_the_same_bytes_as_errfmt(catalog: errorformatter.Catalog, header: bytes, code: int) -> None:
    made = catalog.problem("kCLErrorDomain", code, accept_language=header, status=404,
                           type_template="https://errors.example.com/{domain}/{code}", members=["code", "button"])
    arguments = [b"--domain", b"kCLErrorDomain", b"--code", str(code).encode(), b"--status", b"404",
                 b"--type-template", b"https://errors.example.com/{domain}/{code}", b"--member", b"code,button"]
    if header is not None:
        arguments += [b"--accept-language", header]
    assert made == errfmt_problem(arguments)


def test_a_response_by_hand(catalog: errorformatter.Catalog) -> None:
    made = catalog.problem("kCLErrorDomain", 2, accept_language="fr-CA", status=503, instance="/r/1")
    assert made.status == 503
    assert made.headers == (("Content-Type", "application/problem+json"), ("Content-Language", "fr, fr-CA"),
                            ("Vary", "Accept-Language"))
    assert made.header("content-language") == "fr, fr-CA"
    assert made.body == ('{"type":"about:blank","title":"Pas d’Internet","status":503,'
                         '"detail":"Internet n’est pas accessible ou une erreur est survenue.","instance":"/r/1"}'
                         ).encode()
    assert json.loads(made.body)["status"] == 503
    assert made.status_line == "503 Service Unavailable"


def test_a_long_response_grows_the_buffer(catalog: errorformatter.Catalog) -> None:
    description = "x" * 10_000 + "\n"
    made = catalog.problem("Nowhere", 1, description=description, locales=["en"])
    assert json.loads(made.body)["detail"] == description


def test_arguments_and_locales(catalog: errorformatter.Catalog) -> None:
    by_list = catalog.problem("kCLErrorDomain", 0, locales=["de"])
    assert by_list == catalog.problem("kCLErrorDomain", 0, accept_language="de")
    with pytest.raises(errorformatter.InvalidArgumentError):
        catalog.problem("kCLErrorDomain", 0, locales=["de"], accept_language="fr")
    with pytest.raises(errorformatter.InvalidArgumentError):
        catalog.problem("kCLErrorDomain", 0, status=99)
    with pytest.raises(errorformatter.InvalidArgumentError):
        catalog.problem("kCLErrorDomain", 0, members=["everything"])
    with pytest.raises(TypeError):
        catalog.problem("kCLErrorDomain", 0, arguments=[object()])


def test_the_decoder_refuses_what_is_not_a_response() -> None:
    good = b"404 1\0Vary\0Accept-Language\0{}\0"
    assert _problems._decode(good).status == 404
    for bad in [b"", b"404 1\0Vary\0Accept-Language\0{}", b"404\0{}\0", b"404 x\0{}\0", b"404 2\0Vary\0A\0{}\0",
                b"404 1\0Vary\0\xff\0{}\0"]:
        with pytest.raises(errorformatter.InternalError):
            _problems._decode(bad)


def test_wsgi(catalog: errorformatter.Catalog) -> None:
    error = errorformatter.HTTPProblem("kCLErrorDomain", 0, status=404)
    # WSGI gives header values as str decoded as ISO-8859-1: the bytes come back whole.
    environ = {"HTTP_ACCEPT_LANGUAGE": b"de\xff, fr".decode("latin-1")}
    started: list[tuple[str, list[tuple[str, str]]]] = []
    body = errorformatter.wsgi_problem(catalog, error, environ).wsgi(lambda status, headers: started.append((status, headers)))
    expected = catalog.problem("kCLErrorDomain", 0, accept_language=b"de\xff, fr", status=404)
    assert body == [expected.body]
    assert started == [("404 Not Found", list(expected.headers) + [("Content-Length", str(len(expected.body)))])]
    assert expected.header("Content-Language") == "fr"


def test_asgi_handler_reads_the_raw_header(catalog: errorformatter.Catalog) -> None:
    pytest.importorskip("starlette", reason="starlette is not installed (make test-http installs it)")

    class Request:
        scope = {"headers": [(b"host", b"x"), (b"accept-language", b"ja;q=0.1"), (b"Accept-Language", b"de")]}

    handler = errorformatter.asgi_exception_handler(catalog)
    response = asyncio.run(handler(Request(), errorformatter.HTTPProblem("kCLErrorDomain", 0, status=400)))
    expected = catalog.problem("kCLErrorDomain", 0, accept_language=b"ja;q=0.1, de", status=400)
    assert response.status_code == 400
    assert response.body == expected.body
    assert response.headers["content-language"] == "de"
    assert response.headers["vary"] == "Accept-Language"
