/// The request of `ef_format_packed_reusable`: everything `ef_format_packed` takes as separate
/// parameters but the catalog and the preferences, in one run of bytes (the layout is specified
/// in the header). A binding that pays per parameter of a C call (ctypes does) makes one run
/// and passes two parameters (the run and its length) instead of eight.
///
/// The run is read in place: each text is a NUL-ended string inside it, handed on as the
/// `const char *` the separate parameters would have been, so the checks that follow (UTF-8,
/// table names, the arguments) are those of `ef_format_packed`, in its order.
package enum PackedRequest {
    /// The place of an optional text's kind byte in the order a request gives them, or `nil`
    /// for a byte that starts no text (the arguments begin there).
    private static func textPlace(_ kind: UInt8) -> Int? {
        switch kind {
        case UInt8(ascii: "D"): 0
        case UInt8(ascii: "F"): 1
        case UInt8(ascii: "R"): 2
        case UInt8(ascii: "T"): 3
        case UInt8(ascii: "N"): 4
        default: nil
        }
    }

    /// Reads the `length` bytes at `request`: the domain and a NUL, the code in decimal and a NUL,
    /// then any of the texts `D`, `F`, `R`, `T` (each a kind byte, UTF-8, a NUL; at most once
    /// each, in that order), then the number style `N` (`c`: the C locale, `l`: localized; a NUL
    /// after it; absent: as the catalog says), then the arguments.
    ///
    /// - Throws: `EF_E_INVALID_ARGUMENT` for a NULL or cut run, a code that is not a decimal of
    ///   64 signed bits, a text out of order or given twice, a number style other than `c` or `l`.
    package static func read(_ request: UnsafePointer<CChar>?, length: Int) throws(ServingError) -> ErrorParts {
        // A size_t above Int.max arrives negative: no caller has that much memory.
        guard let request, length > 0 else {
            throw ServingError.invalidArgument(request == nil
                ? "request must not be NULL"
                : "request_length \(UInt(bitPattern: length)) is not the length of a request (a domain and a code at least)")
        }
        let run = UnsafeRawBufferPointer(start: request, count: length)
        guard let domainEnd = PackedArguments.nulIndex(in: run, from: 0) else {
            throw ServingError.invalidArgument("request: the domain has no NUL before the end")
        }
        guard let codeEnd = PackedArguments.nulIndex(in: run, from: domainEnd + 1) else {
            throw ServingError.invalidArgument("request: the code has no NUL before the end")
        }
        let codeDigits = UnsafeRawBufferPointer(rebasing: run[(domainEnd + 1)..<codeEnd])
        guard case .signed(let code) = PackedDecimal.read(codeDigits) else {
            throw ServingError.invalidArgument("request: the code (\(PackedDecimal.quoted(codeDigits))) is not a decimal "
                + "from -9223372036854775808 to 9223372036854775807")
        }
        var texts: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) =
            (nil, nil, nil, nil)
        var offset = codeEnd + 1
        var nextPlace = 0
        var numberStyle: NumberStyle?
        while offset < run.count, let place = textPlace(run[offset]) {
            let kind = Character(Unicode.Scalar(run[offset]))
            guard place >= nextPlace else {
                throw ServingError.invalidArgument("request: the part '\(kind)' comes after a later one or twice "
                    + "(D, F, R, T, N, each at most once, in that order)")
            }
            guard let end = PackedArguments.nulIndex(in: run, from: offset + 1) else {
                throw ServingError.invalidArgument("request: the part '\(kind)' has no NUL before the end")
            }
            let text = request + offset + 1
            if place == 4 {
                numberStyle = try Self.numberStyle(UnsafeRawBufferPointer(rebasing: run[(offset + 1)..<end]))
            }
            switch place {
            case 0: texts.0 = text
            case 1: texts.1 = text
            case 2: texts.2 = text
            case 3: texts.3 = text
            default: break
            }
            nextPlace = place + 1
            offset = end + 1
        }
        return ErrorParts(
            domain: request, code: code, description: texts.0, failureReason: texts.1, recoverySuggestion: texts.2,
            table: texts.3,
            arguments: .packed(offset < run.count ? request + offset : nil, length: run.count - offset),
            numberStyle: numberStyle)
    }

    /// The number style an `N` part names.
    private static func numberStyle(_ value: UnsafeRawBufferPointer) throws(ServingError) -> NumberStyle {
        if value.count == 1 {
            if value[0] == UInt8(ascii: "c") { return .cLocale }
            if value[0] == UInt8(ascii: "l") { return .localized }
        }
        throw ServingError.invalidArgument("request: the number style (\(PackedDecimal.quoted(value))) is not "
            + "'c' (the C locale) or 'l' (localized)")
    }
}
