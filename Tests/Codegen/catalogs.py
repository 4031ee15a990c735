"""The catalogs errfmt codegen is tried on, beyond Examples/: one made from the corpus's String
Catalogs, and hostile ones (keywords of every target language, 10,000 errors, Unicode domains,
names that collide). Each is written as a top-level Localizable.xcstrings (JSON), so any key,
domain and text can be written without a table format's own escapes.
"""
from __future__ import annotations

import json
import pathlib
import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"


def unit(value: str) -> Dict[str, Any]:
    return {"stringUnit": {"state": "translated", "value": value}}


def write_string_catalog(directory: pathlib.Path, strings: Dict[str, Any], source: str = "en") -> pathlib.Path:
    directory.mkdir(parents=True, exist_ok=True)
    document = {"sourceLanguage": source, "strings": strings, "version": "1.0"}
    (directory / "Localizable.xcstrings").write_text(
        json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True), encoding="utf-8")
    return directory


def plain(texts: Dict[str, str]) -> Dict[str, Any]:
    """One entry with a plain text per language."""
    return {"localizations": {language: unit(text) for language, text in texts.items()}}


def plural(variants: Dict[str, Dict[str, str]]) -> Dict[str, Any]:
    """One entry with plural variations per language: {language: {category: text}}."""
    return {"localizations": {
        language: {"variations": {"plural": {category: unit(text) for category, text in forms.items()}}}
        for language, forms in variants.items()}}


def substitution(formats: Dict[str, str], name: str, spec: str, variants: Dict[str, Dict[str, str]],
                 position: int = 1) -> Dict[str, Any]:
    """One entry whose text refers to a plural substitution `name` (%#@name@) counted by argument
    `position`, per language."""
    return {"localizations": {
        language: {
            "stringUnit": {"state": "translated", "value": formats[language]},
            "substitutions": {name: {"argNum": position, "formatSpecifier": spec, "variations": {
                "plural": {category: unit(text) for category, text in variants[language].items()}}}},
        } for language in formats}}


# ------------------------------------------------------------------------------------ corpus

def corpus_string_catalogs() -> List[pathlib.Path]:
    return sorted((CORPUS / "data").rglob("*.xcstrings")) if CORPUS.is_dir() else []


def domain_of(path: pathlib.Path) -> str:
    """`NetNewsWire.Localizable` for data/Ranchero-Software__NetNewsWire/.../Localizable.xcstrings."""
    relative = path.relative_to(CORPUS / "data")
    app = relative.parts[0].split("__")[-1]
    return f"{app}.{path.stem}"


def corpus_catalog(directory: pathlib.Path, refused: Iterable[str] = ()) -> Tuple[pathlib.Path, int]:
    """Every string of the corpus's String Catalogs whose source language is English, as the
    message of an error of its own (`errors.<app>.<table>.<n>.message`), in every language it
    has. A string that was the key itself (no source localization) gets its key as its English
    text. Keys in `refused` (the generator's refusals, found by a first pass) are left out.
    Returns the catalog and how many strings it holds."""
    refused = set(refused)
    strings: Dict[str, Any] = {}
    for path in corpus_string_catalogs():
        document = json.loads(path.read_text(encoding="utf-8"))
        source = document.get("sourceLanguage", "en")
        if source != "en":
            continue
        domain = domain_of(path)
        for number, (key, entry) in enumerate(sorted(document.get("strings", {}).items())):
            new_key = f"errors.{domain}.{number}.message"
            if new_key in refused or entry.get("shouldTranslate") is False:
                continue
            localizations = dict(entry.get("localizations") or {})
            if "en" not in localizations:
                localizations["en"] = unit(key)
            strings[new_key] = {"localizations": localizations}
    return write_string_catalog(directory, strings), len(strings)


# ----------------------------------------------------------------------------------- hostile

# Words that are keywords, or names the generated files use themselves, in the target languages.
KEYWORDS = [
    "class", "def", "func", "fn", "import", "package", "static", "default", "return", "for", "in", "type",
    "self", "Self", "None", "nil", "null", "true", "int", "int64_t", "string", "String", "str", "arguments",
    "ErrorInfo", "Argument", "errorformatter", "format", "error", "out", "err", "status", "std", "detail",
    "main", "init", "let", "var", "match", "yield", "async", "await", "interface", "namespace", "new", "delete",
    "typeof", "where", "move", "crate", "mod", "impl", "trait", "extern", "go", "chan", "select", "defer",
    "goto", "volatile", "register", "union", "enum", "struct", "switch", "case", "catch", "try", "throw",
]


def keywords_catalog(directory: pathlib.Path) -> pathlib.Path:
    """Errors whose domains are keywords, whose plural variables are keywords, and a names file
    (names.txt) that gives many of them keyword names."""
    strings: Dict[str, Any] = {}
    names = []
    for index, word in enumerate(KEYWORDS):
        code = index - 5  # negative codes too
        strings[f"errors.{word}.{code}.title"] = plain({"en": f"{word} failed", "fr": f"{word} a échoué"})
        # The count of a plural substitution named after the keyword, and a string after it.
        strings[f"errors.{word}.{code}.message"] = substitution(
            {"en": f"%#@{word}@ in %2$@", "fr": f"%#@{word}@ dans %2$@"}, word, "lld",
            {"en": {"one": "%lld item", "other": "%lld items"},
             "fr": {"one": "%lld élément", "many": "%lld d’éléments", "other": "%lld éléments"}})
        # self and Self, string and String: one name each, or they would collide.
        taken = {line.split()[-1].lower() for line in names}
        names.append(f"{word} {code} {word}" + ("Again" if word.lower() in taken else ""))
    write_string_catalog(directory, strings)
    (directory / "names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    return directory


UNICODE_DOMAINS = [
    "Синхронизация", "同期エラー", "Café", "Cafe\u0301", "emoji😀Domain", "quote\"and\\backslash",
    "dom with spaces", "tab\tdomain", "line\u2028separator", "question??/mark", "star*/slash", "ünïcödé.dotted.domain",
    "9starts.with.digit", "",
]


def unicode_catalog(directory: pathlib.Path) -> pathlib.Path:
    """Domains in many scripts and with characters that every language's literals must escape,
    codes at the ends of the 64-bit range and past JavaScript's safe integers."""
    codes = [0, 1, -1, 2**53 + 1, -(2**63), 2**63 - 1]
    strings: Dict[str, Any] = {}
    for index, domain in enumerate(UNICODE_DOMAINS):
        code = codes[index % len(codes)]
        strings[f"errors.{domain}.{code}.title"] = plain({"en": f"«{domain}» %@", "fr": f"« {domain} » %@",
                                                          "ja": f"「{domain}」%@"})
        strings[f"errors.{domain}.{code}.message"] = plain({"en": "%1$@ — %2$.2f ✓ %3$llu", "ja": "%2$.2f・%1$@・%3$llu"})
    return write_string_catalog(directory, strings)


def bulk_catalog(directory: pathlib.Path, count: int = 10_000) -> pathlib.Path:
    """`count` errors of one domain, with every argument type, plurals, and a French translation
    of every third."""
    strings: Dict[str, Any] = {}
    for code in range(count):
        kind = code % 5
        title = {"en": f"Error {code}"}
        if kind == 0:
            message = plain({"en": "Plain text, no argument"})
        elif kind == 1:
            message = plain({"en": "“%@” failed", "fr": "« %@ » a échoué"})
        elif kind == 2:
            message = plural({"en": {"one": "%lld file left", "other": "%lld files left"},
                              "fr": {"one": "%lld fichier", "many": "%lld de fichiers", "other": "%lld fichiers"}})
        elif kind == 3:
            message = plain({"en": "%.2f MB on %@ (%llu blocks)", "fr": "%1$.2f Mo sur %2$@ (%3$llu blocs)"})
        else:
            message = plain({"en": "%2$@ then %1$lld", "fr": "%1$lld puis %2$@"})
        if code % 3 == 0:
            title["fr"] = f"Erreur {code}"
        strings[f"errors.Bulk.{code}.title"] = plain(title)
        strings[f"errors.Bulk.{code}.message"] = message
    return write_string_catalog(directory, strings)


def colliding_catalog(directory: pathlib.Path) -> pathlib.Path:
    """Three domains every language spells alike (my.domain, my_domain, MyDomain), and a names
    file (names.txt) that tells them apart."""
    strings = {f"errors.{domain}.1.title": plain({"en": f"From {domain}"})
               for domain in ["my.domain", "my_domain", "MyDomain"]}
    write_string_catalog(directory, strings)
    (directory / "names.txt").write_text("my.domain 1 Dotted\nmy_domain 1 Underscored\n", encoding="utf-8")
    return directory
