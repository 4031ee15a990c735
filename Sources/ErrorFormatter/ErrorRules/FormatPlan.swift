/// How an error's three fields are resolved down one table's layers, worked out without its
/// arguments' values or its texts' contents: for each field, the rule that wins, where its text
/// comes from, its provenance and the strings rejected before it. A call that has the plan
/// renders its arguments into the winning format and copies the rest, instead of trying the
/// rules, writing and hashing keys and probing each layer again (the serving component's
/// ``ResultTemplate`` keeps plans, in the catalog's memo family).
///
/// **When a plan exists** (``ErrorMessageFormatter/plan(_:layers:)``). Only when everything it
/// decided is decided by what its key holds (the layers, the domain, the code, which caller
/// texts are present, the arguments' count and kinds, the error's number style):
/// - no variable (plural) format was probed: which variant it shows, and whether that variant
///   renders, depends on the value;
/// - every string rejected on the way was rejected by a check that reads only the arguments'
///   count and kinds (``StringFormat/check(_:arguments:)``; not one that read a value,
///   ``StringFormat/kindsDecide(_:arguments:)``) or by its own parse failure;
/// - a table format wins when it passes those checks (where a value decided, as 2.0 for `%d`
///   does, each call's render checks its own value and gives way to the full road when it
///   fails); a plain text when it is one that renders as itself whatever the arguments;
/// - a caller text wins when it is present (the rules read only whether it is empty), so the
///   plan shows it whatever it says.
///
/// **What a call must still do.** Render the winning formats with its arguments
/// (``render(_:arguments:into:)``). A render can still fail on a value (a result too long) or not
/// fit the buffer: the full road then gives the right answer, with its rejections, and the plan
/// is not used for that call.
package final class FormatPlan: Sendable {
    /// Where a field's text comes from.
    package enum Source: Sendable {
        /// A text known once and for all: a plain table text, a builtin, the empty string.
        case fixed(String)
        /// A table format, rendered with each call's arguments.
        case format(PlannedFormat)
        /// A text the error carries, shown as the call passes it.
        case callerText(CallerText)
    }

    /// A table format as a plan holds it: specialized for the plan's argument kinds.
    package struct PlannedFormat: Sendable {
        let program: FormatProgram
    }

    /// The texts an error carries that a rule may show.
    package enum CallerText: Sendable {
        case description, failureReason, recoverySuggestion
    }

    /// One field as the plan resolved it; the provenance is what the full road reports.
    package struct Field: Sendable {
        package let source: Source
        package let rule: String
        /// The key's UTF-8 for key rules, `nil` for the others.
        package let key: [UInt8]?
        package let localization: String?
        package let table: String?
        package let rejections: [Rejection]
    }

    /// Title, message and button, indexed by ``ErrorField/rawValue``.
    package let fields: [Field]
    /// The localizations searched (``LookupStack/localizations``).
    package let stack: [String]
    /// Whether a field shows a caller text (``FormattedError/showsCallerText``).
    package let showsCallerText: Bool

    init(fields: [Field], stack: [String]) {
        self.fields = fields
        self.stack = stack
        showsCallerText = fields.contains { if case .callerText = $0.source { true } else { false } }
    }

    /// About what the plan holds in bytes beyond itself (its strings, rejections and formats),
    /// for a memo's budget.
    package var byteCost: Int {
        var bytes = 0
        func count(_ text: String?) -> Int { 16 + (text?.utf8.count ?? 0) }
        for field in fields {
            switch field.source {
            case .fixed(let text): bytes += count(text)
            case .format(let format): bytes += format.program.byteCost
            case .callerText: break
            }
            bytes += count(field.rule) + count(field.localization) + count(field.table) + (field.key?.count ?? 0) + 64
            for rejection in field.rejections {
                bytes += count(rejection.key) + count(rejection.localization) + count(rejection.table)
                    + count(rejection.code) + count(rejection.message)
            }
        }
        for entry in stack { bytes += count(entry) }
        return bytes
    }

    /// Field `index`'s format rendered with `arguments` as UTF-8 into `buffer`: the number of
    /// bytes written, or `nil` when the field is not a format, the rendering fails or does not
    /// fit (the call must then take the full road). Fits exactly when the full road's render
    /// into a buffer of the same size fits, and then writes the same bytes. `arguments` must be
    /// of the kinds the plan was made for (its key says so).
    package func render(_ index: Int, arguments: [FormatArgument], into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard fields.indices.contains(index), case .format(let format) = fields[index].source else { return nil }
        return format.program.render(arguments: arguments, into: buffer)
    }

    /// The buffer size the full road renders a field into (``render(_:arguments:into:)``).
    package static let renderCapacity = StringFormat.shortResultCapacity
}

extension ErrorMessageFormatter {
    /// The plan of `error` down `layers` (see ``FormatPlan``), or `nil` when the resolution
    /// depends on more than the plan's key: a variable format was probed, or a long plain text.
    /// Walks the rules as ``format(_:layers:writing:)`` does, checking each candidate instead of
    /// rendering it.
    package func plan(_ error: ErrorInfo, layers: TableLayers) -> FormatPlan? {
        var fields: [FormatPlan.Field] = []
        for field in ErrorField.allCases {
            guard let planned = plan(field, of: error, in: layers) else { return nil }
            fields.append(planned)
        }
        return FormatPlan(fields: fields, stack: layers.stack.localizations)
    }

    private func plan(_ field: ErrorField, of error: ErrorInfo, in layers: TableLayers) -> FormatPlan.Field? {
        var rejections: [Rejection] = []
        func shown(_ source: FormatPlan.Source, _ rule: Rule) -> FormatPlan.Field {
            FormatPlan.Field(source: source, rule: rule.identifier, key: nil, localization: nil, table: nil,
                             rejections: rejections)
        }
        for rule in rules.rules(for: field) {
            switch rule {
            case .key(let template):
                var key: [UInt8] = []
                let outcome = template.withKey(domain: error.domain, code: error.code) { bytes in
                    key = Array(bytes)
                    return layers.plan(bytes: bytes, arguments: error.arguments, numbers: error.numberStyle,
                                       rejections: &rejections)
                }
                // No plan when the outcome depends on the values; none shown: the next rule.
                guard let outcome else { return nil }
                if let found = outcome {
                    return FormatPlan.Field(source: found.source, rule: template.kind.rawValue, key: key,
                                            localization: found.layer.localization, table: layers.name,
                                            rejections: rejections)
                }
            case .failureReason:
                if error.failureReason?.isEmpty == false { return shown(.callerText(.failureReason), rule) }
            case .recoverySuggestion:
                if error.recoverySuggestion?.isEmpty == false { return shown(.callerText(.recoverySuggestion), rule) }
            case .description:
                if error.description?.isEmpty == false { return shown(.callerText(.description), rule) }
            case .builtin(let text):
                return shown(.fixed(text), rule)
            case .empty:
                return shown(.fixed(""), rule)
            }
        }
        return shown(.fixed(""), .empty)
    }
}

extension TableLayers {
    /// What ``render(bytes:arguments:rejections:into:_:)`` would decide for `key` without
    /// rendering: `.some(found)` with the winning layer and source, `.some(nil)` when no layer
    /// has a string the arguments' kinds satisfy, `nil` when that depends on more than the
    /// kinds (a variable format, a plain text too long to render as itself).
    func plan(
        bytes key: UnsafeRawBufferPointer, arguments: [FormatArgument], numbers: NumberStyle? = nil,
        rejections: inout [Rejection]
    ) -> (source: FormatPlan.Source, layer: LocalizedTable)?? {
        let hash = PropertyListKeyIndex.hash(ofBytes: key, secrets: secrets)
        let style = numbers ?? numberStyle
        for layer in layers {
            guard let value = layer.preparedValue(forKeyBytes: key, hash: hash) else { continue }
            switch value {
            case .variable:
                return nil
            case .text(let text):
                // A plain text within the limit renders as itself (``StringFormat/render(_:arguments:)``).
                guard text.utf8.count <= Limits.maximumFormatLength else { return nil }
                return .some((.fixed(text), layer))
            case .compiled(let compiled):
                let format: CompiledFormat
                do throws(FormatFailure) {
                    format = try compiled.format.get()
                    try StringFormat.check(format, arguments: arguments)
                } catch {
                    // Refused for a value (2.5 for `%d`): another call with these kinds may pass.
                    if case .success(let parsed) = compiled.format,
                       !StringFormat.kindsDecide(parsed, arguments: arguments) { return nil }
                    reject(key, in: layer, error, into: &rejections)
                    continue
                }
                // Accepted, perhaps for a value: the program reads each call's values as the
                // check does, and gives up (the full road refuses) where the check would refuse.
                guard let program = FormatProgram(format, arguments: arguments, numbers: layer.numbers(style))
                else { return nil }
                return .some((.format(FormatPlan.PlannedFormat(program: program)), layer))
            }
        }
        return .some(nil)
    }
}
