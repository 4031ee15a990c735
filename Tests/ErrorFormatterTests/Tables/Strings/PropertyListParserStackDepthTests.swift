#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// The parser recurses once per nested container, and C callers may run it on threads with
/// small stacks (512 KB on Apple's secondary threads). The deepest input CF accepts must fit
/// in 256 KB in an optimized build, in every format; unoptimized frames are several times
/// larger, so a debug build gets 2 MB.
@Suite struct PropertyListParserStackDepthTests {
    final class Outcome: @unchecked Sendable {
        var parsed: [Bool] = []
    }

    /// The deepest table each format allows: old-style text, XML, binary.
    static let deepest: [[UInt8]] = [
        Array((String(repeating: "{\"a\"=", count: 512) + "\"x\"" + String(repeating: ";}", count: 512)).utf8),
        Array(("<plist>" + String(repeating: "<dict><key>a</key>", count: 512) + "<string>x</string>"
               + String(repeating: "</dict>", count: 512) + "</plist>").utf8),
        deepBinaryPlist(levels: 512),
    ]

    /// `{"a": {"a": … "x"}}` as `bplist00`: object 0 is "a", 1…levels the dictionaries, then "x".
    static func deepBinaryPlist(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func big16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "a")]
        for level in 1...levels {
            offsets.append(bytes.count)
            bytes += [0xD1] + big16(0) + big16(level + 1)
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        for offset in offsets { bytes += big16(offset) }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2]
        bytes += [0, 0, 0, 0, 0, 0] + big16(offsets.count)
        bytes += [0, 0, 0, 0, 0, 0, 0, 1]
        bytes += [0, 0, 0, 0, 0, 0] + big16(table)
        return bytes
    }

    #if DEBUG
    static let stackSize = 2 << 20
    #else
    static let stackSize = 256 << 10
    #endif

    @Test func deepestAcceptedNestingFitsInASmallStack() {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackSize)
        let outcome = Outcome()
        let context = Unmanaged.passRetained(outcome).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let outcome = Unmanaged<Outcome>.fromOpaque(raw).takeRetainedValue()
            outcome.parsed = PropertyListParserStackDepthTests.deepest.map { PropertyListParser.parse($0).value != nil }
            return nil
        }, context)
        #expect(created == 0)
        if created == 0 { pthread_join(thread, nil) }
        #expect(outcome.parsed == [true, true, true])
    }
}
