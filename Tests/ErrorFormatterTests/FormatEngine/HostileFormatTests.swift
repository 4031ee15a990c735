import Testing
@testable import ErrorFormatter

/// Formats built to exhaust time or memory are refused quickly (limits in `Limits`).
@Suite struct HostileFormatTests {
    /// Generous for a debug build on a loaded machine; a quadratic or unbounded path takes far longer.
    private static let budget = Duration.seconds(2)

    private func failure(_ format: String, _ arguments: [FormatArgument]) -> (code: String?, elapsed: Duration) {
        let clock = ContinuousClock()
        var code: String?
        let elapsed = clock.measure {
            do throws(FormatFailure) {
                _ = try StringFormat.render(format, arguments: arguments)
            } catch {
                code = error.code
            }
        }
        return (code, elapsed)
    }

    /// Named, so that a failure report does not print a 64 KiB format.
    private static let hostileFormats: [String: String] = [
        "20000 sequential specifiers": String(repeating: "%@", count: 20_000),
        "15000 positional specifiers": String(repeating: "%1$@", count: 15_000),
        "one byte over the length limit": String(repeating: "a", count: Limits.maximumFormatLength + 1),
        "position 999999": "%999999$@",
        "position of 10000 digits": "%" + String(repeating: "9", count: 10_000) + "$@",
        "width of 10000 digits": "%" + String(repeating: "9", count: 10_000) + "d",
        "precision of 10000 digits": "%." + String(repeating: "9", count: 10_000) + "f",
        "precision 99999999": "%.99999999f",
        "1024 widest specifiers and one more byte": String(repeating: "%1$1024@", count: 1_024) + "x",
        "%n after 60000 bytes": String(repeating: "-", count: 60_000) + "%n",
        "30000 flags": "%" + String(repeating: "-+ #0'", count: 5_000),
    ]

    @Test(arguments: [
        ("20000 sequential specifiers", "position-out-of-range"),
        ("15000 positional specifiers", "too-many-specifiers"),
        ("one byte over the length limit", "format-too-long"),
        ("position 999999", "position-out-of-range"),
        ("position of 10000 digits", "position-out-of-range"),
        ("width of 10000 digits", "width-too-large"),
        ("precision of 10000 digits", "precision-too-large"),
        ("precision 99999999", "precision-too-large"),
        ("1024 widest specifiers and one more byte", "output-too-large"),
        ("%n after 60000 bytes", "write-conversion-refused"),
        ("30000 flags", "unterminated-specifier"),
    ])
    func hostileFormatsFailFast(name: String, code: String) {
        let result = failure(Self.hostileFormats[name] ?? "", [.string("x")])
        #expect(result.code == code)
        #expect(result.elapsed < Self.budget)
    }

    @Test func theLargestAllowedRenderingsSucceed() throws {
        let widest = try StringFormat.render(String(repeating: "%1$1024@", count: 1_024), arguments: [.string("x")])
        #expect(widest.utf8.count == Limits.maximumOutputLength)
        let digits = try StringFormat.render("%1024.1024f", arguments: [.double(-1.7976931348623157e308)])
        #expect(digits.utf8.count == 1 + 309 + 1 + 1024)
        let percents = try StringFormat.render(String(repeating: "%%", count: 30_000), arguments: [])
        #expect(percents.utf8.count == 30_000)
    }

    @Test func hugeArgumentsAreBoundedToo() {
        let big = String(repeating: "x", count: 700_000)
        let result = failure("%1$@%1$@", [.string(big)])
        #expect(result.code == "output-too-large")
        #expect(result.elapsed < Self.budget)
    }
}
