"""The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): the binding's
decoders read every output as errfmt prints it, refuse every malformed one, and the same calls
made through the binding's API give the same values."""

from __future__ import annotations

import ctypes
import json
import pickle
from pathlib import Path
from typing import Any, Iterator

import pytest

import errorformatter
from errorformatter import FormattedError, InternalError, LookupResult, Provenance, Rejection, _ffi, _packed

from conftest import PROJECT_ROOT

VECTORS = PROJECT_ROOT / "Tests" / "vectors" / "packed"
MANIFEST = json.loads((VECTORS / "cases.json").read_text(encoding="utf-8"))
FORMATS = [case for case in MANIFEST["cases"] if case["call"] == "format"]
LOOKUPS = [case for case in MANIFEST["cases"] if case["call"] == "lookup"]


def output(case: dict[str, Any]) -> bytes:
    return (VECTORS / f"{case['name']}.out").read_bytes()


def printed(case: dict[str, Any]) -> Any:
    """The object errfmt printed for the case's call."""
    return json.loads((VECTORS / f"{case['name']}.json").read_text(encoding="utf-8"))


def descriptions(case: dict[str, Any], count: int) -> list[str]:
    """The last ``count`` items of the case's output: its rejections' descriptions."""
    items = output(case)[:-1].split(b"\0")
    return [item.decode() for item in items[len(items) - count:]]


def arguments(case: dict[str, Any]) -> list[object]:
    """The case's arguments as Python values, which the binding types as the kinds say."""
    values: list[object] = []
    for argument in case["arguments"]:
        kind, value = argument["kind"], argument["value"]
        if kind == "s":
            values.append(value)
        elif kind == "d":
            values.append(float(value))
        else:
            number = int(value)
            # Python types an int by its value: a vector's 'i' fits 64 signed bits, its 'u' not.
            assert kind == "n" or (kind == "i") == (number <= _ffi.INT64_MAX)
            values.append(number)
    return values


@pytest.fixture(scope="module")
def catalogs() -> Iterator[dict[str, errorformatter.Catalog]]:
    opened = {name: errorformatter.Catalog.open(str(PROJECT_ROOT / name))
              for name in {case["catalog"] for case in MANIFEST["cases"]}}
    yield opened
    for catalog in opened.values():
        catalog.close()


def by_name(cases: list[dict[str, Any]]) -> Any:
    return pytest.mark.parametrize("case", cases, ids=[case["name"] for case in cases])


def test_the_vectors_cover_the_format() -> None:
    # Not vacuous: the cases hold rejections, NULLs, untranslated results and lookups not found.
    assert len(FORMATS) >= 20 and len(LOOKUPS) >= 6 and len(MANIFEST["malformed"]) >= 25
    assert any(case["length_1_1"] < case["length"] for case in FORMATS)
    assert any(case["status"] == "EF_E_KEY_NOT_FOUND" and case["length_1_1"] < case["length"] for case in LOOKUPS)
    assert any(printed(case)["untranslated"] for case in FORMATS)


@by_name(FORMATS)
def test_a_format_output_reads_as_errfmt_prints_it(case: dict[str, Any]) -> None:
    shown = FormattedError._from_output(output(case))
    assert shown.to_dict() == printed(case)
    rejections = [rejection for field in ("title", "message", "button") for rejection in shown.provenance[field].rejections]
    assert [str(rejection) for rejection in rejections] == descriptions(case, len(rejections))
    assert all(rejection.description for rejection in rejections)


@by_name(FORMATS)
def test_a_format_through_the_api_is_the_vectors_value(case: dict[str, Any],
                                                       catalogs: dict[str, errorformatter.Catalog]) -> None:
    shown = catalogs[case["catalog"]].format(
        case["domain"], case["code"], locales=case["preferences"], description=case["description"],
        failure_reason=case["failure_reason"], recovery_suggestion=case["recovery_suggestion"], table=case["table"],
        arguments=arguments(case))
    decoded = FormattedError._from_output(output(case))
    assert shown == decoded and hash(shown) == hash(decoded)
    assert shown.to_dict() == printed(case)


@by_name(FORMATS)
def test_the_vectors_request_gives_the_vectors_output(case: dict[str, Any],
                                                      catalogs: dict[str, errorformatter.Catalog]) -> None:
    """The request bytes, through the binding's call (grow and retry included), give the output
    byte for byte."""
    request = (VECTORS / f"{case['name']}.request").read_bytes()
    scratch = _packed.Scratch(_packed.INITIAL_CAPACITY)
    scratch.request_length.value = len(request)
    preferences = [preference.encode() for preference in case["preferences"]]
    locales = (ctypes.c_char_p * len(preferences))(*preferences) if preferences else None
    status, written = _packed.call(scratch, _packed.format_packed_reusable, scratch.reusable_pointer,
                                   catalogs[case["catalog"]]._handle, request, scratch.request_length, locales,
                                   ctypes.c_size_t(len(preferences)))
    assert status == _ffi.EF_OK and written == output(case)
    assert scratch.reusable.value == case["reusable"]


@by_name(LOOKUPS)
def test_a_lookup_output_reads_as_errfmt_prints_it(case: dict[str, Any]) -> None:
    found = LookupResult._from_output(output(case))
    assert found.to_dict() == printed(case)
    assert [str(rejection) for rejection in found.rejections] == descriptions(case, len(found.rejections))


@by_name(LOOKUPS)
def test_a_lookup_through_the_api_is_the_vectors_value(case: dict[str, Any],
                                                       catalogs: dict[str, errorformatter.Catalog]) -> None:
    found = catalogs[case["catalog"]].lookup(case["key"], locales=case["preferences"], arguments=arguments(case),
                                             table=case["table"])
    assert found == LookupResult._from_output(output(case))
    assert found.to_dict() == printed(case)


@pytest.mark.parametrize("malformed", MANIFEST["malformed"], ids=[entry["name"] for entry in MANIFEST["malformed"]])
def test_a_malformed_output_is_refused(malformed: dict[str, str]) -> None:
    data = (VECTORS / "malformed" / f"{malformed['name']}.out").read_bytes()
    decode = FormattedError._from_output if malformed["call"] == "format" else LookupResult._from_output
    with pytest.raises(InternalError, match=f"packed {malformed['call']} output is malformed") as refused:
        decode(data)
    assert refused.value.status == _ffi.EF_E_INTERNAL


def test_a_refusal_says_what_is_wrong() -> None:
    refused = {entry["name"]: entry for entry in MANIFEST["malformed"]}
    expected = {
        "format-empty": "it is empty",
        "format-no-final-nul": "its last byte is not a NUL",
        "format-missing-item": "items where its header says",
        "format-1.1-output": "items where its header says",
        "format-header-five-numbers": "is not 6 numbers",
        "format-header-leading-zero": "is not 6 numbers",
        "format-header-huge-stack": "counts more items than the output can hold",
        "format-header-untranslated-2": "not 0 or 1",
        "format-header-null-mask-512": "null mask",
        "format-not-utf8": "not UTF-8",
        "lookup-header-found-2": "not 0 or 1",
        "lookup-missing-description": "items where its header says",
    }
    for name, words in expected.items():
        decode = FormattedError._from_output if refused[name]["call"] == "format" else LookupResult._from_output
        with pytest.raises(InternalError, match=words):
            decode((VECTORS / "malformed" / f"{name}.out").read_bytes())


def test_a_value_with_descriptions_rebuilds_pickles_and_compares_by_value() -> None:
    (case,) = [case for case in FORMATS if case["name"] == "format-rejection-title-message"]
    decoded = FormattedError._from_output(output(case))
    rebuilt = FormattedError(decoded.title, decoded.message, decoded.button, decoded.stack,
                             dict(decoded.provenance), decoded.untranslated)
    assert rebuilt == decoded and hash(rebuilt) == hash(decoded)
    assert pickle.loads(pickle.dumps(decoded)) == decoded
    first = decoded.provenance["title"].rejections[0]
    assert str(first) == first.description and first.description.endswith(f"[{first.code}]")
    # A rejection is its six values: without the library's description it is another value,
    # which shows its message; given the description, it is the library's.
    bare = Rejection(*first[:5])
    assert bare != first and str(bare) == first.message and bare.description == ""
    assert Rejection(*first[:5], description=first.description) == first
    # And so a result made of it is another result.
    provenance = dict(decoded.provenance)
    provenance["title"] = Provenance(*provenance["title"][:4], rejections=(bare,) + provenance["title"].rejections[1:])
    other = FormattedError(decoded.title, decoded.message, decoded.button, decoded.stack, provenance)
    assert other != decoded and other.to_dict() == decoded.to_dict()
    assert other.provenance["title"].rejections[0] == bare


def test_the_decoder_reads_positions_from_the_headers_macros() -> None:
    """The decoder's positions are _ffi's EF_PACKED_* constants (checked against the header by
    make test-limits): one changed, the vectors no longer read."""
    from errorformatter import _results
    (case,) = [case for case in FORMATS if case["name"] == "format-keys"]
    saved = _results._STACK
    _results._STACK = saved + 1
    _results._FORMAT_ITEM_COUNTS.clear()
    try:
        with pytest.raises(InternalError):
            FormattedError._from_output(output(case))
    finally:
        _results._STACK = saved
        _results._FORMAT_ITEM_COUNTS.clear()
    assert FormattedError._from_output(output(case)).to_dict() == printed(case)


def test_every_vector_file_is_listed() -> None:
    listed = {f"{case['name']}.{suffix}" for case in MANIFEST["cases"] for suffix in ("out", "json")}
    listed |= {f"{case['name']}.request" for case in FORMATS}
    listed |= {f"malformed/{entry['name']}.out" for entry in MANIFEST["malformed"]}
    on_disk = {str(path.relative_to(VECTORS)) for path in VECTORS.rglob("*") if path.is_file()} - {"cases.json"}
    assert on_disk == listed
