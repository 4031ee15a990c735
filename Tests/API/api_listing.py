#!/usr/bin/env python3
"""Turns `swift-api-digester -dump-sdk` output for the ErrorFormatter module into a readable,
sorted listing of one of its two surfaces: one line per declaration, with its full signature.

- `public` (the default): what a Swift user of the `ErrorFormatter` product can name; the
  listing Tests/API/ErrorFormatter.api.txt holds.
- `package`: what only this package's other targets (the C layer, errfmt, the tests) can name;
  the listing Tests/API/ErrorFormatter.package.txt holds. A public type's `package` members are
  listed under it (`var Catalog.memos: MemoFamily`) without the type's own line, which is in the
  public listing; every member of a `package` type is listed, whatever its own modifier says.

`make test-api` compares fresh listings with both files, so that any change to either surface
shows up as a diff to accept on purpose (`make api-baseline`) or to undo.

Each line is `<kind> <Owner.name><signature>`, types without their module prefix (`Swift.` and
`ErrorFormatter.` are dropped), for example
    static func Catalog.open(directory: String, developmentLocale: String? = default, strict: Bool = default) throws -> Catalog
    var ErrorInfo.domain: String { get set }
Conformances the compiler adds to every type (Copyable, Escapable, SendableMetatype,
BitwiseCopyable) and imports are left out: they say nothing about this module's surface.

usage: api_listing.py DUMP.json [public|package]   (writes the listing to standard output)
"""

from __future__ import annotations

import json
import re
import sys

IMPLICIT_CONFORMANCES = {"Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"}
MODULE_PREFIX = re.compile(r"\b(?:Swift|ErrorFormatter)\.")
TYPE_KINDS = {"Struct": "struct", "Enum": "enum", "Class": "class", "Protocol": "protocol"}


def type_name(node: dict) -> str:
    return MODULE_PREFIX.sub("", node.get("printedName", "?"))


def labelled_parameters(printed_name: str, parameter_types: list[str]) -> str:
    """`open(directory:)` with types [String] -> `open(directory: String)`."""
    base, _, labels = printed_name.partition("(")
    names = [label for label in labels.rstrip(")").split(":") if label != ""] if labels else []
    pairs = [f"{label}: {kind}" for label, kind in zip(names, parameter_types)]
    pairs += parameter_types[len(names):]
    return f"{base}({', '.join(pairs)})"


def modifiers(node: dict) -> str:
    words = []
    if node.get("static"):
        words.append("static")
    if node.get("funcSelfKind") == "Mutating":
        words.append("mutating")
    attributes = set(node.get("declAttributes", []))
    if "DiscardableResult" in attributes:
        words.insert(0, "@discardableResult")
    return " ".join(words) + " " if words else ""


def throws(node: dict) -> str:
    return " throws" if node.get("throwing") else ""


def generic(node: dict) -> str:
    return MODULE_PREFIX.sub("", node.get("genericSig", ""))


def describe(node: dict, owner: str, surface: str, in_package_type: bool = False) -> list[str]:
    """The listing lines of one declaration of `surface` and of everything declared inside it.

    `in_package_type`: the node is a member of a `package` type, so it is no more than `package`
    whatever its own modifier says.
    """
    kind = node.get("declKind")
    name = node.get("printedName", node.get("name", "?"))
    path = f"{owner}.{name}" if owner else name
    children = node.get("children", [])
    if node.get("implicit") or kind in (None, "Import"):
        return []
    # `isInternal` marks `package` declarations, which only this package's targets can name
    # (internal ones are not in the dump at all).
    is_package = in_package_type or bool(node.get("isInternal"))
    if surface == "public" and is_package:
        return []
    if kind in TYPE_KINDS or node.get("kind") == "TypeDecl":
        conformances = sorted(c["name"] for c in node.get("conformances", [])
                              if c["name"] not in IMPLICIT_CONFORMANCES)
        keyword = TYPE_KINDS.get(kind, kind.lower())
        if node.get("isExternal"):
            keyword = "extension"
        inherits = f": {', '.join(conformances)}" if conformances else ""
        # The type's own line belongs to its surface; its members may be of the other one.
        shown = not node.get("isExternal") and (surface == "package") == is_package
        lines = [f"{keyword} {path}{generic(node)}{inherits}"] if shown else []
        for child in children:
            lines += describe(child, path, surface, is_package)
        return lines
    if surface == "package" and not is_package:
        return []
    if kind in ("Func", "Constructor", "Subscript"):
        # A parameter with a default value says so: removing the default breaks callers.
        types = [type_name(child) + (" = default" if child.get("hasDefaultArg") else "")
                 for child in children]
        result, parameters = (types[0] if types else "()"), types[1:]
        keyword = {"Func": "func", "Constructor": "init", "Subscript": "subscript"}[kind]
        signature = labelled_parameters(name, parameters)
        if kind == "Constructor":
            signature = signature[len("init"):]
            return [f"{modifiers(node)}init {owner}{signature}{generic(node)}{throws(node)}"]
        if kind == "Subscript":
            signature = signature[len("subscript"):]
        accessors = ""
        if kind == "Subscript":
            accessors = " { " + " ".join(a["accessorKind"] for a in node.get("accessors", [])) + " }"
        where = (f"{owner}.{signature}" if owner else signature) if kind == "Func" else owner + signature
        return [f"{modifiers(node)}{keyword} {where}"
                f"{generic(node)}{throws(node)} -> {result}{accessors}"]
    if kind == "Var":
        accessors = [a["accessorKind"] for a in node.get("accessors", [])
                     if a.get("accessorKind") in ("get", "set", "_modify", "modify")]
        keyword = "let" if node.get("isLet") else "var"
        shown = "" if keyword == "let" else " { " + " ".join(
            "set" if a in ("_modify", "modify") else a for a in dict.fromkeys(accessors)) + " }"
        value_type = type_name(children[0]) if children else "?"
        return [f"{modifiers(node)}{keyword} {path}: {value_type}{shown}"]
    if kind == "EnumElement":
        # A case's type is `(Self.Type) -> Self`, or `(Self.Type) -> (Payload) -> Self`.
        payload = ""
        constructor = children[0].get("children", [{}])[0] if children else {}
        if constructor.get("kind") == "TypeFunc":
            payload = type_name(constructor).rsplit(" -> ", 1)[0]
        return [f"case {path}{payload}"]
    if kind == "TypeAlias":
        target = type_name(children[0]) if children else "?"
        return [f"typealias {path}{generic(node)} = {target}"]
    if kind == "AssociatedType":
        return [f"associatedtype {path}"]
    return [f"{kind.lower()} {path}"]


def main(arguments: list[str]) -> int:
    surface = arguments[2] if len(arguments) == 3 else "public"
    if len(arguments) not in (2, 3) or surface not in ("public", "package"):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with open(arguments[1], encoding="utf-8") as handle:
        root = json.load(handle)["ABIRoot"]
    lines = []
    for child in root.get("children", []):
        lines += describe(child, "", surface)
    # Sorted so that the listing does not depend on source order; duplicates are overloads
    # that differ only in what this listing leaves out, and count once.
    for line in sorted(set(line.replace("  ", " ") for line in lines)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
