"""`errfmt convert`, byte for byte: every writer's exact output, the warning for each thing a
format cannot hold, exit statuses, and round trips over a sample of the shared corpus (the whole
corpus goes through the Swift writers in Tests/ErrorFormatterTests/Conversion/ConversionCorpusTests.swift).
"""
import json
import pathlib
import subprocess

import pytest

from test_errfmt import ERRFMT, ROOT

STRINGS = (b'"quote" = "say \\"hi\\"";\n"back" = "a\\\\b";\n"lines" = "one\\ntwo\\tthree\\r";\n'
           b'"ctl" = "\\U0001\\U007f";\n"" = "empty key";\n'
           + '"uni" = "caf\\U00e9 😀 \u2028";\n'.encode() + b'"list" = ("a", "b");\n')

PLURALS = b'''<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>files</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
  <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
    <key>NSStringFormatValueTypeKey</key><string>lld</string>
    <key>other</key><string>%lld files</string><key>one</key><string>One file</string></dict>
</dict>
<key>sync</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@</string>
  <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
    <key>NSStringFormatValueTypeKey</key><string>lld</string>
    <key>one</key><string>%lld file</string><key>other</key><string>%lld files</string></dict>
  <key>folders</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
    <key>NSStringFormatValueTypeKey</key><string>lld</string>
    <key>one</key><string>%lld folder</string><key>other</key><string>%lld folders</string></dict>
</dict>
<key>title</key><dict>
  <key>NSStringLocalizedFormatKey</key><string>%#@width@</string>
  <key>width</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string>
    <key>20</key><string>Short</string><key>50</key><string>A longer title</string></dict>
</dict>
<key>plain</key><string>Plain &amp; simple</string>
</dict></plist>
'''

CATALOG = {
    "sourceLanguage": "en", "version": "1.0",
    "strings": {
        "b.files": {"localizations": {
            "en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "One file"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
            "fr": {"stringUnit": {"state": "translated", "value": "Des fichiers"}}}},
        "a.title": {"comment": "not carried", "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Error"}},
            "de": {"stringUnit": {"state": "needs_review", "value": "Fehler"}},
            "fr": {"stringUnit": {"state": "stale", "value": "Erreur (old)"}}}},
    },
}


def convert(cwd, *arguments):
    return subprocess.run([ERRFMT, "convert", *arguments], cwd=cwd, capture_output=True, timeout=60)


def text(run):
    return run.stdout.decode(), run.stderr.decode()


def test_strings_to_strings_escapes_only_what_cf_needs_and_keeps_everything(tmp_path):
    (tmp_path / "in.strings").write_bytes(STRINGS)
    run = convert(tmp_path, "in.strings", "-", "--to", "strings")
    assert run.returncode == 0
    assert text(run) == (
        '"quote" = "say \\"hi\\"";\n'
        '"back" = "a\\\\b";\n'
        '"lines" = "one\\ntwo\\tthree\\r";\n'
        '"ctl" = "\\U0001\\U007F";\n'
        '"" = "empty key";\n'
        '"uni" = "café 😀 \\U2028";\n'
        '"list" = ("a", "b");\n', "")
    # What it wrote is what CoreFoundation's grammar reads back: dump parses both the same.
    (tmp_path / "out.strings").write_bytes(run.stdout)
    dumped = subprocess.run([ERRFMT, "dump", "--json", "in.strings", "out.strings"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60).stdout.split("\n")
    assert json.loads(dumped[0])["entries"] == json.loads(dumped[1])["entries"]


def test_strings_to_json_leaves_out_non_strings_with_a_warning(tmp_path):
    (tmp_path / "in.strings").write_bytes(STRINGS)
    run = convert(tmp_path, "in.strings", "out.json")
    assert run.returncode == 1  # something was left out; the file is written anyway
    assert text(run) == ("", 'in.strings: warning: "list" is not a string (an array, dictionary or data value '
                             'of a .strings file), which .json cannot hold; it is left out [non-string-value-left-out]\n')
    assert (tmp_path / "out.json").read_text() == (
        '{\n'
        '  "quote": "say \\"hi\\"",\n'
        '  "back": "a\\\\b",\n'
        '  "lines": "one\\ntwo\\tthree\\r",\n'
        '  "ctl": "\\u0001\x7f",\n'
        '  "": "empty key",\n'
        '  "uni": "café 😀 \u2028"\n'
        '}\n')
    # .strings → JSON → .strings parses to the same table (the texts).
    back = convert(tmp_path, "out.json", "back.strings")
    assert back.returncode == 0, back.stderr
    dumped = subprocess.run([ERRFMT, "dump", "--json", "in.strings", "back.strings"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60).stdout.split("\n")
    original = json.loads(dumped[0])["entries"]
    del original["list"]
    assert json.loads(dumped[1])["entries"] == original


def test_stringsdict_to_stringsdict_xml_escapes(tmp_path):
    (tmp_path / "in.strings").write_bytes(b'"k" = "a < b & c > d\\r\\U0001";\n')
    run = convert(tmp_path, "in.strings", "-", "--to", "stringsdict", "--quiet")
    assert run.returncode == 0
    assert run.stdout.decode() == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
        '<plist version="1.0">\n<dict>\n'
        '\t<key>k</key>\n\t<string>a &lt; b &amp; c &gt; d&#13;&#1;</string>\n'
        '</dict>\n</plist>\n')


def test_stringsdict_to_each_format(tmp_path):
    (tmp_path / "fr.lproj").mkdir()
    (tmp_path / "fr.lproj" / "Localizable.stringsdict").write_bytes(PLURALS)
    run = convert(tmp_path, "fr.lproj/Localizable.stringsdict", "-", "--to", "json")
    assert run.returncode == 1
    assert text(run) == (
        '{\n  "plain": "Plain & simple",\n  "files": {\n    "one": "One file",\n    "other": "%lld files"\n  }\n}\n',
        'fr.lproj/Localizable.stringsdict: warning: "sync" is a plural format, which .json cannot hold (a JSON '
        'plural object is a whole string with one plural variable); it is left out [variable-format-left-out]\n'
        'fr.lproj/Localizable.stringsdict: warning: "title" is a width-variant format, which .json cannot hold '
        '(JSON tables hold plural variants only); it is left out [variable-format-left-out]\n')
    run = convert(tmp_path, "fr.lproj/Localizable.stringsdict", "out.xcstrings")
    assert run.returncode == 1
    assert run.stderr.decode() == (
        'fr.lproj/Localizable.stringsdict: warning: "title" is a width-variant format, which .xcstrings cannot '
        'hold (String Catalogs have no width variants); it is left out (language fr) [variable-format-left-out]\n')
    catalog = json.loads((tmp_path / "out.xcstrings").read_text())
    assert catalog["sourceLanguage"] == "fr"  # from the .lproj directory
    assert list(catalog["strings"]) == ["files", "plain", "sync"]
    assert catalog["strings"]["files"]["localizations"]["fr"] == {"variations": {"plural": {
        "one": {"stringUnit": {"state": "translated", "value": "One file"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}}
    sync = catalog["strings"]["sync"]["localizations"]["fr"]
    assert sync["stringUnit"] == {"state": "translated", "value": "%#@files@ in %#@folders@"}
    assert sync["substitutions"]["folders"] == {"formatSpecifier": "lld", "variations": {"plural": {
        "one": {"stringUnit": {"state": "translated", "value": "%lld folder"}},
        "other": {"stringUnit": {"state": "translated", "value": "%lld folders"}}}}}
    # The catalog renders as the .stringsdict did, through format's own lookup.
    (tmp_path / "cat").mkdir()
    (tmp_path / "out.xcstrings").rename(tmp_path / "cat" / "Localizable.xcstrings")
    shown = subprocess.run([ERRFMT, "lookup", "--catalog", "cat", "--development-locale", "fr", "--locale", "fr",
                            "--arg-int", "1", "--arg-int", "3", "sync"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60)
    assert (shown.returncode, shown.stdout, shown.stderr) == (0, "1 file in 3 folders\n", "")


def test_string_catalog_layout_and_one_language_out(tmp_path):
    (tmp_path / "in.xcstrings").write_text(json.dumps(CATALOG))
    run = convert(tmp_path, "in.xcstrings", "out.xcstrings")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "out.xcstrings").read_text() == '''{
  "sourceLanguage" : "en",
  "strings" : {
    "a.title" : {
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Fehler"
          }
        },
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Error"
          }
        }
      }
    },
    "b.files" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "One file"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld files"
                }
              }
            }
          }
        },
        "fr" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Des fichiers"
          }
        }
      }
    }
  },
  "version" : "1.0"
}
'''
    run = convert(tmp_path, "in.xcstrings", "-", "--to", "strings", "--language", "fr")
    assert run.returncode == 1
    assert text(run) == ('"b.files" = "Des fichiers";\n',
                         'in.xcstrings: warning: .strings holds one language: fr is written, "en" is left out '
                         '(each language needs a file of its own) [language-left-out]\n'
                         'in.xcstrings: warning: .strings holds one language: fr is written, "de" is left out '
                         '(each language needs a file of its own) [language-left-out]\n')
    run = convert(tmp_path, "in.xcstrings", "-", "--to", "strings", "--quiet")
    assert (run.returncode, text(run)) == (1, ('"a.title" = "Error";\n', ""))


def test_extension_override_and_errors(tmp_path):
    (tmp_path / "table.txt").write_bytes(b'"a" = "b";\n')
    run = convert(tmp_path, "--from", "strings", "--to", "json", "table.txt", "table.out")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "table.out").read_text() == '{\n  "a": "b"\n}\n'
    for arguments, message in [
        (["table.txt", "x.json"], "IN 'table.txt' has no table extension (.strings, .stringsdict, .xcstrings, .json): give --from"),
        (["--to", "yaml", "a.strings", "x"], "--to takes strings, stringsdict, xcstrings or json, not 'yaml'"),
        (["a.strings"], "give IN and OUT"),
    ]:
        run = convert(tmp_path, *arguments)
        assert (run.returncode, text(run)) == (2, ("", f"errfmt convert: {message}\ntry 'errfmt convert --help'\n"))
    (tmp_path / "in.xcstrings").write_text(json.dumps(CATALOG))
    run = convert(tmp_path, "in.xcstrings", "x.strings", "--language", "ja")
    assert run.returncode == 2
    assert text(run)[1].startswith("errfmt convert: in.xcstrings has no language 'ja' (it has en, de, fr)\n")


def test_unreadable_input_writes_nothing_and_keeps_the_old_output(tmp_path):
    (tmp_path / "broken.strings").write_bytes(b'"a" = "b"\n"c" = "d";\n')
    (tmp_path / "out.json").write_text("old")
    run = convert(tmp_path, "broken.strings", "out.json")
    assert run.returncode == 1
    assert text(run) == ("", "broken.strings:1:10: error: missing ';' after the value of \"a\" [missing-semicolon]\n")
    assert (tmp_path / "out.json").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.strings", "out.json"]
    run = convert(tmp_path, "missing.strings", "out.json")
    assert (run.returncode, text(run)) == (1, ("", "errfmt: cannot read missing.strings: No such file or directory\n"))


CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.mark.skipif(not (CORPUS / "files.tsv").exists(), reason="the shared corpus (../shared/corpus) is not present")
def test_corpus_sample_strings_to_json_to_strings(tmp_path):
    rows = [line.split("\t") for line in (CORPUS / "files.tsv").read_text().splitlines()[1:]]
    paths = [CORPUS / "data" / row[0] / row[1] for row in rows if row[1].endswith(".strings")]
    checked = 0
    for index, path in enumerate(paths[::40]):
        original = subprocess.run([ERRFMT, "dump", "--json", str(path)], capture_output=True, text=True, timeout=60)
        entries = json.loads(original.stdout)
        if not entries["ok"]:
            continue
        strings = {k: v for k, v in entries["entries"].items() if isinstance(v, str)}
        middle, back = tmp_path / f"{index}.json", tmp_path / f"{index}.strings"
        assert convert(tmp_path, str(path), str(middle), "--quiet").returncode in (0, 1)
        assert convert(tmp_path, str(middle), str(back)).returncode == 0
        again = subprocess.run([ERRFMT, "dump", "--json", str(back)], capture_output=True, text=True, timeout=60)
        assert json.loads(again.stdout)["entries"] == strings, path
        checked += 1
    assert checked > 50
