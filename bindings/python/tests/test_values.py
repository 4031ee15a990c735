"""Results are plain immutable values: they compare, hash, pickle, copy and rebuild from parts,
and what the single packed C call gives agrees with the C API's getters."""

from __future__ import annotations

import copy
import ctypes
import dataclasses
import pickle

import pytest

from errorformatter import Catalog, FormattedError, LookupResult, Provenance, Rejection, _ffi

DOMAIN = "kCLErrorDomain"
UPLOAD = [
    ("en", "Localizable.strings",
     '"errors.Upload.1.title" = "Couldn\'t upload %1$@";\n"errors.Upload.1.message" = "%1$@ was not sent.";\n'
     .encode()),
    ("fr", "Localizable.strings",
     '"errors.Upload.1.message" = "%1$@ (%2$lld octets) n’a pas été envoyé.";\n'.encode()),
]


@pytest.fixture(scope="module")
def upload() -> Catalog:
    return Catalog.from_tables(UPLOAD)


def test_equal_results_are_equal_and_hash_alike(catalog: Catalog) -> None:
    first = catalog.format(DOMAIN, 1, locales=["fr-CA"])
    second = catalog.format(DOMAIN, 1, locales=["fr-CA"])
    assert first == second and hash(first) == hash(second)
    assert first != catalog.format(DOMAIN, 1, locales=["en"])
    assert first != catalog.format(DOMAIN, 0, locales=["fr-CA"])
    assert len({first, second, catalog.format(DOMAIN, 0, locales=["fr-CA"])}) == 2
    assert first != (first.title, first.message, first.button)


def test_reading_the_lazy_parts_changes_neither_equality_nor_hash(catalog: Catalog) -> None:
    read = catalog.format(DOMAIN, 8, locales=["es-MX"])
    unread = catalog.format(DOMAIN, 8, locales=["es-MX"])
    before = hash(read)
    assert read.stack == ("es-419", "es", "en") and read.provenance["title"].locale is not None
    assert hash(read) == before == hash(unread) and read == unread


def test_rebuilt_from_its_parts_it_is_the_same_value(upload: Catalog) -> None:
    shown = upload.format("Upload", 1, locales=["fr"], arguments=["photo.jpg"])
    rebuilt = FormattedError(shown.title, shown.message, shown.button, shown.stack,
                             dict(shown.provenance), shown.untranslated)
    assert rebuilt == shown and hash(rebuilt) == hash(shown)
    assert rebuilt.to_dict() == shown.to_dict()
    assert rebuilt.provenance["message"].rejections == shown.provenance["message"].rejections


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_results_pickle(upload: Catalog, protocol: int) -> None:
    shown = upload.format("Upload", 1, locales=["fr"], arguments=["photo.jpg"])
    found = upload.lookup("errors.Upload.1.message", locales=["fr"], arguments=["photo.jpg"])
    for value in (shown, found, shown.provenance["message"], shown.provenance["message"].rejections[0]):
        restored = pickle.loads(pickle.dumps(value, protocol))
        assert restored == value and type(restored) is type(value)
    assert pickle.loads(pickle.dumps(shown, protocol)).to_dict() == shown.to_dict()


def test_copies_are_the_value_itself(catalog: Catalog) -> None:
    shown = catalog.format(DOMAIN, 0, locales=["ja"])
    assert copy.copy(shown) is shown and copy.deepcopy(shown) is shown
    found = catalog.lookup("controls.ok", locales=["ja"])
    assert copy.deepcopy(found) == found


def test_results_cannot_be_changed(catalog: Catalog) -> None:
    shown = catalog.format(DOMAIN, 0, locales=["en"])
    for name in ("title", "stack", "provenance", "untranslated", "anything"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(shown, name, "x")
    with pytest.raises(AttributeError):
        del shown.title
    with pytest.raises(TypeError):
        shown.provenance["title"] = Provenance("empty", None, None, None)  # type: ignore[index]
    found = catalog.lookup("controls.ok")
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.value = "x"  # type: ignore[misc]


def test_untranslated(catalog: Catalog) -> None:
    assert catalog.format(DOMAIN, 0, locales=["C"]).untranslated is True
    assert catalog.format(DOMAIN, 0, locales=["fr"]).untranslated is False


def test_rejection_values(upload: Catalog) -> None:
    (why,) = upload.format("Upload", 1, locales=["fr"], arguments=["a"]).provenance["message"].rejections
    assert isinstance(why, Rejection)
    assert why.to_dict() == {"key": "errors.Upload.1.message", "locale": "fr", "table": "Localizable",
                             "code": "missing-argument", "message": why.message}
    found = upload.lookup("errors.Upload.1.message", locales=["fr"], arguments=["a"])
    assert found.rejections == (why,) and found.locale == "en"
    assert isinstance(found, LookupResult) and hash(found) == hash(
        upload.lookup("errors.Upload.1.message", locales=["fr"], arguments=["a"]))


def test_rejection_text_is_the_c_apis_one_line_message(upload: Catalog) -> None:
    """str(Rejection) is what ef_result_rejection returns for the same rejection."""
    shown = upload.format("Upload", 1, locales=["fr"], arguments=["photo.jpg"])
    lib = _ffi.lib
    info = _ffi.ErrorInfoP()
    result = _ffi.ResultP()
    assert lib.ef_error_info_new(ctypes.byref(info), b"Upload", 1, None) == 0
    assert lib.ef_error_info_add_string(info, b"photo.jpg", None) == 0
    locales = (ctypes.c_char_p * 1)(b"fr")
    try:
        assert lib.ef_format(ctypes.byref(result), upload._handle, info, locales, 1, None) == 0
        count = lib.ef_result_rejection_count(result, _ffi.EF_FIELD_MESSAGE)
        from_c = [lib.ef_result_rejection(result, _ffi.EF_FIELD_MESSAGE, index).decode()
                  for index in range(count)]
    finally:
        lib.ef_result_free(result)
        lib.ef_error_info_free(info)
    assert from_c == [str(rejection) for rejection in shown.provenance["message"].rejections]
    assert len(from_c) == 1


def test_a_result_larger_than_the_buffer() -> None:
    """Past the per-thread buffer (4 KB) the binding asks again with the size the library gave."""
    long_text = "é" * 5000
    catalog = Catalog.from_tables([("en", "Localizable.strings",
                                    f'"errors.Big.1.title" = "{long_text}";\n'.encode())])
    shown = catalog.format("Big", 1, locales=["en"], description="d" * 70000)
    assert shown.title == long_text and shown.message == "d" * 70000
    # And the next, small one is still right.
    assert catalog.format("Big", 2, locales=["en"]).title == "Error"
    found = catalog.lookup("errors.Big.1.title")
    assert found.value == long_text


def test_a_larger_buffer_is_kept_for_the_next_calls() -> None:
    """A result between 4 KB and 64 KB grows the thread's buffer, which the next calls reuse."""
    from errorformatter import _packed
    long_text = "é" * 5000  # 10,000 bytes
    catalog = Catalog.from_tables([("en", "Localizable.strings",
                                    f'"errors.Big.1.title" = "{long_text}";\n'.encode())])
    assert catalog.format("Big", 1, locales=["en"]).title == long_text
    pool = _packed.scratch_pool()
    assert len(pool) == 1 and pool[0].capacity >= 10_000
    assert catalog.format("Big", 1, locales=["en"], description="d").title == long_text
    assert len(pool) == 1


def test_a_call_while_the_threads_buffer_is_in_use() -> None:
    """A format that starts while another on the same thread holds the thread's buffer (a
    finalizer run by garbage collection in the middle of a call) gets a buffer of its own, and
    neither output is overwritten."""
    from errorformatter import _packed
    catalog = Catalog.from_tables([("en", "Localizable.strings", b'"errors.D.1.title" = "One";\n'
                                                                 b'"errors.D.2.title" = "Two";\n')])
    pool = _packed.scratch_pool()
    held = pool.pop()  # what a call in progress holds
    try:
        assert catalog.format("D", 2, locales=["en"], description="x").title == "Two"
    finally:
        pool.append(held)
    assert catalog.format("D", 1, locales=["en"], description="x").title == "One"
