"""errfmt codegen's output in every language, on Examples/Sync, Examples/CoreLocation, the
corpus's String Catalogs and the hostile catalogs: generated twice (the same bytes), accepted by
the language's strict checker with the binding (cc -Wall -Wextra -Werror, g++, swiftc
-warnings-as-errors, mypy --strict, tsc --strict, gofmt and go vet, javac -Xlint:all -Werror,
cargo check under deny(warnings)), and every constructor, called by a driver program, formats
through the binding exactly as the Python binding formats the same error, itself compared with
errfmt format --json.
"""
from __future__ import annotations

import json

import pytest

import languages
from conftest import catalog_or_skip, errfmt

CATALOGS = ["sync", "corelocation", "keywords", "unicode", "bulk", "corpus"]


def generate(catalog, language, work):
    """The generated file, written twice: the two must be the same bytes."""
    target = work / language.file
    target.parent.mkdir(parents=True, exist_ok=True)
    again = work / "again" / language.file
    again.parent.mkdir(parents=True, exist_ok=True)
    for path in (target, again):
        done = errfmt("codegen", str(catalog.path), "--lang", language.name, "-o", str(path), *catalog.options)
        assert done.returncode == 0, done.stderr
    assert target.read_bytes() == again.read_bytes(), "two runs wrote different bytes"
    first = target.read_text(encoding="utf-8").splitlines()[0]
    assert f"errfmt codegen " in first and str(catalog.path) in first, first
    return target


@pytest.mark.parametrize("language", languages.LANGUAGES, ids=lambda language: language.name)
@pytest.mark.parametrize("name", CATALOGS)
def test_generated_code_checks_and_formats_as_the_library(name, language, test_catalogs, work):
    catalog = catalog_or_skip(test_catalogs, name)
    if language.missing():
        pytest.skip(f"{language.name}: {language.missing()}")
    language.prepare(work)
    generate(catalog, language, work)
    called = catalog.called
    source, _ = language.driver(languages.calls_of(catalog.registry, language.name, called))
    (work / language.driver_file).write_text(source, encoding="utf-8")
    checked = language.check(work)
    assert checked.returncode == 0, (checked.stdout + checked.stderr).decode(errors="replace")[-6000:]
    assert b"warning" not in checked.stderr.lower() or language.name == "rust", checked.stderr.decode()[-3000:]
    ran = language.execute(work, catalog.path, catalog.locales)
    assert ran.returncode == 0, ran.stderr.decode(errors="replace")[-3000:]
    got = languages.records(ran.stdout)
    wanted_indices = set(called)
    expected = [record for record in catalog.records if record[0] in wanted_indices]
    assert len(got) == len(expected)
    for found, wanted in zip(got, expected):
        assert found == wanted


@pytest.mark.parametrize("name", CATALOGS)
def test_the_records_are_errfmts(name, test_catalogs):
    """The reference records, for a sample of errors (all of the examples'), are what
    errfmt format --json prints for the same error, locale and typed arguments."""
    catalog = catalog_or_skip(test_catalogs, name)
    errors = catalog.registry["errors"]
    step = 1 if catalog.cli_sample is None else max(1, len(errors) // catalog.cli_sample)
    flags = {"string": "--arg", "int64": "--arg-int", "uint64": "--arg-uint", "double": "--arg-double"}
    records = {(index, locale): (title, message) for index, locale, title, message in catalog.records}
    checked = 0
    for index in range(0, len(errors), step):
        error = errors[index]
        arguments = []
        for argument, value in zip(error["arguments"], catalog.arguments(error)):
            arguments += [flags[argument["type"]], str(value)]
        for locale in catalog.locales:
            shown = errfmt("format", "--catalog", str(catalog.path), "--domain", error["domain"], "--code",
                           str(error["code"]), "--locale", locale, "--table", catalog.registry["table"], "--json",
                           "--quiet", *arguments)
            assert shown.returncode == 0, shown.stderr
            formatted = json.loads(shown.stdout)
            assert records[(index, locale)] == (formatted["title"], formatted["message"]), (error, locale)
            checked += 1
    assert checked >= min(len(errors), 8)


def test_the_examples_take_the_arguments_their_texts_say(test_catalogs):
    """Hand-checked: Examples/Sync's three errors and their typed arguments, and what de lacks."""
    registry = test_catalogs["sync"].registry
    summary = [(error["code"], [(argument["name"], argument["type"]) for argument in error["arguments"]],
                error["missing"]) for error in registry["errors"]]
    assert summary == [
        (1, [("arg1", "string")], [{"localization": "de", "fields": ["message"]}]),
        (2, [("files", "int64")], [{"localization": "de", "fields": ["title", "message"]}]),
        # de's message asks for a third argument, so it is skipped: de lacks both texts.
        (3, [("arg1", "double"), ("arg2", "string")], [{"localization": "de", "fields": ["title", "message"]}]),
    ]
    records = {(index, locale): (title, message) for index, locale, title, message in test_catalogs["sync"].records}
    assert records[(2, "fr")] == ("Espace insuffisant", "Il faut 1.5 Mo de plus sur « file2.txt ».")
    assert records[(1, "fr")] == ("Certains fichiers n’ont pas été synchronisés", "1 fichier n’a pas pu être synchronisé.")


def test_the_corpus_catalog_is_nearly_whole(test_catalogs, corpus_refusals):
    """Of the corpus's strings, only those whose English text is not a format are refused, each
    with a finding naming its key; everything else gets a constructor."""
    catalog = catalog_or_skip(test_catalogs, "corpus")
    refused = [line for line in corpus_refusals if "[error-argument" in line]
    assert all("[error-arguments-unknown]" in line for line in refused), refused
    assert len(refused) < 10
    assert len(catalog.registry["errors"]) > 2500
    typed = {argument["type"] for error in catalog.registry["errors"] for argument in error["arguments"]}
    assert {"string", "int64"} <= typed, typed
