#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// The parser recurses once per nested container, and C callers may run it on threads with
/// small stacks (512 KB on Apple's secondary threads). The deepest input CF accepts must fit
/// in 1 MB even in a debug build (a release build needs less than 256 KB).
@Suite struct PropertyListParserStackDepthTests {
    final class Outcome: @unchecked Sendable {
        var parsed = false
    }

    static let deepest = String(repeating: "{\"a\"=", count: 512) + "\"x\"" + String(repeating: ";}", count: 512)

    @Test func deepestAcceptedNestingFitsInAOneMegabyteStack() {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        let outcome = Outcome()
        let context = Unmanaged.passRetained(outcome).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let outcome = Unmanaged<Outcome>.fromOpaque(raw).takeRetainedValue()
            let result = PropertyListParser.parse(Array(PropertyListParserStackDepthTests.deepest.utf8))
            outcome.parsed = result.value != nil
            return nil
        }, context)
        #expect(created == 0)
        if created == 0 { pthread_join(thread, nil) }
        #expect(outcome.parsed)
    }
}
