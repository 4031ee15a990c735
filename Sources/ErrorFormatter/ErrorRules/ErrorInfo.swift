/// The error to format: the parts of an `NSError` that the rules read.
///
/// A value type whose fields live in one shared box (``ErrorInfoStorage``), copied when a copy is
/// changed: copying an error costs one retain however many strings it holds. The box also keeps
/// the error's part of a memo key, made when the error is made and kept in step by each change,
/// so that formatting the same error again does not write it from the strings each time.
public struct ErrorInfo: Sendable, Hashable {
    private var storage: ErrorInfoStorage

    public init(
        domain: String, code: Int64, description: String? = nil, failureReason: String? = nil,
        recoverySuggestion: String? = nil, table: String = Catalog.defaultTable, arguments: [FormatArgument] = [],
        numberStyle: NumberStyle? = nil
    ) {
        storage = ErrorInfoStorage(
            domain: domain, code: code, description: description, failureReason: failureReason,
            recoverySuggestion: recoverySuggestion, table: table, arguments: arguments, numberStyle: numberStyle)
    }

    /// `storage`, copied first if another value shares it, for a change.
    private var unique: ErrorInfoStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The error domain, e.g. `kCLErrorDomain` or `NSURLErrorDomain`.
    public var domain: String {
        get { storage.domain }
        _modify {
            let storage = unique
            defer { storage.remakeKeyPart() }
            yield &storage.domain
        }
    }

    /// The error code; keys spell it as a decimal integer (`-1009`).
    public var code: Int64 {
        get { storage.code }
        set {
            let storage = unique
            storage.code = newValue
            storage.keyPart.setCode(newValue)
        }
    }

    /// `localizedDescription`, already localized by whoever made the error (message rule 3).
    public var description: String? {
        get { storage.description }
        _modify {
            let storage = unique
            defer { storage.updatePresentTexts() }
            yield &storage.description
        }
    }

    /// `localizedFailureReason` (title rule 2).
    public var failureReason: String? {
        get { storage.failureReason }
        _modify {
            let storage = unique
            defer { storage.updatePresentTexts() }
            yield &storage.failureReason
        }
    }

    /// `localizedRecoverySuggestion` (message rule 2).
    public var recoverySuggestion: String? {
        get { storage.recoverySuggestion }
        _modify {
            let storage = unique
            defer { storage.updatePresentTexts() }
            yield &storage.recoverySuggestion
        }
    }

    /// The table the rules read.
    public var table: String {
        get { storage.table }
        _modify {
            let storage = unique
            defer { storage.remakeKeyPart() }
            yield &storage.table
        }
    }

    /// Positional arguments for the format specifiers of the table's strings (`%@`, `%lld`,
    /// `%1$@`, `%#@files@`…), first argument first.
    public var arguments: [FormatArgument] {
        get { storage.arguments }
        _modify { yield &unique.arguments }
    }

    /// How the arguments' numbers are written; `nil` (the default) leaves it to the catalog
    /// (``Catalog/Options/localizedNumbers``).
    public var numberStyle: NumberStyle? {
        get { storage.numberStyle }
        set {
            let storage = unique
            storage.numberStyle = newValue
            storage.keyPart.setNumberStyle(newValue)
        }
    }

    /// `body` applied to the error's part of a memo key (``ErrorKeyPart``), or `nil` when the
    /// error keeps none (it is too long to keep inline, or a name holds a NUL).
    @inline(__always)
    func withKeyPart<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        storage.keyPart.withBytes(body)
    }

    // Equal and hashed by every field, as the compiler would make them for the fields stored
    // inline (the key part is made of them); two values sharing one box are equal without
    // reading it.
    public static func == (lhs: ErrorInfo, rhs: ErrorInfo) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasEqualFields(rhs.storage)
    }

    public func hash(into hasher: inout Hasher) {
        storage.hashFields(into: &hasher)
    }

    /// Appends one positional argument.
    ///
    /// - Throws: `.invalidArgument` when the error already has `Limits.maximumArguments`.
    public mutating func appendArgument(_ argument: FormatArgument) throws(CatalogError) {
        try Self.checkRoomForArgument(after: arguments.count)
        arguments.append(argument)
    }

    /// The limit of ``appendArgument(_:)`` for an error that has `count` arguments, for callers
    /// that keep the arguments apart from the rest of the error.
    ///
    /// - Throws: `.invalidArgument` when `count` is `Limits.maximumArguments` or more.
    package static func checkRoomForArgument(after count: Int) throws(CatalogError) {
        guard count < Limits.maximumArguments else {
            throw CatalogError(kind: .invalidArgument,
                               message: "an error takes at most \(Limits.maximumArguments) arguments")
        }
    }

    /// Sets the table the rules read: `nil` or `""` restores ``Catalog/defaultTable``.
    ///
    /// - Throws: `.invalidArgument` for a name containing `/` (``Catalog/validatedTableName(_:)``).
    public mutating func setTable(_ name: String?) throws(CatalogError) {
        table = try Catalog.validatedTableName(name)
    }
}

extension ErrorInfo: CustomReflectable {
    /// The fields, as `print` and `dump` showed them when they were stored inline (not the box).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "domain": domain, "code": code, "description": description as Any,
            "failureReason": failureReason as Any, "recoverySuggestion": recoverySuggestion as Any, "table": table,
            "arguments": arguments, "numberStyle": numberStyle as Any,
        ] as KeyValuePairs<String, Any>, displayStyle: .struct)
    }
}
