import CICU

extension Locales {
    /// Normalizes a locale string given in BCP 47 (`zh-Hant-TW`), ICU (`zh_Hant_TW`,
    /// `de_DE@collation=phonebook`) or POSIX (`fr_CA.UTF-8@euro`, `sr_RS@latin`) form.
    ///
    /// Steps (reference algorithm §5.1):
    /// 1. `""` → root. Refuse more than `Limits.maximumLocaleBytes` bytes or bytes outside `0x21…0x7E`.
    /// 2. `C`, `POSIX`, `C.<codeset>` → ``LocaleNormalization/untranslated``.
    /// 3. POSIX modifier (`@` without `=`): a script name becomes the script subtag
    ///    (`@latin` → `Latn`, `@cyrillic` → `Cyrl`), `@euro` is dropped, other 4–8-letter
    ///    modifiers become a variant (`@valencia` → `VALENCIA`); the `.codeset` is dropped.
    /// 4. A `-` and no `_`: BCP 47, parsed completely by `uloc_forLanguageTag` (grandfathered tags
    ///    included), else `uloc_canonicalize`; then `uloc_getBaseName` drops `@keywords`.
    /// 5. `root`, `und` and IDs without a language (`_TW`) → root.
    ///
    /// Legacy codes are *not* mapped here (`iw` stays `iw`, `zh_TW` stays `zh_TW`): the chain keeps
    /// them as alias levels so that tables named that way are found.
    ///
    /// - Returns: the canonical ID (only `[A-Za-z0-9_]`) or ``LocaleNormalization/untranslated``.
    /// - Throws: ``LocaleError`` for over-long, non-ASCII, unparsable or unsafe input.
    public static func normalize(_ input: String) throws(LocaleError) -> LocaleNormalization {
        if let answer = try answerWithoutICU(input) { return answer }

        var text = input
        var modifierScript = ""
        var modifierVariant = ""
        // A glibc modifier: '@' without '='. With '=', '@' starts ICU keywords (handled by ICU).
        if let at = text.firstIndex(of: "@"), !text[at...].contains("=") {
            let modifier = String(text[text.index(after: at)...])
            text = String(text[..<at])
            if let script = scriptCode(forModifier: modifier) {
                modifierScript = script
            } else if modifier != "euro", (4...8).contains(modifier.utf8.count) {
                modifierVariant = modifier.uppercased()
            }
        }
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) }

        let canonical: String?
        if text.contains("-") && !text.contains("_") {
            canonical = fromLanguageTag(text).flatMap { id in
                ICUCall.string { cicu_uloc_canonicalize(id, $0, $1, &$2) }  // und → ""
            }
        } else {
            canonical = ICUCall.string { cicu_uloc_canonicalize(text, $0, $1, &$2) }
        }
        guard let canonical,
              var base = ICUCall.string({ cicu_uloc_getBaseName(canonical, $0, $1, &$2) })
        else { throw LocaleError(input: input, reason: .unparsable) }

        if !modifierScript.isEmpty || !modifierVariant.isEmpty {
            base = reassembled(base, script: modifierScript, variant: modifierVariant)
        }
        if base == "root" || (ICUCall.language(of: base) ?? "").isEmpty { base = "" }
        guard LocaleIDText.isSafe(base) else {
            throw LocaleError(input: input, reason: .unsafeCharacters)
        }
        return .locale(base)
    }

    /// Steps 1 and 2 of ``normalize(_:)``, which ICU is not asked about: the answer for `""`,
    /// `C` and `POSIX`, an error for what is refused before ICU sees it, `nil` for the rest.
    private static func answerWithoutICU(_ input: String) throws(LocaleError) -> LocaleNormalization? {
        if input.isEmpty { return .locale("") }
        guard input.utf8.count <= Limits.maximumLocaleBytes else {
            throw LocaleError(input: input, reason: .tooLong)
        }
        guard input.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw LocaleError(input: input, reason: .notPrintableASCII)
        }
        if input == "C" || input == "POSIX" || input.hasPrefix("C.") { return .untranslated }
        // A caller passing `../../etc` is confused or hostile; either way it deserves an error,
        // not the root locale ICU would make of it (its `.` starts a POSIX codeset).
        if input.utf8.first == UInt8(ascii: ".") || input.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C }) {
            throw LocaleError(input: input, reason: .pathLike)
        }
        return nil
    }

    /// Whether `name` gets past what ``normalize(_:)`` refuses before asking ICU (not empty, not
    /// `C`/`POSIX`, short, printable ASCII, not path-like): the part of checking a locale name
    /// that does not depend on ICU, for names whose ICU answers are already known.
    static func mayBeLocaleName(_ name: String) -> Bool {
        do {
            return try answerWithoutICU(name) == nil
        } catch {
            return false
        }
    }

    /// BCP 47 → ICU ID, only when ICU parsed the whole tag (a partial parse means garbage).
    private static func fromLanguageTag(_ tag: String) -> String? {
        var parsed: Int32 = 0
        guard let id = ICUCall.string({ cicu_uloc_forLanguageTag(tag, $0, $1, &parsed, &$2) }),
              Int(parsed) == tag.utf8.count
        else { return nil }
        return id
    }

    /// The ISO 15924 code of a glibc script modifier (`latin` → `Latn`), via ICU's property
    /// aliases. Not `uscript_getCode`, which would parse `fr` as a locale and answer Latn.
    private static func scriptCode(forModifier modifier: String) -> String? {
        let code = cicu_u_getPropertyValueEnum(UCHAR_SCRIPT, modifier)
        guard code >= 0, code != USCRIPT_COMMON.rawValue, code != USCRIPT_UNKNOWN.rawValue,
              code != USCRIPT_INHERITED.rawValue
        else { return nil }
        return ICUCall.string(borrowing: cicu_uscript_getShortName(UScriptCode(rawValue: code)))
    }

    /// `base` with its script and/or variant replaced by what a POSIX modifier said, in ICU's
    /// `lang_Script_REGION_VARIANT` layout (`ca__VALENCIA` when there is no region).
    private static func reassembled(_ base: String, script: String, variant: String) -> String {
        let language = ICUCall.language(of: base) ?? ""
        let finalScript = script.isEmpty ? (ICUCall.script(of: base) ?? "") : script
        let region = ICUCall.region(of: base) ?? ""
        let finalVariant = variant.isEmpty ? (ICUCall.variant(of: base) ?? "") : variant
        var id = language
        if !finalScript.isEmpty { id += "_" + finalScript }
        if !region.isEmpty || !finalVariant.isEmpty { id += "_" + region }
        if !finalVariant.isEmpty { id += "_" + finalVariant }
        return id
    }
}
