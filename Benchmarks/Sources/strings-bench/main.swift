// strings-bench: reads every .strings file of the shared corpus into a table in one process,
// with ErrorFormatter (`CatalogBuilder.addTable`, the public road from a file's bytes to a
// table: the CF-exact parser, then the table's own checks) and with Foundation's
// PropertyListSerialization, best of several iterations, and reports throughput, the ratio, the
// cold start of the largest catalog (Catalog.open of Home Assistant's Resources against
// Foundation reading and parsing the same files), and peak memory for that catalog's
// Localizable.strings in all its locales, each side measured in a fresh child process so that
// one side's peak cannot hide the other's.
//
// usage: strings-bench [--corpus DIR] [--iterations N]
//        strings-bench --only errorformatter|foundation   (one parser, e.g. under perf)
//        strings-bench --memory errorformatter|foundation [--corpus DIR]   (child mode)
import ErrorFormatter
import Foundation
#if canImport(Glibc)
import Glibc
#endif

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func maximumResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// `<package root>/../shared/corpus`, where the package root is the parent of Benchmarks/.
func defaultCorpus() -> String {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(4)  // Benchmarks/Sources/strings-bench/main.swift
    return components.joined(separator: "/") + "/../shared/corpus"
}

struct Options {
    var corpus = defaultCorpus()
    var iterations = 5
    var memoryMode: String?
    /// Time only one parser (`errorformatter` or `foundation`), e.g. under a profiler.
    var only: String?
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--corpus": options.corpus = arguments.next() ?? options.corpus
        case "--iterations": options.iterations = Int(arguments.next() ?? "") ?? options.iterations
        case "--memory": options.memoryMode = arguments.next()
        case "--only": options.only = arguments.next()
        default:
            FileHandle.standardError.write(Data("usage: strings-bench [--corpus DIR] [--iterations N] [--only errorformatter|foundation]\n".utf8))
            exit(2)
        }
    }
    return options
}

/// Every .strings path of the corpus, from foundation-results.tsv.
func corpusPaths(_ corpus: String) -> [String] {
    guard let tsv = try? String(contentsOfFile: corpus + "/foundation-results.tsv", encoding: .utf8) else {
        FileHandle.standardError.write(Data("strings-bench: no corpus at \(corpus)\n".utf8))
        exit(1)
    }
    return tsv.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
}

func load(_ corpus: String, _ paths: [String]) -> [[UInt8]] {
    paths.map { [UInt8](FileManager.default.contents(atPath: corpus + "/data/" + $0) ?? Data()) }
}

func largestCatalogPaths(_ paths: [String]) -> [String] {
    paths.filter { $0.hasPrefix("home-assistant__iOS/Sources/App/Resources/") && $0.hasSuffix(".lproj/Localizable.strings") }
}

/// One file's bytes read into a table of a builder of its own, as an unlocalized
/// `Localizable.strings`; `nil` when the file is not a table. The builder is strict, so a file
/// CoreFoundation refuses is refused here too, instead of being left out with a diagnostic.
func readTable(_ bytes: [UInt8]) -> CatalogBuilder? {
    var builder = CatalogBuilder(strict: true)
    guard (try? builder.addTable(bytes: bytes, localization: nil, fileName: "Localizable.strings")) != nil else {
        return nil
    }
    return builder
}

/// Seconds for one pass over all files; `accepted` counts tables (checks both agree). A 0-byte
/// file is an empty table to a catalog (decision 0009) and no property list to CF, so only
/// tables read from bytes count.
func timeErrorFormatter(_ files: [[UInt8]]) -> (seconds: Double, accepted: Int) {
    var accepted = 0
    let start = monotonicSeconds()
    for bytes in files where readTable(bytes) != nil && !bytes.isEmpty {
        accepted += 1
    }
    return (monotonicSeconds() - start, accepted)
}

func timeFoundation(_ files: [Data]) -> (seconds: Double, accepted: Int) {
    var accepted = 0
    let start = monotonicSeconds()
    for data in files {
        if (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) is NSDictionary {
            accepted += 1
        }
    }
    return (monotonicSeconds() - start, accepted)
}

/// Resident set size now (Linux `/proc/self/statm`, in pages).
func currentResidentKilobytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// Child mode: read the largest catalog's locales, keep every table alive, and report the
/// resident memory before and after (the growth is what the parsed tables cost) and the peak.
func measureMemory(_ mode: String, _ options: Options) {
    let paths = largestCatalogPaths(corpusPaths(options.corpus))
    var files = load(options.corpus, paths)
    let totalBytes = files.reduce(0) { $0 + $1.count }
    var datas: [Data] = []
    if mode == "foundation" {
        datas = files.map { Data($0) }
        files = []
    }
    let before = currentResidentKilobytes()
    var keep: [Any] = []
    if mode == "foundation" {
        for data in datas { keep.append((try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as Any) }
    } else {
        for bytes in files { keep.append(readTable(bytes) as Any) }
    }
    let after = currentResidentKilobytes()
    print("\(before)\t\(after)\t\(maximumResidentKilobytes())\t\(keep.count)\t\(totalBytes)")
}

func runChild(_ mode: String, _ options: Options) -> (before: Int, after: Int, peak: Int, files: Int, bytes: Int)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory", mode, "--corpus", options.corpus]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: { $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }
    guard fields.count == 5 else { return nil }
    return (fields[0], fields[1], fields[2], fields[3], fields[4])
}

/// DESIGN.md's cold start: the largest app catalog opened whole (`Catalog.open` on its
/// Resources directory: every table of its 35 localizations, read from disk, parsed, merged)
/// against Foundation reading and parsing the same files, best of the iterations. The files
/// are in the page cache after the first run, on both sides.
func coldStart(_ options: Options) {
    let resources = options.corpus + "/data/home-assistant__iOS/Sources/App/Resources"
    let tables = (FileManager.default.enumerator(atPath: resources)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".strings") }.map { resources + "/" + $0 }
    guard !tables.isEmpty else {
        print("cold start: no catalog at \(resources)")
        return
    }
    var ours = Double.infinity, theirs = Double.infinity
    var localizations = 0, foundationTables = 0
    for _ in 0..<max(1, options.iterations) {
        var start = monotonicSeconds()
        let catalog = try? Catalog.open(directory: resources)
        ours = min(ours, monotonicSeconds() - start)
        localizations = catalog?.localizations.count ?? 0
        start = monotonicSeconds()
        foundationTables = 0
        for path in tables {
            if let data = FileManager.default.contents(atPath: path),
               (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) is NSDictionary {
                foundationTables += 1
            }
        }
        theirs = min(theirs, monotonicSeconds() - start)
    }
    print("cold start, largest catalog (\(localizations) localizations, \(tables.count) files, \(foundationTables) "
        + "parsed by Foundation): ErrorFormatter Catalog.open \(String(format: "%.1f", ours * 1000)) ms, "
        + "Foundation read + parse \(String(format: "%.1f", theirs * 1000)) ms, "
        + "speed-up \(String(format: "%.2f", theirs / ours))x")
}

let options = parseOptions()
if let mode = options.memoryMode {
    measureMemory(mode, options)
    exit(0)
}

let paths = corpusPaths(options.corpus)
let files = load(options.corpus, paths)
let datas = files.map { Data($0) }
let totalBytes = files.reduce(0) { $0 + $1.count }
let megabytes = Double(totalBytes) / 1_000_000

var bestOurs = Double.infinity, bestFoundation = Double.infinity
var acceptedOurs = 0, acceptedFoundation = 0
for _ in 0..<max(1, options.iterations) {
    if options.only != "foundation" {
        let ours = timeErrorFormatter(files)
        bestOurs = min(bestOurs, ours.seconds)
        acceptedOurs = ours.accepted
    }
    if options.only != "errorformatter" {
        let theirs = timeFoundation(datas)
        bestFoundation = min(bestFoundation, theirs.seconds)
        acceptedFoundation = theirs.accepted
    }
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

print("corpus: \(files.count) .strings files, \(totalBytes) bytes; best of \(options.iterations) iterations")
print("ErrorFormatter:  \(format(bestOurs * 1000)) ms  \(format(megabytes / bestOurs)) MB/s  (\(acceptedOurs) tables)")
print("Foundation:      \(format(bestFoundation * 1000)) ms  \(format(megabytes / bestFoundation)) MB/s  (\(acceptedFoundation) tables)")
print("speed-up:        \(format(bestFoundation / bestOurs, 2))x")
if options.only != nil { exit(0) }
if acceptedOurs != acceptedFoundation {
    print("WARNING: ErrorFormatter and Foundation accept different numbers of files")
}
coldStart(options)
for mode in ["errorformatter", "foundation"] {
    if let memory = runChild(mode, options) {
        print("memory, \(mode), largest catalog (\(memory.files) locales, \(memory.bytes) bytes): tables \(format(Double(memory.after - memory.before) / 1024)) MB resident, process peak \(format(Double(memory.peak) / 1024)) MB")
    } else {
        print("peak RSS, \(mode): child process failed")
    }
}
