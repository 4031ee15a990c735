#if canImport(Glibc)
import Glibc
#endif

/// A problem response a catalog keeps (its memos' `problem` kind) for every later C call with
/// the same key, which names everything the response depends on but its `instance`: the error
/// (as a formatted result's key does), the header's bytes or the preference list, the status,
/// the members and the type template. Only a response that took no arguments and shows none of
/// the error's texts is kept (``ResultReuse``), as a formatted result is.
///
/// It keeps the output in two parts, before and after where the `instance` member goes; a call
/// writes the first, its own instance, and the second.
final class KeptProblem {
    private let bytes: UnsafeMutableRawPointer
    private let count: Int
    /// Where the instance member goes.
    private let split: Int

    /// A copy of `output` without the instance member at `instance`; `nil` if memory ran out.
    init?(_ output: UnsafeRawBufferPointer, instance: Range<Int>) {
        guard let source = output.baseAddress, instance.upperBound <= output.count,
              let bytes = malloc(output.count - instance.count)
        else { return nil }
        memcpy(bytes, source, instance.lowerBound)
        memcpy(bytes + instance.lowerBound, source + instance.upperBound, output.count - instance.upperBound)
        self.bytes = bytes
        count = output.count - instance.count
        split = instance.lowerBound
    }

    deinit { free(bytes) }

    /// What it costs the memo's budget.
    var cost: Int { 64 + count }

    /// Writes the response with `instance` (`nil`: none).
    func write(instance: UnsafeRawBufferPointer?, to output: inout ProblemOutput) {
        output.append(UnsafeRawBufferPointer(start: bytes, count: split))
        if let instance { ProblemWriter.writeInstance(instance, to: &output) }
        output.append(UnsafeRawBufferPointer(start: bytes + split, count: count - split))
    }

    /// The kept response at `address` (unretained: the memo keeps it alive).
    static func kept(at address: UnsafeRawPointer) -> Unmanaged<KeptProblem> {
        Unmanaged<KeptProblem>.fromOpaque(address)
    }

    /// Writes the key of a C call's response: the kind (`problem`; a ``ProblemTemplate``'s key is
    /// this one with its own kind, followed by the arguments' kinds), the error's part, the
    /// header (a 1 byte and its bytes) or the preference list (a 0 byte and the list), the
    /// status, the members and the type template.
    static func writeKey(
        _ key: inout MemoKey, kind: MemoFamily.Kind = .problem, request: ErrorRequest,
        header: UnsafeRawBufferPointer?, locales: Serving.CLocales, count: Int, parameters: ProblemParameters
    ) {
        key.append(byte: kind.rawValue)
        request.writeKey(into: &key)
        if let header {
            key.append(byte: 1)
            key.appendTerminated(header)
        } else {
            key.append(byte: 0)
            key.appendPreferences(locales, count: count)
        }
        key.append(word: parameters.status)
        key.append(byte: UInt8(truncatingIfNeeded: parameters.members.rawValue))
        key.appendTerminated(parameters.typeTemplate)
    }
}
