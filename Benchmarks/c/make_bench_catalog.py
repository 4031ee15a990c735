#!/usr/bin/env python3
"""Writes the format benchmark's catalog twice, once per library: Apple-style tables for
ErrorFormatter and gettext .po files of the same texts.

200 errors of one domain, each with a title and a message, plus the button and generic keys, and
one error of another domain whose title and message take an argument (%@); 100 errors of a
domain whose messages take a file name and a byte count (the argument row), and a domain with a
title of its own and no codes (the caller's-description row).
The gettext side spells each %N$@ as %N$s, the specifier snprintf takes for the same string.
English has everything, French everything, Canadian French one error in ten: with fr-CA
preferred, most strings are fallback hits (fr-CA -> fr), as with LANGUAGE=fr_CA:fr for gettext.

usage: make_bench_catalog.py OUT_DIR   (writes OUT_DIR/catalog/<loc>.lproj/Localizable.strings
                                        and OUT_DIR/po/<loc>.po)
"""
import os
import sys

ERRORS = 200
ARGUMENT_ERRORS = 100


def texts(locale: str) -> dict:
    entries = {"controls.ok": "OK", "errors.title": "Error", "errors.message": "Please try again."}
    for code in range(ERRORS):
        if locale == "fr_CA" and code % 10:
            continue
        if locale == "en":
            title, message = f"Bench error {code}", f"Something went wrong ({code}). Please try again later."
        elif locale == "fr":
            title, message = f"Erreur {code}", f"Un problème est survenu ({code}). Réessayez plus tard."
        else:
            title, message = f"Erreur {code} (Québec)", f"Un problème est survenu ({code}). Réessayez plus tard."
        entries[f"errors.Bench.{code}.title"] = title
        entries[f"errors.Bench.{code}.message"] = message
    # One error whose title and message take an argument (the Python benchmark's argument row).
    if locale == "en":
        entries["errors.Upload.1.title"] = "Couldn't upload %@"
        entries["errors.Upload.1.message"] = "%@ was not sent."
    elif locale == "fr":
        entries["errors.Upload.1.title"] = "Impossible d’envoyer %@"
        entries["errors.Upload.1.message"] = "%@ n’a pas été envoyé."
    # The argument row: 100 errors whose message takes a file name and a byte count.
    for code in range(ARGUMENT_ERRORS):
        if locale == "en":
            title, message = f"Upload failed ({code})", f"Couldn't upload “%1$@” (%2$lld bytes) to server {code}."
        elif locale == "fr":
            title = f"Échec de l’envoi ({code})"
            message = f"Impossible d’envoyer « %1$@ » (%2$lld octets) au serveur {code}."
        else:
            continue
        entries[f"errors.Transfer.{code}.title"] = title
        entries[f"errors.Transfer.{code}.message"] = message
    # The caller's-description row: a domain title, no code keys.
    entries["errors.Caller.title"] = {"en": "Sync problem", "fr": "Problème de synchronisation"}.get(locale, "")
    if not entries["errors.Caller.title"]:
        del entries["errors.Caller.title"]
    if locale == "fr_CA":
        del entries["controls.ok"], entries["errors.title"], entries["errors.message"]
    return entries


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> int:
    out = sys.argv[1]
    for locale, directory in (("en", "en"), ("fr", "fr"), ("fr_CA", "fr-CA")):
        entries = texts(locale)
        os.makedirs(f"{out}/catalog/{directory}.lproj", exist_ok=True)
        with open(f"{out}/catalog/{directory}.lproj/Localizable.strings", "w", encoding="utf-8") as table:
            for key, value in entries.items():
                table.write(f"{quote(key)} = {quote(value)};\n")
        if locale == "en":
            continue
        os.makedirs(f"{out}/po", exist_ok=True)
        with open(f"{out}/po/{locale}.po", "w", encoding="utf-8") as po:
            po.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n')
            for key, value in entries.items():
                po.write(f"msgid {quote(key)}\nmsgstr {quote(value.replace('$@', '$s'))}\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
