// libFuzzer target for the C ABI: sequences of calls with hostile arguments (make fuzz-api,
// mk/hostile.mk). The input is a program: each step is an opcode byte, a length byte and that
// many bytes of argument (two bytes, little-endian, after opcode 0: a byte that picks the
// locale and file name, then a whole table). Steps build catalogs from fuzzed tables, format
// (also packed, with the argument's bytes as a packed argument run, and as problem responses
// for a fuzzed Accept-Language header), look up, negotiate,
// read results and diagnostics at any index, and free, with NULLs, invalid UTF-8, control
// characters and path-like locales among the arguments. It checks what the header promises
// every caller: a status from the published list, out-parameters set exactly on success,
// one-line messages, non-NULL strings where they are promised, and no crash or leak (ASan).

#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter

private let hostileLocales: [String?] = [nil, "", "en", "fr-CA", "zh_Hant_TW", "Base", "../etc", "fr\nX", "C", "und",
                                         "x-private", String(repeating: "a", count: 200)]
private let fileNames = ["Localizable.strings", "Localizable.stringsdict", "Localizable.json", "Errors.xcstrings",
                         "Localizable.txt", "../x.strings", "", "Errors.strings"]
private let domains = ["kCLErrorDomain", "NSURLErrorDomain", "D", "", "a\nb"]

private struct Program {
    var bytes: [UInt8]
    var position = 0

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func chunk(wide: Bool = false) -> [UInt8] {
        var length = Int(byte() ?? 0)
        if wide { length |= Int(byte() ?? 0) << 8 }
        let end = min(bytes.count, position + length)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

private func checkStatus(_ status: ef_status, _ err: OpaquePointer?) {
    precondition(status >= 0 && status <= 8, "a status the header does not publish: \(status)")
    precondition((status == EF_OK) == (err == nil), "details set exactly on failure")
    if let err {
        precondition(ef_error_details_status(err) == status, "details disagree with the status")
        precondition(ef_error_details_message(err) != nil, "a NULL message")
        checkOneLine(ef_error_details_message(err))
        ef_error_details_free(err)
    }
}

/// Messages (details, diagnostics, rejections) are one line (header, "Messages").
private func checkOneLine(_ message: UnsafePointer<CChar>?) {
    guard let message else { return }
    precondition(strchr(message, 0x0A) == nil && strchr(message, 0x0D) == nil, "a message of two lines")
}

/// Calls `body` with `bytes` as a NUL-terminated C string (cut at an inner NUL, as C would).
private func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let characters = (bytes + [0]).map { CChar(bitPattern: $0) }
    return characters.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { preconditionFailure("an empty C string buffer") }
        return body(base)
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func apiSequenceFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var program = Program(bytes: Array(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)))
    var builder: OpaquePointer?
    var catalog: OpaquePointer?
    var result: OpaquePointer?
    var err: OpaquePointer?
    let flags = UInt32((program.byte() ?? 0) % 3)  // 2 is an unknown flag: EF_E_INVALID_ARGUMENT
    checkStatus(ef_catalog_builder_new(&builder, flags, &err), err)
    defer {
        ef_result_free(result)
        ef_catalog_free(catalog)
        ef_catalog_builder_free(builder)
    }
    var steps = 0
    while let opcode = program.byte(), steps < 64 {
        steps += 1
        let argument = program.chunk(wide: opcode % 9 == 0)
        let pick = Int(argument.first ?? 0)
        switch opcode % 9 {
        case 0:  // a table
            let locale = hostileLocales[pick % hostileLocales.count]
            let file = fileNames[(pick / 16) % fileNames.count]
            let table = argument.dropFirst()  // the pick byte chose the locale and file name
            let status = withOptionalCString(locale) { locale in
                file.withCString { file in
                    table.withUnsafeBytes { bytes in
                        ef_catalog_builder_add_table(builder, locale, file, bytes.baseAddress, bytes.count, &err)
                    }
                }
            }
            checkStatus(status, err)
        case 1:  // finish
            // Results are freed before their catalog (header, ef_format): a shared result
            // belongs to the catalog that made it.
            ef_result_free(result)
            result = nil
            ef_catalog_free(catalog)
            catalog = nil
            let status = withOptionalCString(hostileLocales[pick % hostileLocales.count]) {
                ef_catalog_builder_finish(&catalog, builder, $0, &err)
            }
            checkStatus(status, err)
            precondition((status == EF_OK) == (catalog != nil), "a catalog exactly on success")
            if let catalog {
                for index in 0..<(ef_catalog_diagnostic_count(catalog) + 2) {
                    checkOneLine(ef_catalog_diagnostic_message(catalog, index))
                    _ = ef_catalog_diagnostic_file(catalog, index)
                    _ = ef_catalog_diagnostic_code(catalog, index)
                }
                _ = ef_catalog_diagnostic_message(catalog, Int.max)
                _ = ef_catalog_localization_name(catalog, Int(bitPattern: UInt(argument.count) &* 0x9E37_79B9))
            }
        case 2, 3:  // format or look up, locales from the argument (split at '|')
            let locales = argument.dropFirst().split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
                .prefix(300).map { Array($0) + [0] }
            var info: OpaquePointer?
            checkStatus(domains[pick % domains.count].withCString { ef_error_info_new(&info, $0, Int64(pick) - 4, &err) }, err)
            if info != nil, pick & 1 == 1 { checkStatus(ef_error_info_add_int64(info, Int64(pick), &err), err) }
            let status: ef_status = locales.withPointers { pointers in
                if opcode % 9 == 2 {
                    // A packed request: the argument's bytes read as the whole request, or, every
                    // other time, as what follows a good domain and code (texts and arguments). An
                    // exact-size copy, so that ASan sees any read past it.
                    var bytes = Array(argument.dropFirst())
                    if pick & 2 == 2 {
                        bytes = Array(domains[pick % domains.count].utf8) + [0] + Array(String(Int64(pick) - 4).utf8)
                            + [0] + bytes
                    }
                    let run = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                    defer { run.deallocate() }
                    for (index, byte) in bytes.enumerated() { run[index] = CChar(bitPattern: byte) }
                    var length = 1
                    var reusable: Int32 = 7
                    var packed = [CChar](repeating: 0, count: 256)
                    let packedStatus = packed.withUnsafeMutableBufferPointer { out in
                        ef_format_packed_reusable(&length, out.baseAddress, out.count, &reusable, catalog, run,
                                                  bytes.count, pointers.baseAddress, pointers.count, &err)
                    }
                    precondition(reusable == 0 || reusable == 1, "a reusable answer other than 0 or 1")
                    precondition(packedStatus == EF_OK || (reusable == 0 && length == 0), "outputs set on failure")
                    checkStatus(packedStatus, err)
                    ef_result_free(result)
                    result = nil
                    return ef_format(&result, catalog, info, pointers.baseAddress, pointers.count, &err)
                }
                var lookup: OpaquePointer?
                let key = argument.count > 1 ? Array(argument[1...]) : []
                let status = withCString(key) { key in
                    ef_catalog_lookup(&lookup, catalog, nil, key, pointers.baseAddress, pointers.count, info, &err)
                }
                _ = ef_lookup_value(lookup)
                for index in 0..<ef_lookup_rejection_count(lookup) { checkOneLine(ef_lookup_rejection(lookup, index)) }
                _ = ef_lookup_rejection(lookup, Int(pick))
                ef_lookup_free(lookup)
                return status
            }
            checkStatus(status == EF_E_KEY_NOT_FOUND ? EF_OK : status, status == EF_E_KEY_NOT_FOUND ? nil : err)
            if status == EF_E_KEY_NOT_FOUND, let err { ef_error_details_free(err) }
            ef_error_info_free(info)
        case 4:  // result getters at hostile indices
            for field in [Int32(-1), 0, 1, 2, 3, Int32(pick)] {
                for index in 0..<ef_result_rejection_count(result, field) {
                    checkOneLine(ef_result_rejection(result, field, index))
                }
                _ = ef_result_rule(result, field)
                _ = ef_result_key(result, field)
                _ = ef_result_locale(result, field)
                _ = ef_result_rejection(result, field, Int(pick) - 1)
            }
            var strings = [UnsafePointer<CChar>?](repeating: nil, count: 8)
            _ = ef_result_strings(result, &strings, pick % 9)
            if result != nil { precondition(ef_result_title(result) != nil, "a result without a title") }
        case 5:  // one locale ID
            withCString(argument) { id in
                var normalized: UnsafeMutablePointer<CChar>?
                var untranslated: Int32 = 0
                checkStatus(ef_locale_normalize(&normalized, &untranslated, id, &err), err)
                ef_string_free(normalized)
                var chain: OpaquePointer?
                checkStatus(ef_locale_chain_new(&chain, id, &err), err)
                _ = ef_locale_chain_id(chain, Int(pick))
                ef_locale_chain_free(chain)
            }
        case 6:  // an Accept-Language header
            withCString(argument) { header in
                var list: OpaquePointer?
                checkStatus(ef_locale_list_from_accept_language(&list, header, &err), err)
                precondition(ef_locale_list_count(list) <= 64, "more ranges than the cap")
                _ = ef_locale_list_entry(list, Int(pick))
                ef_locale_list_free(list)
                checkProblem(catalog, header: header, argument: argument, pick: pick)
            }
        case 7:  // NULL arguments
            checkStatus(ef_catalog_builder_finish(nil, builder, nil, &err), err)
            checkStatus(ef_format(nil, catalog, nil, nil, 0, &err), err)
            checkStatus(ef_catalog_lookup(nil, catalog, nil, nil, nil, Int(pick), nil, &err), err)
        default:  // a fresh builder, strict or lenient
            ef_catalog_builder_free(builder)
            builder = nil
            checkStatus(ef_catalog_builder_new(&builder, UInt32(pick % 2), &err), err)
        }
    }
    return 0
}

private let typeTemplates: [String?] = [nil, "https://errors.example.com/{domain}/{code}", "{code}{code}{domain}",
                                        "a\r\nb", "", "{domain"]

/// A problem response for the same header: the argument's bytes also as the instance (CR, LF,
/// invalid UTF-8 and all), a status in and out of 100...599, any flags, into a small buffer and
/// again into one of the size the first call reported. On success the output is the header item,
/// its field pairs and the body, NUL-terminated, no line break in a field, and the second call
/// gives the same size.
private func checkProblem(_ catalog: OpaquePointer?, header: UnsafePointer<CChar>, argument: [UInt8], pick: Int) {
    var info: OpaquePointer?
    var err: OpaquePointer?
    checkStatus(domains[pick % domains.count].withCString { ef_error_info_new(&info, $0, Int64(pick) - 4, &err) }, err)
    defer { ef_error_info_free(info) }
    let status = Int32([404, 500, 99, 600, 100, 599, -1, 0][pick % 8])
    let flags = UInt32(pick >> 3) % 9  // 8 is an unknown flag
    withOptionalCString(typeTemplates[(pick >> 2) % typeTemplates.count]) { typeTemplate in
        withCString(pick & 1 == 1 ? argument : []) { instance in
            var small = [CChar](repeating: 0, count: pick % 64)
            var length = 0
            let first = small.withUnsafeMutableBufferPointer { out in
                ef_format_problem(&length, out.baseAddress, out.count, catalog, info, header, nil, 0, status,
                                  typeTemplate, pick & 1 == 1 ? instance : nil, flags, &err)
            }
            checkStatus(first, err)
            guard first == EF_OK else { return }
            var whole = [UInt8](repeating: 0xAA, count: length)
            var again = 0
            let second = whole.withUnsafeMutableBytes { out in
                ef_format_problem(&again, out.baseAddress?.assumingMemoryBound(to: CChar.self), out.count, catalog, info,
                                  header, nil, 0, status, typeTemplate, pick & 1 == 1 ? instance : nil, flags, &err)
            }
            checkStatus(second, err)
            precondition(second == EF_OK && again == length, "a problem response that changed size")
            precondition(whole.last == 0, "a problem response not NUL-terminated")
            let items = whole.dropLast().split(separator: 0, omittingEmptySubsequences: false)
            let numbers = items.first.flatMap { String(decoding: $0, as: UTF8.self).split(separator: " ").compactMap { Int($0) } }
            precondition(numbers?.count == 2 && numbers?[0] == Int(status), "a problem header item that is not its status")
            let fields = numbers?[1] ?? 0
            precondition(items.count == 2 + 2 * fields, "a problem response of other items than its header says")
            for item in items.dropFirst().prefix(2 * fields) {
                precondition(!item.contains(0x0A) && !item.contains(0x0D), "a line break in a header field")
            }
        }
    }
}

private extension Array where Element == [UInt8] {
    /// The arrays as C strings, for the duration of `body`.
    func withPointers<R>(_ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = map { bytes -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers = copies.map { UnsafePointer(Optional($0)) }
        return pointers.withUnsafeBufferPointer(body)
    }
}
