/// The next ID ICU tries when a locale ID has no bundle of its own: ICU's `getParentLocaleID()`
/// (`uresbund.cpp`, the same rules from ICU 72 on) for `ures_open`, re-expressed over public calls.
///
/// Order of the rules (each one is ICU's):
/// 1. a variant or a trailing `_` → truncate at the last `_`;
/// 2. an entry in CLDR `parentLocales` → that parent;
/// 3. `lang_Script_RR` → `lang_RR` when Script is the default script of lang+RR, else `lang_Script`;
/// 4. `lang_RR` → `lang_<default script>` (`zh_MO` → `zh_Hant`, `az_IR` → `az_Arab`);
/// 5. `lang_Script` → `lang` when Script is the default; else root when CLDR sends that
///    script of the language to root (`az_Arab`, `en_Dsrt`: ICU's lookup serves root's data),
///    else nothing (`fr_Cyrl`: ICU would continue with the default locale);
/// 6. `lang` → nothing.
enum MissingBundleParent {
    /// - Returns: the parent ID, or `nil` when the chain ends here (root comes next).
    static func parent(of name: String) -> String? {
        if name.isEmpty { return nil }
        if name.hasSuffix("_") || !(ICUCall.variant(of: name) ?? "").isEmpty {
            return LocaleIDText.truncated(name)
        }
        // ICU's own buffers for these parts are small; an over-long part means "not a plain ID".
        guard let language = ICUCall.language(of: name, capacity: 16),
              let script = ICUCall.script(of: name, capacity: 16),
              let region = ICUCall.region(of: name, capacity: 16)
        else { return LocaleIDText.truncated(name) }

        if let parent = ParentLocales.parent(of: name) { return parent }

        let next: String
        switch (script.isEmpty, region.isEmpty) {
        case (false, false):
            let defaultScript = defaultScript(language: language, region: region)
            next = defaultScript == script ? language + "_" + region : language + "_" + script
        case (true, false):
            next = language + "_" + defaultScript(language: language, region: region)
        case (false, true):
            guard defaultScript(language: language, region: "") == script else {
                return ICUBundles.sendsToRoot(language: language, script: script) ? "root" : nil
            }
            next = language
        case (true, true):
            return nil
        }
        return next.isEmpty ? nil : next
    }

    /// ICU's `getDefaultScript` (its `defaultScriptTable` is generated from CLDR likely
    /// subtags, lookup `lang_RR` then `lang`, else `Latn`), reproduced with
    /// `uloc_addLikelySubtags`: the script of lang+region unless that is `Latn`, else the script of
    /// the language alone, else `Latn`. This also reproduces ICU's `sr_ME` quirk (likely script of
    /// sr_ME is Latn, so the table has no entry and ICU takes sr's Cyrl).
    static func defaultScript(language: String, region: String) -> String {
        if !region.isEmpty {
            let script = likelyScript(of: language + "_" + region, language: language)
            if !script.isEmpty && script != "Latn" { return script }
        }
        let script = likelyScript(of: language, language: language)
        return script.isEmpty ? "Latn" : script
    }

    /// The likely script of `id`, or "" when ICU has none or its answer changes the language
    /// (newer ICU maps unknown languages to other ones; ignoring that keeps chains stable).
    private static func likelyScript(of id: String, language: String) -> String {
        guard let maximized = ICUCall.addLikelySubtags(id),
              ICUCall.language(of: maximized, capacity: 16) == language
        else { return "" }
        return ICUCall.script(of: maximized, capacity: 16) ?? ""
    }
}
