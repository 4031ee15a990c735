#if canImport(Glibc)
import Glibc
#endif

/// Formatting an error for a Swift caller: the roads C callers take (the memo, plans, the full
/// road that keeps what it may), giving the Swift value of the same result.
extension ErrorMessageFormatter {
    /// Formats `error` for `preferences` (most preferred first; any locale spelling; an empty
    /// list means the development locale).
    ///
    /// With the default rules, what a call resolved is remembered by the catalog (within its
    /// memo budget) for later calls with the same error, preferences and argument kinds, as it is
    /// for C callers: a result without arguments that shows none of the error's texts is kept
    /// whole, an error with arguments or a shown text is answered from its plan. A custom rule
    /// set takes the full road every time.
    public func format(_ error: ErrorInfo, preferences: [String]) -> FormattedError {
        guard usesDefaultRules else {
            let layers = catalog.cachedLayers(of: Catalog.tableName(orDefault: error.table), for: preferences)
            return format(error, layers: layers)
        }
        return Serving.format(error, catalog: catalog, preferences: preferences)
    }
}

extension Serving {
    /// ``ErrorMessageFormatter/format(_:preferences:)`` with the default rules.
    static func format(_ error: ErrorInfo, catalog: Catalog, preferences: [String]) -> FormattedError {
        // One key for both probes: the result's, then (its kind replaced, the arguments' kinds
        // appended) the plan's.
        let found = MemoKey.writing { key -> (result: UnsafeRawPointer?, plan: UnsafeRawPointer?)? in
            key.append(byte: Kind.result.rawValue)
            ErrorKeyPart.append(error, to: &key)
            key.appendPreferences(preferences)
            let arguments = error.arguments
            if arguments.isEmpty, let result = find(catalog, key) { return (result, nil) }
            key.setKind(Kind.plan.rawValue)
            ResultReuse.writeArgumentKinds(of: arguments, into: &key)
            return (nil, find(catalog, key))
        } ?? (nil, nil)
        if let kept = found.result { return ServedResult.formatted(at: kept) }
        let remembered = found.plan.flatMap { planned in
            Unmanaged<ResultTemplate>.fromOpaque(planned)._withUnsafeGuaranteedRef {
                $0.formattedError(arguments: error.arguments, text: { which in
                    switch which {
                    case .description: error.description
                    case .failureReason: error.failureReason
                    case .recoverySuggestion: error.recoverySuggestion
                    }
                })
            }
        }
        if let remembered { return remembered }
        func writeKey(_ key: inout MemoKey, kind: Kind) {
            key.append(byte: kind.rawValue)
            ErrorKeyPart.append(error, to: &key)
            key.appendPreferences(preferences)
            if kind == .plan { ResultReuse.writeArgumentKinds(of: error.arguments, into: &key) }
        }
        // 3. The full road: the Swift value straight from the formatter, which keeps every text
        //    whole; what may answer later calls is kept as the C roads keep it.
        let table = Catalog.tableName(orDefault: error.table)
        return withLayers(catalog, table: table, preferences: preferences) { layers, kept in
            let formatter = ErrorMessageFormatter(catalog: catalog)
            let formatted = formatter.format(error, layers: layers)
            func resultKey(_ key: inout MemoKey) { writeKey(&key, kind: .result) }
            func planKey(_ key: inout MemoKey) { writeKey(&key, kind: .plan) }
            if ResultReuse.mayReuse(hasArguments: !error.arguments.isEmpty, showsCallerText: formatted.showsCallerText) {
                if find(catalog, resultKey) == nil,
                   let made = try? formatFully(error, catalog: catalog, layers: layers, layersKept: kept,
                                               resultKey: resultKey, planKey: planKey) {
                    free(made.block)
                }
            } else if kept {
                plan(error, formatter: formatter, layers: layers, catalog: catalog, planKey)
            }
            return formatted
        }
    }
}
