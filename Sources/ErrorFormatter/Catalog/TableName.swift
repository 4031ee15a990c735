/// How callers name a table: the rule every adapter (C, CLI, Python) passes through, so that
/// they cannot disagree on it.
extension Catalog {
    /// `name`, or ``defaultTable`` when it is `nil` or empty (the C API's `NULL` and `""`).
    package static func tableName(orDefault name: String?) -> String {
        guard let name, !name.isEmpty else { return defaultTable }
        return name
    }

    /// A table name an error may carry: ``tableName(orDefault:)``, refusing a name with a `/`
    /// (a table is a file name in one localization directory, never a path).
    ///
    /// - Throws: `.invalidArgument` for a name containing `/`.
    package static func validatedTableName(_ name: String?) throws(CatalogError) -> String {
        let resolved = tableName(orDefault: name)
        guard !resolved.utf8.contains(UInt8(ascii: "/")) else {
            throw CatalogError(kind: .invalidArgument, message: "table name '\(resolved)' contains '/'")
        }
        return resolved
    }
}
