// libFuzzer target for locale input: IDs in any spelling, Accept-Language headers and POSIX
// environments (make fuzz-locale, mk/hostile.mk). The input's first byte picks how the rest is
// read; every path checks the contracts the C ABI relies on: normalized IDs are `[A-Za-z0-9_]`
// and at most `Limits.maximumLocaleBytes` bytes come in, chains are bounded, Accept-Language
// (any bytes, as a problem response reads them) never returns more than its range cap nor
// anything but ASCII from inside the header, and nothing from the environment is repaired.

@testable import ErrorFormatter

@_cdecl("LLVMFuzzerTestOneInput")
public func localeInputFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    guard let selector = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch selector % 4 {
    case 0:
        // One locale ID: normalize, chain, table key.
        guard let id = String(validating: rest, as: UTF8.self) else { return 0 }
        checkLocale(id)
    case 1:
        // An Accept-Language header as the bytes that arrived (what a problem response reads):
        // its ranges lie inside it, are ASCII and are at most the cap; then, as text, each of
        // its ranges as a locale.
        rest.withUnsafeBytes { header in
            AcceptLanguageRanges.withRanges(header) { ranges in
                precondition(ranges.count <= Limits.maximumAcceptLanguageRanges, "too many ranges")
                for range in ranges {
                    precondition(range.count > 0 && range.start >= 0 && range.start + range.count <= header.count,
                                 "a range outside its header")
                    precondition(range.bytes(in: header).allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a range that is not ASCII")
                }
            }
        }
        guard let header = String(validating: rest, as: UTF8.self) else { return 0 }
        let ranges = Locales.preferencesFromAcceptLanguage(header)
        precondition(ranges.count <= Limits.maximumAcceptLanguageRanges, "too many ranges")
        precondition(ranges.allSatisfy { !$0.isEmpty && $0.utf8.count <= Limits.maximumAcceptLanguageBytes },
                     "a range that is not one")
        for range in ranges.prefix(8) { checkLocale(range) }
        _ = Locales.negotiate(preferences: ranges, available: ["en", "fr", "fr_CA", "zh-Hant", "pt_BR"])
    case 2:
        // An environment: the bytes split at NUL into LC_ALL, LC_MESSAGES, LANG, LANGUAGE.
        let values = rest.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false).map(Array.init)
        var environment: [String: [UInt8]] = [:]
        for (name, value) in zip(Locales.environmentVariableNames, values) { environment[name] = value }
        let (preferences, skipped) = Locales.preferencesFromEnvironmentBytes(environment)
        // Every preference is text of a value that was valid UTF-8: nothing was repaired.
        let valid = values.compactMap { String(validating: $0, as: UTF8.self) }
        precondition(preferences.allSatisfy { preference in preference == "C" || valid.contains { $0.contains(preference) } },
                     "a preference that no valid value holds (repaired?)")
        precondition(skipped.allSatisfy { !$0.contains("\n") }, "a reason that is not one line")
    default:
        // A preference list (one per line) negotiated against a fixed catalog.
        guard let text = String(validating: rest, as: UTF8.self) else { return 0 }
        let preferences = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64).map(String.init)
        _ = Locales.negotiate(preferences: preferences, available: ["en", "de", "es-419", "sr-Latn", "zh_TW"],
                              mode: preferences.count % 2 == 0 ? .family : .strict)
    }
    return 0
}

private func checkLocale(_ id: String) {
    switch try? Locales.normalize(id) {
    case .locale(let normalized)?:
        precondition(normalized.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }, "a normalized ID that could name a path")
        let chain = Locales.chain(for: normalized)
        precondition(chain.count <= 64, "an unbounded chain")
        _ = Locales.tableKey(for: id)
    case .untranslated?, nil:
        break
    }
}
