#!/usr/bin/env python3
"""make test-http: the problem responses of six real servers, each using its binding's hook,
compared with each other and with errfmt problem.

Starts a FastAPI app under uvicorn, a Flask app on Werkzeug, a node:http server, an Express app,
a Go net/http server and a JDK HttpServer, each on 127.0.0.1 on a port of its own, and sends each
the same requests with curl: the same errors with twenty Accept-Language headers (q-values, `*`,
regions that fall back, languages no table has, an empty header and none at all, a 64 KiB one,
bytes that are not UTF-8, `i-klingon`). Every server must answer each request with the status,
the Content-Type, Content-Language and Vary fields and the body errfmt problem prints for it;
every body must be an RFC 9457 problem object (problem.schema.json); no header line may come
from a request's CR or LF; a malformed header must get the development locale, never a 5xx.
The servers are started and stopped here, whatever happens, and the whole run is bounded.

usage: run_http_tests.py ERRFMT CATALOG SERVERS_JSON LOG_DIR
  SERVERS_JSON: {"name": {"argv": [..., "{catalog}", "{port}"], "env": {...}}, ...}
  LOG_DIR: where each server's standard error goes (NAME.log), for a failure's post-mortem.
The last line is "N passed, N failed".
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import jsonschema

TYPE_TEMPLATE = "https://errors.example.com/{domain}/{code}"
MEMBERS = "code,domain"
DOMAIN = "kCLErrorDomain"
# The whole run, and each server's start, are bounded.
RUN_SECONDS = 240
START_SECONDS = 60
REQUEST_SECONDS = 10

# A header of 65,500 bytes: about 64 KiB, within the one header line Python's http.server (under
# Werkzeug) reads; the library reads its first 4,096 bytes.
LONG_HEADER = b"ja," + b"x" * (65_500 - 3)
# Each request: an Accept-Language header (None: none at all) and the error's code.
REQUESTS: list[tuple[Optional[bytes], int]] = [
    (None, 0),                                        # no header at all
    (b"", 0),                                         # an empty one
    (b"fr-CA, fr;q=0.8", 0),
    (b"fr-CA", 2),                                    # the title from fr, the message from fr-CA
    (b"de;q=0.5, fr;q=0.9", 2),                       # q-values decide
    (b"*", 8),
    (b"es-MX", 0),                                    # es_MX -> es_419 -> es
    (b"zh-TW", 2),                                    # zh_TW -> zh_Hant
    (b"zh-Hans-CN, zh;q=0.5", 9),                     # a title and no message
    (b"en-AU", 42),                                   # en_AU -> en_001 -> en; a code no table has
    (b"pt-BR, pt;q=0.9", 0),                          # a language no table has
    (b"tlh", 2),
    (b"i-klingon", 0),
    (LONG_HEADER, 2),
    (b"\xff\xfe garbage \x80\xc3", 0),              # not UTF-8
    (b"en;q=0, ja", 8),                               # q=0 is "not this"
    (b"fr;q=2, de-CH", 0),                            # a malformed q-value drops its range
    (b"ja;q=0.1, zh-Hant;q=0.2, EN-us;q=0.05", 2),
    (b"de-DE-1996, de;q=0.5", 9),
    (b"x-pig-latin, sw", 0),
]
STATUSES = [404, 400, 409, 410, 422]
# The requests whose answers the run prints: two languages in one response, the long header,
# bytes that are not UTF-8.
SHOWN = (3, 13, 14)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, deadline: float) -> bool:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def request_for(index: int) -> tuple[int, int, str]:
    """The error, status and instance of request `index` (one holds a CR LF, decoded by every
    server from its query, which must reach the body escaped and never a header line)."""
    instance = f"/requests/{index}" + ("\r\nX-Injected: 1" if index == 7 else "")
    return REQUESTS[index][1], STATUSES[index % len(STATUSES)], instance


def query(instance: str) -> str:
    return "".join(c if c.isalnum() or c in "/-._~" else "".join(f"%{b:02X}" for b in c.encode()) for c in instance)


def curl(port: int, code: int, status: int, instance: str, header: Optional[bytes], scratch: Path):
    """Status, header fields (lower-cased names, in order) and body of one request."""
    head, body = scratch / "head", scratch / "body"
    command = [b"curl", b"--silent", b"--show-error", b"--max-time", str(REQUEST_SECONDS).encode(),
               b"--dump-header", bytes(head), b"--output", bytes(body),
               f"http://127.0.0.1:{port}/errors/{DOMAIN}/{code}?status={status}&instance={query(instance)}".encode()]
    if header is not None:
        # curl sends "Name;" as the header with an empty value.
        command += [b"--header", b"Accept-Language: " + header if header else b"Accept-Language;"]
    subprocess.run(command, check=True, timeout=REQUEST_SECONDS + 5)
    lines = head.read_bytes().decode("latin-1").split("\r\n")
    fields = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    return int(lines[0].split()[1]), [(name.lower(), value) for name, value in fields], body.read_bytes()


def errfmt(errfmt_path: str, catalog: str, code: int, status: int, instance: str, header: Optional[bytes]):
    command = [errfmt_path.encode(), b"problem", b"--catalog", catalog.encode(), b"--domain", DOMAIN.encode(),
               b"--code", str(code).encode(), b"--status", str(status).encode(), b"--type-template",
               TYPE_TEMPLATE.encode(), b"--instance", instance.encode(), b"--member", MEMBERS.encode()]
    if header is not None:
        command += [b"--accept-language", header]
    printed = subprocess.run(command, check=True, capture_output=True, timeout=30).stdout
    head, body = printed.split(b"\n\n", 1)
    lines = head.decode().split("\n")
    fields = [tuple(line.split(": ", 1)) for line in lines[1:]]
    return int(lines[0].removeprefix("Status: ")), [(name.lower(), value) for name, value in fields], body[:-1]


def main(arguments: list[str]) -> int:
    errfmt_path, catalog, commands_file, log_directory = arguments[1:5]
    Path(log_directory).mkdir(parents=True, exist_ok=True)
    servers = json.loads(Path(commands_file).read_text())
    schema = json.loads((Path(__file__).parent / "problem.schema.json").read_text())
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError(f"run longer than {RUN_SECONDS} s")))
    signal.alarm(RUN_SECONDS)
    passed, failed = 0, 0
    running: dict[str, tuple[subprocess.Popen, int]] = {}
    shown: dict[int, dict[str, tuple]] = {}
    try:
        expected = [errfmt(errfmt_path, catalog, *request_for(index), header)
                    for index, (header, _) in enumerate(REQUESTS)]
        for name, server in servers.items():
            port = free_port()
            argv = [part.replace("{catalog}", catalog).replace("{port}", str(port)) for part in server["argv"]]
            environment = {**os.environ, **server.get("env", {})}
            # A session of its own, so that the whole group is stopped at the end.
            with open(Path(log_directory) / f"{name}.log", "wb") as log:
                process = subprocess.Popen(argv, env=environment, start_new_session=True,
                                           stdout=subprocess.DEVNULL, stderr=log)
            running[name] = (process, port)
        deadline = time.monotonic() + START_SECONDS
        for name, (process, port) in running.items():
            if not wait_for(port, process, deadline):
                print(f"FAIL {name}: did not start listening on 127.0.0.1:{port}")
                failed += 1
        with tempfile.TemporaryDirectory(dir=log_directory) as directory:
            for name, (process, port) in running.items():
                if process.poll() is not None:
                    continue
                for index, (header, _) in enumerate(REQUESTS):
                    code, status, instance = request_for(index)
                    try:
                        answer = curl(port, code, status, instance, header, Path(directory))
                    except (subprocess.SubprocessError, OSError, ValueError, IndexError) as error:
                        print(f"FAIL {name} request {index}: {error}")
                        failed += 1
                        continue
                    problems = check(answer, expected[index], schema)
                    shown.setdefault(index, {})[name] = answer
                    if problems:
                        failed += 1
                        shown_header = None if header is None else header[:40]
                        print(f"FAIL {name} request {index} (Accept-Language {shown_header!r}): {'; '.join(problems)}")
                    else:
                        passed += 1
    finally:
        signal.alarm(0)
        for process, _ in running.values():
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for process, _ in running.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    for index in SHOWN:
        if index in shown:
            status, fields, body = next(iter(shown[index].values()))
            header = REQUESTS[index][0]
            described = repr(header if header is None or len(header) < 80 else header[:20] + b"...")
            print(f"request {index} (Accept-Language {described}, {len(header or b'')} bytes): "
                  f"{len(shown[index])} servers answered {status}, Content-Language: "
                  f"{dict(fields).get('content-language')}, {body.decode()}")
    print(f"test-http: {len(running)} servers ({', '.join(running)}), {len(REQUESTS)} requests each")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def check(answer, expected, schema) -> list[str]:
    status, fields, body = answer
    problems = []
    if status != expected[0]:
        problems.append(f"status {status}, errfmt {expected[0]}")
    values = dict(fields)
    for name, value in expected[1]:
        if values.get(name) != value:
            problems.append(f"{name}: {values.get(name)!r}, errfmt {value!r}")
    if any(name == "x-injected" for name, _ in fields):
        problems.append("a request's CR LF reached a header line")
    if body != expected[2]:
        problems.append(f"body {body[:200]!r}, errfmt {expected[2][:200]!r}")
    try:
        jsonschema.validate(json.loads(body), schema)
    except (ValueError, jsonschema.ValidationError) as error:
        problems.append(f"not a problem object: {str(error).splitlines()[0]}")
    if status >= 500:
        problems.append("a 5xx")
    return problems


if __name__ == "__main__":
    sys.exit(main(sys.argv))
