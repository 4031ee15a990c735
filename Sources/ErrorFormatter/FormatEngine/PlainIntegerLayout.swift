/// What a plain `%d %i %u` (no flag, width or precision) writes in one locale, laid out once: the
/// affixes of either sign, the grouping separator and the ten digits as UTF-8 in one block, with
/// the group sizes. The usual localized number is then written straight into the caller's
/// buffer, with no array made and no reference counted on the way: the C-locale road writes its
/// digits so, and this road must not cost much more (docs/formatting.md).
final class PlainIntegerLayout: @unchecked Sendable {
    // @unchecked: immutable after init; the block is only read.
    private let bytes: UnsafeMutableRawPointer
    private let negativePrefix: Range<Int>, negativeSuffix: Range<Int>
    private let positivePrefix: Range<Int>, positiveSuffix: Range<Int>
    private let groupingSeparator: Range<Int>
    private let digitsStart: Int
    private let digitWidth: Int
    private let primary: Int, secondary: Int, minimum: Int

    /// `nil` when the digits are not ten of one UTF-8 length.
    init?(
        digits: [NumberSymbols.Symbol], groupingSeparator: NumberSymbols.Symbol,
        positivePrefix: NumberSymbols.Symbol, positiveSuffix: NumberSymbols.Symbol,
        negativePrefix: NumberSymbols.Symbol, negativeSuffix: NumberSymbols.Symbol,
        primaryGrouping: Int, secondaryGrouping: Int, minimumGrouping: Int
    ) {
        guard digits.count == 10, let width = digits.first?.utf8.count, width > 0,
              digits.allSatisfy({ $0.utf8.count == width }) else { return nil }
        var block: [UInt8] = []
        func place(_ symbol: NumberSymbols.Symbol) -> Range<Int> {
            let start = block.count
            block += symbol.utf8
            return start..<block.count
        }
        self.negativePrefix = place(negativePrefix)
        self.negativeSuffix = place(negativeSuffix)
        self.positivePrefix = place(positivePrefix)
        self.positiveSuffix = place(positiveSuffix)
        self.groupingSeparator = place(groupingSeparator)
        digitsStart = block.count
        for digit in digits { block += digit.utf8 }
        digitWidth = width
        primary = primaryGrouping
        secondary = secondaryGrouping > 0 ? secondaryGrouping : max(primaryGrouping, 1)
        minimum = minimumGrouping
        bytes = .allocate(byteCount: max(block.count, 1), alignment: 1)
        block.withUnsafeBytes { source in
            if let base = source.baseAddress { bytes.copyMemory(from: base, byteCount: source.count) }
        }
    }

    deinit { bytes.deallocate() }

    /// Writes `value` (its sign's affixes around its grouped digits) at `destination`; the bytes
    /// written, or `nil` (nothing written) when they need more than `capacity`.
    func write(_ value: Int64, to destination: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        // Digits come out last first: right-aligned into 24 bytes of stack scratch.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { scratch -> Int? in
            var magnitude = value.magnitude
            var count = 0
            repeat {
                // `count` stays below 20: a UInt64 has at most 20 digits.
                scratch[19 - count] = UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude != 0
            let prefix = value < 0 ? negativePrefix : positivePrefix
            let suffix = value < 0 ? negativeSuffix : positiveSuffix
            // Separators after the digits of magnitude primary, primary + secondary, ..., when
            // the number has the locale's minimum of digits for grouping (ICU's rule).
            let grouped = primary > 0 && count > primary && count - primary >= minimum
            let separators = grouped ? (count - 1 - primary) / secondary + 1 : 0
            let total = prefix.count + suffix.count + count * digitWidth + separators * groupingSeparator.count
            guard total <= capacity else { return nil }
            var written = 0
            func copy(_ range: Range<Int>) {
                (destination + written).update(
                    from: (bytes + range.lowerBound).assumingMemoryBound(to: UInt8.self), count: range.count)
                written += range.count
            }
            copy(prefix)
            for index in 0..<count {
                let digit = Int(scratch[20 - count + index])
                copy(digitsStart + digit * digitWidth..<digitsStart + (digit + 1) * digitWidth)
                let placeOfDigit = count - 1 - index
                if grouped, placeOfDigit >= primary, (placeOfDigit - primary) % secondary == 0 {
                    copy(groupingSeparator)
                }
            }
            copy(suffix)
            return written
        }
    }
}
