/// What a problem response's `Content-Language` names: the language of the title, then that of
/// the detail when it differs, as BCP 47 tags separated by `, ` (RFC 9110 §8.5 allows a list:
/// the audience the text is meant for reads each). A text's language is
///
/// - for a table string, that of the localization that supplied it (`fr-CA` from `fr-CA.lproj`,
///   `zh-TW` from `zh_TW.lproj`, `he` from `iw.lproj`); `Base` and the unlocalized tables are
///   the development locale's;
/// - for a built-in default (the title `Error`), `en`: the built-in texts are English;
/// - for one of the error's own texts (a failure reason, recovery suggestion or description),
///   the development locale's: a service's own texts are written in its development language,
///   as its development tables are.
///
/// A detail that is empty is left out of the body, and so is its language. So a French title over
/// an English fallback message says `fr, en`, and a response whose texts all fell back to the
/// development tables names only that language, which is what a cache and a reader need to know.
///
/// The value holds only ASCII letters, digits, `-`, `,` and spaces (ICU writes the tags), so no
/// input can put a CR, LF or NUL into the header line. Each catalog remembers the value for each
/// pair of sources (its memos' `contentLanguage` kind), so a call pays for one lookup.
enum ContentLanguage {
    /// `body` applied to the value for a title and a detail (`nil`: the detail is left out).
    static func withValue<Answer>(
        title: ProblemFields.TextSource, detail: ProblemFields.TextSource?, catalog: Catalog,
        _ body: (UnsafeRawBufferPointer) -> Answer
    ) -> Answer {
        func writeKey(_ key: inout MemoKey) {
            key.append(byte: MemoFamily.Kind.contentLanguage.rawValue)
            append(title, to: &key)
            if let detail { append(detail, to: &key) } else { key.append(byte: 0) }
        }
        if let kept = Serving.find(catalog, writeKey) { return body(KeptBytes.bytes(at: kept)) }
        let value = self.value(title: title, detail: detail, catalog: catalog)
        return UTF8Bytes.with(value) { bytes in
            if let kept = KeptBytes(copying: bytes) {
                Serving.keep(kept, cost: 64 + bytes.count, in: catalog, writeKey)
            }
            return body(bytes)
        }
    }

    /// A source in the key: its kind (1 a table, 2 built-in, 3 the caller's, 4 absent), and a
    /// table's localization and a NUL.
    private static func append(_ source: ProblemFields.TextSource, to key: inout MemoKey) {
        switch source {
        case .table(let localization):
            key.append(byte: 1)
            key.appendTerminated(localization)
        case .builtin: key.append(byte: 2)
        case .caller: key.append(byte: 3)
        case .absent: key.append(byte: 4)
        }
    }

    /// The value, worked out (the slow road).
    static func value(title: ProblemFields.TextSource, detail: ProblemFields.TextSource?, catalog: Catalog) -> String {
        var tags = [tag(of: title, catalog: catalog)]
        if let detail {
            let detailTag = tag(of: detail, catalog: catalog)
            if detailTag != tags[0] { tags.append(detailTag) }
        }
        return tags.joined(separator: ", ")
    }

    /// The language tag of a text from `source`.
    private static func tag(of source: ProblemFields.TextSource, catalog: Catalog) -> String {
        let locale: String = switch source {
        case .table(let localization): catalog.pluralLocale(of: String(decoding: localization, as: UTF8.self))
        case .builtin: builtinLocale
        case .caller, .absent: catalog.pluralLocale(of: "")
        }
        return Locales.languageTag(ofNormalized: locale) ?? undetermined
    }

    /// The language of the built-in texts.
    static let builtinLocale = "en"
    /// BCP 47's "undetermined", for a locale ICU cannot tag.
    static let undetermined = "und"
}
