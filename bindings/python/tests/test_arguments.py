"""Typed arguments, plural variables and Catalog.lookup() through the Python binding."""

from __future__ import annotations

import pytest

import errorformatter
from errorformatter import Catalog, InvalidArgumentError

ENGLISH = (
    '"errors.Upload.1.title" = "Couldn\'t upload %1$@";\n'
    '"errors.Upload.1.message" = "%1$@ (%2$lld bytes, %3$.1f s) was not sent.";\n'
    '"big" = "%llu";\n'
).encode()
FRENCH = (
    '"errors.Upload.1.title" = "Échec de l’envoi de %1$@";\n'
    '"errors.Upload.1.message" = "%1$@ (%2$lld octets, %4$@) n’a pas été envoyé.";\n'
).encode()
ARABIC_JSON = (
    '{"people": {"zero": "لا أحد", "one": "شخص واحد", "two": "شخصان", '
    '"few": "%lld أشخاص", "many": "%lld شخصًا", "other": "%lld شخص"}}'
).encode()


@pytest.fixture(scope="module")
def upload_catalog():
    with Catalog.from_tables([
        ("en", "Localizable.strings", ENGLISH),
        ("fr", "Localizable.strings", FRENCH),
        ("ar", "Localizable.json", ARABIC_JSON),
    ]) as catalog:
        yield catalog


def test_native_values_become_typed_arguments(upload_catalog: Catalog) -> None:
    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["photo.jpg", 2048, 1.25])
    assert shown.title == "Couldn't upload photo.jpg"
    assert shown.message == "photo.jpg (2048 bytes, 1.2 s) was not sent."


def test_a_translation_the_arguments_cannot_satisfy_falls_back(upload_catalog: Catalog) -> None:
    shown = upload_catalog.format(domain="Upload", code=1, locales=["fr-CA"], arguments=["photo.jpg", 2048, 1.25])
    assert shown.title == "Échec de l’envoi de photo.jpg"
    assert shown.message == "photo.jpg (2048 bytes, 1.2 s) was not sent."
    assert shown.provenance["message"].locale == "en"
    (why,) = shown.provenance["message"].rejections
    assert (why.key, why.locale, why.table, why.code) == (
        "errors.Upload.1.message", "fr", "Localizable", "missing-argument")
    # str() is the one-line form of the C API's ef_result_rejection.
    assert str(why).startswith("errors.Upload.1.message in fr/Localizable: ")
    assert str(why).endswith(f"{why.message} [missing-argument]")


def test_large_integers_are_unsigned(upload_catalog: Catalog) -> None:
    assert upload_catalog.lookup("big", locales=["en"], arguments=[2**64 - 1]).value == "18446744073709551615"
    with pytest.raises(InvalidArgumentError):
        upload_catalog.lookup("big", arguments=[2**64])


@pytest.mark.parametrize(("count", "expected"), [
    (0, "لا أحد"), (1, "شخص واحد"), (2, "شخصان"), (3, "3 أشخاص"), (11, "11 شخصًا"), (100, "100 شخص"),
])
def test_arabic_plurals_from_a_json_table(upload_catalog: Catalog, count: int, expected: str) -> None:
    found = upload_catalog.lookup("people", locales=["ar-EG"], arguments=[count])
    assert (found.value, found.locale, found.table) == (expected, "ar", "Localizable")


def test_lookup_of_a_missing_key_is_none(upload_catalog: Catalog) -> None:
    found = upload_catalog.lookup("no.such.key", locales=["en"])
    assert found.value is None and found.locale is None and found.rejections == ()
    unsatisfied = upload_catalog.lookup("errors.Upload.1.title", locales=["en"])
    assert unsatisfied.value is None
    assert len(unsatisfied.rejections) == 1


@pytest.mark.parametrize("bad", [True, None, b"bytes", object(), [1]])
def test_unsupported_argument_types_are_type_errors(upload_catalog: Catalog, bad: object) -> None:
    with pytest.raises(TypeError):
        upload_catalog.format(domain="Upload", code=1, arguments=[bad])


def test_a_single_string_is_not_an_argument_list(upload_catalog: Catalog) -> None:
    with pytest.raises(TypeError):
        upload_catalog.lookup("big", arguments="12")


def test_lone_surrogates_in_arguments_are_clean_errors(upload_catalog: Catalog) -> None:
    with pytest.raises(errorformatter.InvalidUTF8Error):
        upload_catalog.format(domain="Upload", code=1, arguments=["\udcff"])


def test_more_arguments_than_the_library_takes(upload_catalog: Catalog) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["x"] * 1001)
    assert "1000" in str(raised.value) or "1,000" in str(raised.value)
    # The thread's argument list is emptied before the next call fills it.
    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["a.jpg", 1, 0.5])
    assert shown.title == "Couldn't upload a.jpg"


def test_a_rejected_argument_list_leaves_nothing_behind(upload_catalog: Catalog) -> None:
    with pytest.raises(TypeError):
        upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["a.jpg", object()])
    assert upload_catalog.lookup("big", locales=["en"], arguments=[7]).value == "7"
    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["b.jpg", 2, 1.0])
    assert shown.message == "b.jpg (2 bytes, 1.0 s) was not sent."


def test_subclasses_and_the_64_bit_edges(upload_catalog: Catalog) -> None:
    import enum

    class Size(enum.IntEnum):
        SMALL = 3

    class Name(str):
        pass

    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=[Name("n.jpg"), Size.SMALL, 2.0])
    assert shown.message == "n.jpg (3 bytes, 2.0 s) was not sent."
    assert upload_catalog.lookup("big", locales=["en"], arguments=[2**63]).value == "9223372036854775808"
    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["x", -(2**63), 0.0])
    assert "-9223372036854775808 bytes" in shown.message
    with pytest.raises(InvalidArgumentError):
        upload_catalog.format(domain="Upload", code=1, arguments=["x", -(2**63) - 1, 0.0])


def test_a_string_argument_with_a_nul_is_refused(upload_catalog: Catalog) -> None:
    # format passes its arguments packed (ef_format_packed_reusable), each string ended by a NUL:
    # one inside would end it early and shift what follows, so it is refused, never cut.
    with pytest.raises(InvalidArgumentError) as raised:
        upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["a\0i", 2, 1.0])
    assert "argument 1" in str(raised.value)
    shown = upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["a.jpg", 2**64 - 1, -0.25])
    assert shown.message == "a.jpg (-1 bytes, -0.2 s) was not sent."


@pytest.mark.parametrize("field", ["domain", "description", "failure_reason", "recovery_suggestion", "table"])
def test_a_text_with_a_nul_is_refused(upload_catalog: Catalog, field: str) -> None:
    # format packs its request (ef_format_packed_reusable), each text ended by a NUL: one inside
    # would end the text early and make what follows read as another item, so it is refused.
    values = {"domain": "Upload", "code": 1, "locales": ["en"], "arguments": ["a.jpg", 2, 1.0]}
    values[field] = "Up\0load" if field == "domain" else "x\0Tother"
    with pytest.raises(InvalidArgumentError) as raised:
        upload_catalog.format(**values)  # type: ignore[arg-type]
    assert field in str(raised.value)
    assert upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=["a.jpg", 2, 1.0]).message == (
        "a.jpg (2 bytes, 1.0 s) was not sent.")


def test_the_text_request_and_the_value_by_value_request_agree(upload_catalog: Catalog) -> None:
    # Plain str and int values make the request as one text (integers in decimal); a subclass
    # of either, or a float, makes it value by value (integers in binary). Same results.
    import enum

    class Text(str):
        pass

    class Number(enum.IntEnum):
        pass

    for code, texts, arguments in [
        (1, {}, ["photo.jpg", 2048, "slow"]),
        (1, {"table": "Localizable"}, ["é", -(2**63), "x"]),
        (7, {"description": "Le disque est plein.", "failure_reason": "Pas de place."}, []),
        (7, {"recovery_suggestion": "Libérez de la place.", "table": ""}, ["a", 2**64 - 1]),
    ]:
        plain = upload_catalog.format(domain="Upload", code=code, locales=["fr", "en"], arguments=arguments, **texts)
        rebuilt = [Text(value) if isinstance(value, str) else value for value in arguments]
        typed = {name: Text(value) for name, value in texts.items()}
        by_value = upload_catalog.format(domain=Text("Upload"), code=code, locales=["fr", "en"], arguments=rebuilt,
                                         **typed)
        assert by_value == plain
        assert by_value.to_dict() == plain.to_dict()


def test_integers_beyond_64_bits_are_refused_at_any_size(upload_catalog: Catalog) -> None:
    for value in (2**64, -(2**63) - 1, 10**5000):
        for arguments in (["x", value, "y"], ["x", value, 1.0]):  # the text request, the value-by-value one
            with pytest.raises(InvalidArgumentError) as raised:
                upload_catalog.format(domain="Upload", code=1, locales=["en"], arguments=arguments)
            assert "argument 2" in str(raised.value) and "does not fit in 64 bits" in str(raised.value)
