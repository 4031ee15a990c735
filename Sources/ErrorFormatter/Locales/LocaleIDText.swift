/// Plain-text operations on canonical (underscore) locale IDs that ICU offers no call for.
enum LocaleIDText {
    /// The ID without its last `_`-separated part (`fr_CA` → `fr`, `fr_` → `fr`); `nil` when
    /// there is no `_` (ICU's `chopLocale`).
    static func truncated(_ id: String) -> String? {
        guard let underscore = id.lastIndex(of: "_") else { return nil }
        return String(id[..<underscore])
    }

    /// ICU 72's `mayHaveParent()`: `strstr("nb nn", name)`, the hard-coded exception that lets
    /// the underscore-less bundles `nb` and `nn` inherit from `no`. Kept literally (a substring
    /// test) so that our chain equals ICU's for every name.
    static func mayHaveParentWithoutUnderscore(_ name: String) -> Bool {
        !name.isEmpty && "nb nn".utf8.count >= name.utf8.count && containsSubstring("nb nn", name)
    }

    /// Whether every byte is `[A-Za-z0-9_]`: IDs become file names, so nothing else may pass.
    static func isSafe(_ id: String) -> Bool {
        id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
    }

    private static func containsSubstring(_ haystack: String, _ needle: String) -> Bool {
        let hay = Array(haystack.utf8), pin = Array(needle.utf8)
        guard pin.count <= hay.count else { return false }
        for start in 0...(hay.count - pin.count) where hay[start..<(start + pin.count)].elementsEqual(pin) {
            return true
        }
        return false
    }
}
