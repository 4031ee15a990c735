/// Where everything is in a problem response's packed output (`ef_format_problem`'s, specified in
/// the header's `EF_PROBLEM_*` and in docs/packed-format.md): a run of NUL-terminated UTF-8
/// items.
///
/// Items: 0 the header, two decimal numbers separated by a space (the HTTP status, the number of
/// header fields F); then F pairs of items, each field's name and value; then the body. That is
/// 2 + 2F items; F is 3 (`Content-Type`, `Content-Language`, `Vary`), and a decoder reads it
/// from the header rather than assuming it.
package enum ProblemLayout {
    /// The header item.
    static let header = 0
    /// The first header field's name; its value follows it, then the next field's name
    /// (EF_PROBLEM_FIELDS).
    static let firstField = 1
    /// Numbers in the header item: the status, F (EF_PROBLEM_HEADER_NUMBERS).
    static let headerNumbers = 2
    /// Header fields a response has.
    static let fieldCount = 3

    /// The index of the body item of a response with `fields` header fields.
    static func body(fields: Int) -> Int { firstField + 2 * fields }

    /// The response a packed output holds, or `nil` when it is not one (decoded by the library's
    /// own Swift road, which only reads what its writer wrote).
    static func response(_ output: UnsafeRawBufferPointer) -> ProblemResponse? {
        var items: [String] = []
        var start = 0
        for index in output.indices where output[index] == 0 {
            items.append(String(decoding: UnsafeRawBufferPointer(rebasing: output[start..<index]), as: UTF8.self))
            start = index + 1
        }
        guard start == output.count, let header = items.first else { return nil }
        let numbers = header.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == headerNumbers, numbers[1] >= 0, items.count == 2 + 2 * numbers[1] else { return nil }
        let fields = (0..<numbers[1]).map { field in
            ProblemResponse.HeaderField(name: items[firstField + 2 * field], value: items[firstField + 2 * field + 1])
        }
        return ProblemResponse(status: numbers[0], headerFields: fields, body: items[body(fields: numbers[1])])
    }
}
