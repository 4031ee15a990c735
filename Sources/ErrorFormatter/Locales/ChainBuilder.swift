/// Computes a locale's chain the way ICU 72's `ures_open` does (`uresbund.cpp`), keeping the
/// levels ICU skips. See `Locales.chain(for:)` for the contract and `docs/locales.md` for prose.
struct ChainBuilder {
    /// A bound on both phases' loops. Real chains have at most 6 levels; the bound only guards
    /// against a cycle in (corrupt or future) ICU data.
    private static let maximumSteps = 24

    private var entries: [LocaleChainEntry] = []

    static func chain(for id: String) -> [LocaleChainEntry] {
        var builder = ChainBuilder()
        builder.build(id)
        return builder.entries
    }

    private mutating func build(_ id: String) {
        guard ICUBundles.hasData(forLanguageOf: id) else {
            // ICU would insert the process default locale here; use plain truncation instead.
            var name: String? = id
            while let current = name, !current.isEmpty {
                push(current, .abstract)
                name = LocaleIDText.truncated(current)
            }
            return
        }
        guard let found = findFirstExisting(id) else { return }
        loadParents(of: found)
    }

    /// Phase A, ICU's `findFirstExisting`: walk `MissingBundleParent` until a bundle exists.
    /// - Returns: the real bundle found, or `nil` when only root is left.
    private mutating func findFirstExisting(_ id: String) -> String? {
        var name = id
        for _ in 0..<Self.maximumSteps {
            if let actual = ICUBundles.actualBundle(named: name) {
                if actual == "root" { return nil }
                if actual != name { push(name, .alias) }
                push(actual, .bundle)
                return actual
            }
            push(name, .abstract)
            guard let parent = MissingBundleParent.parent(of: name), !parent.isEmpty, parent != "root"
            else { return nil }
            name = parent
        }
        return nil
    }

    /// Phase B, ICU's `loadParentsExceptRoot`: from a real bundle, follow `%%ParentIsRoot`,
    /// `%%Parent`, else truncation. Entered only if the bundle's name has a `_` or is `nb`/`nn`,
    /// exactly like ICU.
    private mutating func loadParents(of bundle: String) {
        var name = bundle
        if let truncated = LocaleIDText.truncated(bundle) {
            name = truncated
        } else if !LocaleIDText.mayHaveParentWithoutUnderscore(bundle) {
            return
        }
        // The last level pushed, and whether it is a real bundle (only those carry %%Parent).
        var previous = bundle
        var previousIsBundle = true
        for _ in 0..<Self.maximumSteps {
            if previousIsBundle {
                let explicit = ICUBundles.explicitParent(ofBundle: previous)
                if explicit.parentIsRoot { return }
                if let parent = explicit.parent {
                    if parent == "root" { return }
                    name = parent
                }
            }
            if let actual = ICUBundles.actualBundle(named: name) {
                if actual != name { push(name, .alias) }
                push(actual, .bundle)
                previous = actual
                previousIsBundle = true
            } else {
                push(name, .abstract)
                previous = name
                previousIsBundle = false
            }
            if let truncated = LocaleIDText.truncated(name) {
                name = truncated
            } else if !LocaleIDText.mayHaveParentWithoutUnderscore(name) {
                return
            }
            if name.isEmpty { return }
        }
    }

    /// Appends a level, skipping root, ICU's `fr_`-style artifacts and repeats.
    private mutating func push(_ id: String, _ kind: LocaleChainEntry.Kind) {
        guard !id.isEmpty, id != "root", !id.hasSuffix("_"),
              !entries.contains(where: { $0.id == id })
        else { return }
        entries.append(LocaleChainEntry(id: id, kind: kind))
    }
}
