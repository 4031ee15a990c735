"""What `format`, `lookup` and `negotiate` say on standard error when the answer is not what
the user asked for (one warning line each, `--quiet` silences them, the exit status unchanged),
how usage errors read, and `negotiate` over catalogs that have no `.lproj` directories.

Catalogs are written under tmp_path and named relative to it (the commands run there), so every
line is compared exactly.
"""
import json
import subprocess

import pytest

from test_errfmt import ERRFMT

EN = b'"errors.title" = "Error";\n"errors.D.1.title" = "One";\n"files" = "%lld files";\n'
BROKEN_FR = b'"errors.title" = "Erreur"\n"errors.D.1.title" = "Un";\n'


def errfmt(cwd, *arguments):
    return subprocess.run([ERRFMT, *arguments], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.fixture
def broken(tmp_path):
    """A catalog whose French table lacks a ';' on line 1: CF rejects the whole file."""
    (tmp_path / "cat" / "en.lproj").mkdir(parents=True)
    (tmp_path / "cat" / "fr.lproj").mkdir()
    (tmp_path / "cat" / "en.lproj" / "Localizable.strings").write_bytes(EN)
    (tmp_path / "cat" / "fr.lproj" / "Localizable.strings").write_bytes(BROKEN_FR)
    return tmp_path


BROKEN_LINE = ("errfmt: warning: broken table cat/fr.lproj/Localizable.strings:1:26: "
               "missing ';' after the value of \"errors.title\" [missing-semicolon]")
UNMATCHED_FR = "errfmt: warning: no localization of the catalog matches the preference 'fr'"
NONE_MATCHED = "errfmt: warning: none of the preferences matched; showing the development localization (en)"


def test_format_warns_about_the_broken_table_and_the_preference_it_cost(broken):
    out = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1", "--locale", "fr")
    assert out.returncode == 0
    assert out.stdout == "title:   One\nmessage: \nbutton:  OK\n"
    assert out.stderr.splitlines() == [BROKEN_LINE, UNMATCHED_FR, NONE_MATCHED]


def test_quiet_silences_warnings_and_keeps_the_status(broken):
    loud = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1", "--locale", "fr")
    quiet = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1", "--locale", "fr",
                   "--quiet")
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (loud.returncode, loud.stdout, "")
    lookup = errfmt(broken, "lookup", "--catalog", "cat", "--locale", "fr", "--quiet", "errors.title")
    assert (lookup.returncode, lookup.stdout, lookup.stderr) == (0, "Error\n", "")
    negotiate = errfmt(broken, "negotiate", "--catalog", "cat", "--locale", "fr", "--quiet")
    assert (negotiate.returncode, negotiate.stderr) == (0, "")


def test_only_the_preferences_before_the_match_are_unmatched(broken):
    out = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1",
                 "--locale", "sv,../../etc,en,fr", "--json")
    assert out.returncode == 0
    assert json.loads(out.stdout)["stack"] == ["en"]
    assert out.stderr.splitlines() == [
        BROKEN_LINE,
        "errfmt: warning: no localization of the catalog matches the preference 'sv'",
        "errfmt: warning: '../../etc' is not a locale ID; the preference is skipped",
    ]


def test_unknown_table_and_rejected_strings(broken):
    out = errfmt(broken, "lookup", "--catalog", "cat", "--locale", "en", "--table", "Errors", "errors.title")
    assert out.returncode == 1
    assert out.stderr.splitlines() == [
        BROKEN_LINE,
        "errfmt: warning: the catalog has no table 'Errors' (its tables: Localizable)",
        'errfmt: no usable value for "errors.title" in Errors',
    ]
    out = errfmt(broken, "lookup", "--catalog", "cat", "--locale", "en", "--arg", "many", "files")
    assert out.returncode == 1
    assert out.stderr.splitlines() == [
        BROKEN_LINE,
        "errfmt: warning: skipped files in en/Localizable: '%d' needs an integer argument but argument 1 "
        "is a string [wrong-argument-type]",
        'errfmt: no usable value for "files" in Localizable',
    ]


def test_format_warns_once_per_rejected_string(broken):
    (broken / "cat" / "en.lproj" / "Localizable.strings").write_bytes(
        b'"errors.title" = "Error %@";\n"errors.D.1.message" = "Lost %lld";\n')
    out = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1", "--quiet")
    assert (out.returncode, out.stdout, out.stderr) == (0, "title:   Error\nmessage: \nbutton:  OK\n", "")
    out = errfmt(broken, "format", "--catalog", "cat", "--domain", "D", "--code", "1")
    assert out.stderr.splitlines() == [
        BROKEN_LINE,
        "errfmt: warning: skipped errors.title in en/Localizable: specifier refers to argument 1 but 0 were "
        "passed [missing-argument]",
        "errfmt: warning: skipped errors.D.1.message in en/Localizable: specifier refers to argument 1 but 0 "
        "were passed [missing-argument]",
    ]


# ------------------------------------------------------------------------------ usage errors

@pytest.mark.parametrize("arguments, lines", [
    (["format", "--domain", "D", "--code", "1"], ["errfmt format: --catalog is required"]),
    (["format", "--bogus"], ["errfmt format: unknown option '--bogus'"]),
    (["lookup", "--catalog", "."], ["errfmt lookup: give exactly one KEY"]),
    (["negotiate", "--locale", "fr"], ["errfmt negotiate: give one of --catalog DIR and --available LIST"]),
    (["negotiate", "--available", "fr"],
     ["errfmt negotiate: give the preferences: --locale LIST, --locale auto or --accept-language HEADER"]),
    (["negotiate", "--catalog", ".", "--locale", "fr", "--mode", "strict"],
     ["errfmt negotiate: --mode strict applies to --available: a catalog negotiates in family mode, as format does"]),
    (["chain"], ["errfmt chain: no locale IDs given"]),
    (["chain", "--bogus", "fr"], ["errfmt chain: unknown option '--bogus'"]),
    (["dump"], ["errfmt dump: no input files"]),
    (["dump", "--json", "--count", "x"], ["errfmt dump: --json and --count cannot be combined"]),
    (["convert", "a.strings"], ["errfmt convert: give IN and OUT"]),
])
def test_usage_errors_are_one_line_and_where_the_help_is(tmp_path, arguments, lines):
    out = errfmt(tmp_path, *arguments)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.splitlines() == lines + [f"try 'errfmt {arguments[0]} --help'"]


def test_unknown_command(tmp_path):
    out = errfmt(tmp_path, "frobnicate")
    assert (out.returncode, out.stderr) == (2, "errfmt: unknown command 'frobnicate'\ntry 'errfmt --help'\n")


# --------------------------------------------------------------------------------------- help

def test_chain_help_describes_what_chain_prints(tmp_path):
    shown = errfmt(tmp_path, "chain", "zh-TW").stdout
    assert shown == "zh-TW → zh_TW(alias) > zh_Hant_TW > zh_Hant > root\n"
    help_text = errfmt(tmp_path, "chain", "--help").stdout
    assert "  " + shown in help_text  # the help's example is the real output
    assert "root omitted" not in help_text.split("--json")[0]  # text lines end with root
    assert errfmt(tmp_path, "chain", "C").stdout.strip() in help_text.replace("'ID", "'C").replace("ID →", "C →")


@pytest.mark.parametrize("command", ["format", "lookup", "negotiate"])
def test_catalog_help_names_every_table_format(tmp_path, command):
    help_text = errfmt(tmp_path, command, "--help").stdout
    for name in [".strings", ".stringsdict", ".xcstrings", "<loc>.json", ".lproj/<Table>.strings"]:
        assert name in help_text, name
    for flag in ["--quiet"]:
        assert flag in help_text


@pytest.mark.parametrize("name, kind", [("Localizable.xcstrings", "a String Catalog"), ("fr.json", "a JSON table")])
def test_dump_names_the_command_that_reads_json_formats(tmp_path, name, kind):
    (tmp_path / name).write_text('{}')
    out = errfmt(tmp_path, "dump", name)
    assert (out.returncode, out.stdout) == (1, "")
    assert out.stderr == (
        f"{name}: error: {kind} is JSON, not a property list, so dump does not read it; "
        f"'errfmt convert {name} - --to strings' prints its table as .strings, and 'errfmt lookup' and "
        "'errfmt format' read it in a catalog (--catalog DIR) [not-a-property-list]\n")


# ---------------------------------------------------------------------------------- negotiate

XCSTRINGS = {
    "sourceLanguage": "en", "version": "1.0",
    "strings": {"errors.title": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Error"}},
        "de": {"stringUnit": {"state": "translated", "value": "Fehler"}},
        "pt-BR": {"stringUnit": {"state": "translated", "value": "Erro"}}}}},
}


def test_negotiate_reads_a_catalog_with_only_a_string_catalog(tmp_path):
    (tmp_path / "xc").mkdir()
    (tmp_path / "xc" / "Localizable.xcstrings").write_text(json.dumps(XCSTRINGS))
    out = errfmt(tmp_path, "negotiate", "--catalog", "xc", "--locale", "de-AT")
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout == ("de\tpreference 1 has level de\n"
                          "en\tthe development localization (en) or on its chain\n")
    out = errfmt(tmp_path, "negotiate", "--catalog", "xc", "--locale", "pt-PT,sv", "--json")
    assert json.loads(out.stdout) == {
        "preferences": ["pt-PT", "sv"], "available": ["de", "en", "pt-BR"], "untranslated": False,
        "stack": [{"name": "pt-BR", "index": 2,
                   "reason": "preference 1 has no table at level pt; this table inherits from it"}],
        "searched": ["pt-BR", "en"]}
    formatted = errfmt(tmp_path, "format", "--catalog", "xc", "--domain", "D", "--code", "1",
                       "--locale", "pt-PT,sv", "--json")
    assert json.loads(formatted.stdout)["stack"] == ["pt-BR", "en"]


def test_negotiate_reads_json_tables_and_agrees_with_format(tmp_path):
    (tmp_path / "js" / "Base.lproj").mkdir(parents=True)
    (tmp_path / "js" / "en.json").write_text('{"errors.title": "Error"}')
    (tmp_path / "js" / "fr-CA.json").write_text('{"errors.title": "Erreur"}')
    (tmp_path / "js" / "Base.lproj" / "Localizable.json").write_text('{"errors.title": "Error (base)"}')
    (tmp_path / "js" / "Localizable.strings").write_bytes(b'"errors.title" = "Error (unlocalized)";\n')
    out = errfmt(tmp_path, "negotiate", "--catalog", "js", "--locale", "sv,fr")
    assert out.returncode == 0
    assert out.stdout == (
        "fr-CA\tpreference 2 has no table at level fr; this table inherits from it\n"
        "Base\tthe base localization\n"
        "en\tthe development localization (en) or on its chain\n"
        "(unlocalized)\tthe unlocalized tables\n")
    assert out.stderr == "errfmt: warning: no localization of the catalog matches the preference 'sv'\n"
    searched = json.loads(errfmt(tmp_path, "negotiate", "--catalog", "js", "--locale", "sv,fr", "--json").stdout)
    formatted = json.loads(errfmt(tmp_path, "format", "--catalog", "js", "--domain", "D", "--code", "1",
                                  "--locale", "sv,fr", "--json", "--quiet").stdout)
    assert searched["searched"] == ["fr-CA", "Base", "en", ""] == formatted["stack"]


def test_negotiate_untranslated_and_available(tmp_path):
    out = errfmt(tmp_path, "negotiate", "--available", "fr,de", "--locale", "de-CH")
    assert out.stdout == ("de\tpreference 1 has level de\n"
                          "BASE\tthen Base, the development localization and the unlocalized tables\n")
    out = errfmt(tmp_path, "negotiate", "--available", "en_AU,en_GB", "--locale", "en_NZ", "--mode", "strict")
    assert out.stdout == "BASE\tthen Base, the development localization and the unlocalized tables\n"
    out = errfmt(tmp_path, "negotiate", "--available", "fr", "--locale", "C,fr")
    assert out.stdout.splitlines()[0] == "untranslated (C/POSIX)"
