/// The one place that decides which formatted errors may answer a later call, and under which
/// key; the serving roads ask it before keeping anything in the catalog's memos, and
/// `ef_format_packed_reusable` reports its answer to a binding that keeps a memo of its own.
///
/// **What may be reused.** A result that took no arguments and whose fields show none of the
/// texts the error carried (``FormattedError/showsCallerText``). Nothing else in it came from
/// the caller.
///
/// **Under which key.** Such a result depends only on the catalog (a memo belongs to one), the
/// rule set (only the default one is kept), the preferences, the table, the domain, the code, and
/// which of the description, failure reason and recovery suggestion are present (non-empty): a
/// present text that is not shown was passed over because an earlier rule of its field found a
/// key, and the same rule finds it whatever the text says; an absent one may have let a later
/// rule win that the text would have beaten. So the key holds which texts are present, never
/// what they say (``ErrorKeyPart``). Calls with other keys may have the same result (an error
/// with an unshown description formats as the one without): the key only says what is certain.
///
/// **Plans.** A result that may not be reused may still have a plan (``FormatPlan``), kept under
/// the same key followed by the arguments' kinds (``writeArgumentKinds(of:into:)``): a later call
/// with that key renders its own arguments and texts into what the plan decided.
enum ResultReuse {
    /// Whether a result may answer later calls with the same key: it took no arguments and
    /// shows none of the error's texts.
    @inline(__always)
    static func mayReuse(hasArguments: Bool, showsCallerText: Bool) -> Bool {
        !hasArguments && !showsCallerText
    }

    /// Errors with more arguments than this are not planned: their keys would be long, and
    /// such errors are rare.
    static let maximumPlannedArguments = 64

    /// Appends the arguments' count (1 byte) and each one's kind (1 byte: string, signed,
    /// unsigned, floating point) to `key`, or makes it unusable when there are more than
    /// ``maximumPlannedArguments``.
    @inline(__always)
    static func writeArgumentKinds(of arguments: [FormatArgument], into key: inout MemoKey) {
        guard arguments.count <= maximumPlannedArguments else { return key.invalidate() }
        key.append(byte: UInt8(truncatingIfNeeded: arguments.count))
        for argument in arguments {
            let kind: UInt8 = switch argument {
            case .string: 0
            case .int: 1
            case .uint: 2
            case .double: 3
            }
            key.append(byte: kind)
        }
    }
}
