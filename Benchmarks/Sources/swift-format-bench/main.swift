// swift-format-bench: the format roads from Swift beside the same roads through the C ABI, in
// one process, on the catalog and the errors of format_bench (Benchmarks/c/format_bench.c).
//
// The C side calls the shipped library (liberrorformatter.so); the Swift side calls the
// ErrorFormatter package's `ErrorMessageFormatter.format(_:preferences:)`. Both serve the same
// calls from the same kind of memo, plan and full road (the serving component), so a Swift
// program gets what a C program gets. Every row rotates, with fr-CA preferred:
//   - format: an argument-free error, 200 rotating; title, message and button read.
//   - arguments: a file name and a byte count set per call, 100 errors and 16 values rotating.
//   - description: the caller's description shown, set per call, 16 texts rotating.
// The arguments and description rows come in two variants, each side doing the same work:
//   - made per call: C makes a handle per call (ef_error_info_new, the values set, ef_format,
//     the fields read, ef_result_free, ef_error_info_free); Swift makes its `ErrorInfo` per call.
//   - kept and changed: C keeps one handle per rotating error and replaces its arguments or its
//     description; Swift keeps one `ErrorInfo` per rotating error in an array and changes the
//     element in place (`errors[slot].arguments = ...`), the counterpart of reusing a handle.
// Prints ns per call for each side and Swift / C (target: at most 1.2).
//
// usage: swift-format-bench CATALOG_DIR [ITERATIONS [ONLY]]
// ONLY runs that loop ITERATIONS times and prints nothing, for `valgrind --tool=callgrind`:
// c-format, swift-format; c-arguments-made, swift-arguments-made, c-arguments-kept,
// swift-arguments-kept; c-description-made, swift-description-made, c-description-kept,
// swift-description-kept.
import CErrorFormatterLibrary
import ErrorFormatter
import Foundation
#if canImport(Glibc)
import Glibc
#endif

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The whole benchmark, in one function: its state is local, so no global is shared.
func run() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        print("usage: swift-format-bench CATALOG_DIR [ITERATIONS [ONLY]]")
        exit(2)
    }
    let directory = arguments[1]
    let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 200_000 : 200_000
    let errorCount = 200, argumentErrors = 100, rotating = 16
    let fileNames = (0..<rotating).map { "report-\($0).pdf" }
    let descriptions = (0..<rotating).map { "The server closed the connection (\($0))." }
    let byteCounts: [Int64] = [0, 1, 17, 512, 4096, 65536, 1048576, 123456789, 42, 7, 99999, 2048, 31337, 8, 640,
                               1000000]
    var sink = 0

    // The C side.
    var catalog: OpaquePointer?
    guard ef_catalog_open(&catalog, directory, "en", UInt32(EF_CATALOG_LENIENT), nil) == EF_OK else {
        print("swift-format-bench: cannot open \(directory) through the C ABI")
        exit(1)
    }
    func cInfos(_ domain: String, _ count: Int) -> [OpaquePointer?] {
        (0..<count).map { code in
            var info: OpaquePointer?
            _ = ef_error_info_new(&info, domain, Int64(code), nil)
            return info
        }
    }
    let benchInfos = cInfos("Bench", errorCount), transferInfos = cInfos("Transfer", argumentErrors)
    let callerInfos = cInfos("Caller", argumentErrors)
    let cFileNames = fileNames.map { strdup($0) }, cDescriptions = descriptions.map { strdup($0) }
    let cTransfer = strdup("Transfer"), cCaller = strdup("Caller")
    let cLocale = strdup("fr-CA")
    var cLocales: [UnsafePointer<CChar>?] = [UnsafePointer(cLocale)]

    func formatAndRead(_ info: OpaquePointer?) -> Int {
        var result: OpaquePointer?
        _ = ef_format(&result, catalog, info, &cLocales, 1, nil)
        let read = Int(ef_result_title(result)[0]) &+ Int(ef_result_message(result)[0])
            &+ Int(ef_result_button(result)[0])
        ef_result_free(result)
        return read
    }

    func cFormat(_ count: Int) {
        for index in 0..<count { sink &+= formatAndRead(benchInfos[index % errorCount]) }
    }

    func setArguments(_ info: OpaquePointer?, _ index: Int) {
        let value = index % rotating
        _ = ef_error_info_add_string(info, cFileNames[value], nil)
        _ = ef_error_info_add_int64(info, byteCounts[value], nil)
    }

    func cArgumentsMade(_ count: Int) {
        for index in 0..<count {
            var info: OpaquePointer?
            _ = ef_error_info_new(&info, cTransfer, Int64(index % argumentErrors), nil)
            setArguments(info, index)
            sink &+= formatAndRead(info)
            ef_error_info_free(info)
        }
    }

    func cArgumentsKept(_ count: Int) {
        for index in 0..<count {
            let info = transferInfos[index % argumentErrors]
            _ = ef_error_info_clear_arguments(info, nil)
            setArguments(info, index)
            sink &+= formatAndRead(info)
        }
    }

    func cDescriptionMade(_ count: Int) {
        for index in 0..<count {
            var info: OpaquePointer?
            _ = ef_error_info_new(&info, cCaller, Int64(index % argumentErrors), nil)
            _ = ef_error_info_set_description(info, cDescriptions[index % rotating], nil)
            sink &+= formatAndRead(info)
            ef_error_info_free(info)
        }
    }

    func cDescriptionKept(_ count: Int) {
        for index in 0..<count {
            let info = callerInfos[index % argumentErrors]
            _ = ef_error_info_set_description(info, cDescriptions[index % rotating], nil)
            sink &+= formatAndRead(info)
        }
    }

    // The Swift side.
    let swiftCatalog: Catalog
    do {
        swiftCatalog = try Catalog.open(path: directory, developmentLocale: "en")
    } catch {
        print("swift-format-bench: cannot open \(directory): \(error)")
        exit(1)
    }
    let formatter = ErrorMessageFormatter(catalog: swiftCatalog)
    let preferences = ["fr-CA"]
    // The argument-free errors are made once. The others are either made per call, with that
    // call's values, or kept one per rotating error and changed in place before each format.
    let benchErrors = (0..<errorCount).map { ErrorInfo(domain: "Bench", code: Int64($0)) }
    func transferArguments(_ index: Int) -> [FormatArgument] {
        let value = index % rotating
        return [.string(fileNames[value]), .int(byteCounts[value])]
    }
    func transferError(_ index: Int) -> ErrorInfo {
        ErrorInfo(domain: "Transfer", code: Int64(index % argumentErrors), arguments: transferArguments(index))
    }
    func callerError(_ index: Int) -> ErrorInfo {
        ErrorInfo(domain: "Caller", code: Int64(index % argumentErrors), description: descriptions[index % rotating])
    }
    var transferErrors = (0..<argumentErrors).map { ErrorInfo(domain: "Transfer", code: Int64($0)) }
    var callerErrors = (0..<argumentErrors).map { ErrorInfo(domain: "Caller", code: Int64($0)) }

    func formatAndRead(_ error: ErrorInfo) -> Int {
        let result = formatter.format(error, preferences: preferences)
        return Int(result.title.utf8.first ?? 0) &+ Int(result.message.utf8.first ?? 0)
            &+ Int(result.button.utf8.first ?? 0)
    }

    func swiftFormat(_ count: Int) {
        for index in 0..<count { sink &+= formatAndRead(benchErrors[index % errorCount]) }
    }

    func swiftArgumentsMade(_ count: Int) {
        for index in 0..<count { sink &+= formatAndRead(transferError(index)) }
    }

    func swiftArgumentsKept(_ count: Int) {
        for index in 0..<count {
            let slot = index % argumentErrors
            transferErrors[slot].arguments = transferArguments(index)
            sink &+= formatAndRead(transferErrors[slot])
        }
    }

    func swiftDescriptionMade(_ count: Int) {
        for index in 0..<count { sink &+= formatAndRead(callerError(index)) }
    }

    func swiftDescriptionKept(_ count: Int) {
        for index in 0..<count {
            let slot = index % argumentErrors
            callerErrors[slot].description = descriptions[index % rotating]
            sink &+= formatAndRead(callerErrors[slot])
        }
    }

    // Both sides must show the same texts, or the comparison means nothing.
    for index in 0..<argumentErrors {
        func texts(_ info: OpaquePointer?) -> [String] {
            var result: OpaquePointer?
            _ = ef_format(&result, catalog, info, &cLocales, 1, nil)
            defer { ef_result_free(result) }
            return [String(cString: ef_result_title(result)), String(cString: ef_result_message(result)),
                    String(cString: ef_result_button(result))]
        }
        func texts(_ error: ErrorInfo) -> [String] {
            let result = formatter.format(error, preferences: preferences)
            return [result.title, result.message, result.button]
        }
        // Each variant's error as its loop leaves it: C's made per call and kept, Swift's made
        // per call and kept (the kept ones changed from other values first, as a loop changes them).
        var transferMade: OpaquePointer?, callerMade: OpaquePointer?
        _ = ef_error_info_new(&transferMade, cTransfer, Int64(index), nil)
        _ = ef_error_info_new(&callerMade, cCaller, Int64(index), nil)
        defer {
            ef_error_info_free(transferMade)
            ef_error_info_free(callerMade)
        }
        setArguments(transferMade, index)
        _ = ef_error_info_set_description(callerMade, cDescriptions[index % rotating], nil)
        _ = ef_error_info_clear_arguments(transferInfos[index], nil)
        setArguments(transferInfos[index], index + 1)
        _ = ef_error_info_clear_arguments(transferInfos[index], nil)
        setArguments(transferInfos[index], index)
        _ = ef_error_info_set_description(callerInfos[index], cDescriptions[(index + 1) % rotating], nil)
        _ = ef_error_info_set_description(callerInfos[index], cDescriptions[index % rotating], nil)
        transferErrors[index].arguments = transferArguments(index + 1)
        transferErrors[index].arguments = transferArguments(index)
        callerErrors[index].description = descriptions[(index + 1) % rotating]
        callerErrors[index].description = descriptions[index % rotating]
        let transferTexts = texts(transferMade), callerTexts = texts(callerMade)
        guard texts(benchInfos[index]) == texts(benchErrors[index]),
              texts(transferInfos[index]) == transferTexts, texts(transferError(index)) == transferTexts,
              texts(transferErrors[index]) == transferTexts,
              texts(callerInfos[index]) == callerTexts, texts(callerError(index)) == callerTexts,
              texts(callerErrors[index]) == callerTexts
        else {
            print("swift-format-bench: error \(index) differs between C and Swift")
            exit(1)
        }
    }

    let loops: [(String, (Int) -> Void)] = [
        ("c-format", cFormat), ("swift-format", swiftFormat),
        ("c-arguments-made", cArgumentsMade), ("swift-arguments-made", swiftArgumentsMade),
        ("c-arguments-kept", cArgumentsKept), ("swift-arguments-kept", swiftArgumentsKept),
        ("c-description-made", cDescriptionMade), ("swift-description-made", swiftDescriptionMade),
        ("c-description-kept", cDescriptionKept), ("swift-description-kept", swiftDescriptionKept),
    ]
    if arguments.count > 3 {
        guard let loop = loops.first(where: { $0.0 == arguments[3] }) else {
            print("swift-format-bench: unknown loop \(arguments[3])")
            exit(2)
        }
        loop.1(iterations)
        exit(0)
    }

    /// Nanoseconds per call, best of 7 rounds (the machine is shared: the least disturbed round).
    func best(_ body: (Int) -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<7 {
            let start = seconds()
            body(iterations)
            fastest = min(fastest, (seconds() - start) / Double(iterations) * 1e9)
        }
        return fastest
    }

    print("road (best of 7 rounds, fr-CA, rotating)            C ABI     Swift  Swift/C  target")
    for (name, c, swift) in [("format: argument-free, 3 fields", cFormat, swiftFormat),
                             ("arguments, error made per call", cArgumentsMade, swiftArgumentsMade),
                             ("arguments, error kept and changed", cArgumentsKept, swiftArgumentsKept),
                             ("description, error made per call", cDescriptionMade, swiftDescriptionMade),
                             ("description, error kept and changed", cDescriptionKept, swiftDescriptionKept)] {
        let cTime = best(c), swiftTime = best(swift)
        print(name.padding(toLength: 48, withPad: " ", startingAt: 0)
              + String(format: "%7.0f ns %7.0f ns %7.2fx", cTime, swiftTime, swiftTime / cTime) + "  <=1.20x")
    }
}

run()
