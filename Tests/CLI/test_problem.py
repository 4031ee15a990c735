"""errfmt problem: the printed response (status, header fields, a blank line, the body), its
options, a header passed as raw bytes, and usage errors."""
import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ERRFMT = os.environ.get("ERRFMT", str(ROOT / "build" / "bin" / "errfmt"))
EXAMPLE = str(ROOT / "Examples" / "CoreLocation")


def run(*args):
    command = [ERRFMT.encode(), b"problem", b"--catalog", EXAMPLE.encode(),
               *(arg if isinstance(arg, bytes) else arg.encode() for arg in args)]
    return subprocess.run(command, capture_output=True, timeout=60)


def test_the_whole_printed_response():
    out = run("--domain", "kCLErrorDomain", "--code", "2", "--accept-language", "fr-CA, fr;q=0.8",
              "--status", "503", "--type-template", "https://errors.example.com/{domain}/{code}",
              "--instance", "/requests/7", "--member", "code,domain", "--member", "button")
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode() == (
        "Status: 503\n"
        "Content-Type: application/problem+json\n"
        "Content-Language: fr, fr-CA\n"
        "Vary: Accept-Language\n"
        "\n"
        '{"type":"https://errors.example.com/kCLErrorDomain/2","title":"Pas d’Internet","status":503,'
        '"detail":"Internet n’est pas accessible ou une erreur est survenue.","instance":"/requests/7",'
        '"code":2,"domain":"kCLErrorDomain","button":"OK"}\n')


def test_defaults_and_the_development_locale():
    out = run("--domain", "kCLErrorDomain", "--code", "0")
    head, body = out.stdout.decode().split("\n\n")
    assert head.splitlines() == ["Status: 500", "Content-Type: application/problem+json", "Content-Language: en",
                                 "Vary: Accept-Language"]
    assert json.loads(body) == {"type": "about:blank", "title": "Unknown Location", "status": 500,
                                "detail": "Couldn't get a good reading. Long tunnel?"}


def test_a_header_is_read_as_its_bytes():
    # "\xff" makes only its own range malformed: German is the first usable one.
    out = run("--domain", "kCLErrorDomain", "--code", "0", "--accept-language", b"fr\xff, de, ja;q=0.5")
    assert b"Content-Language: de\n" in out.stdout
    assert run("--domain", "kCLErrorDomain", "--code", "0", "--locale", "de").stdout == out.stdout


def test_usage_errors_exit_2():
    for args in [("--domain", "kCLErrorDomain", "--code", "0", "--status", "99"),
                 ("--domain", "kCLErrorDomain", "--code", "0", "--member", "all"),
                 ("--domain", "kCLErrorDomain", "--code", "0", "--locale", "fr", "--accept-language", "de"),
                 ("--domain", "kCLErrorDomain", "--code", "x")]:
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stderr.decode().startswith("errfmt problem: "), out.stderr
