// load-bench: whole-process loading of the shared corpus's .strings files, ErrorFormatter's CLI
// beside a Foundation program doing the same. One run of `errfmt dump --count FILE...` over
// every .strings file (process start, reading, parsing, printing) against one run of
// foundation-dump-count (the same with PropertyListSerialization) over the same files, the two
// alternating so that the machine's load falls on both, best of N each. The two outputs are
// compared first: both must find the same tables with the same numbers of entries.
//
// Two times are kept for each program: the wall time from launch to exit, and the processor
// time (user + system) the child used. On a shared, loaded machine the wall time includes
// waiting for a processor; the processor time does not, so its ratio is the steadier one.
//
// usage: load-bench --errfmt PATH [--corpus DIR] [--runs N]
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The whole-process loading target of docs/performance.md: Foundation's time over ours.
let target = 12.0

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// `<package root>/../shared/corpus`, where the package root is the parent of Benchmarks/.
func defaultCorpus() -> String {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(4)  // Benchmarks/Sources/load-bench/main.swift
    return components.joined(separator: "/") + "/../shared/corpus"
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("load-bench: \(message)\n".utf8))
    exit(status)
}

var errfmt: String?
var corpus = defaultCorpus()
var runs = 7
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--errfmt": errfmt = arguments.next()
    case "--corpus": corpus = arguments.next() ?? corpus
    case "--runs": runs = max(1, Int(arguments.next() ?? "") ?? runs)
    default: fail("usage: load-bench --errfmt PATH [--corpus DIR] [--runs N]", status: 2)
    }
}
guard let errfmt else { fail("usage: load-bench --errfmt PATH [--corpus DIR] [--runs N]", status: 2) }

// The peer sits next to this program in the build directory.
let foundationDumpCount = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("foundation-dump-count").path

guard let tsv = try? String(contentsOfFile: corpus + "/foundation-results.tsv", encoding: .utf8) else {
    print("load-bench: skipped, no corpus at \(corpus) (the shared corpus is not checked out beside the repository)")
    exit(0)
}
let files = tsv.split(separator: "\n").dropFirst()
    .compactMap { $0.split(separator: "\t").first.map { corpus + "/data/" + $0 } }
let totalBytes = files.reduce(0) { total, path in
    total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
}

/// Runs `program FILES...` and returns its standard output (not timed: the outputs are
/// compared before any time is taken).
func output(of program: String, prefix: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = prefix + files
    let pipe = Pipe()
    // CF logs each old-style file it rejects; the outputs say the same.
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(program): \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
}

/// Runs `program FILES...` with its output thrown away; returns the wall time from launch to
/// exit and the processor time (user + system) of that child alone.
///
/// `posix_spawn` and `wait4`, not `Process`: Foundation's `waitUntilExit` polls every 50 ms on
/// Linux, which rounded every wall time up to the next poll.
func timedRun(_ program: String, prefix: [String]) -> (seconds: Double, processor: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = ([program] + prefix + files).map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var pid: pid_t = 0
    let start = monotonicSeconds()
    let spawned = posix_spawn(&pid, program, &actions, nil, arguments, environ)
    guard spawned == 0 else { fail("cannot run \(program): error \(spawned)") }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { fail("cannot wait for \(program)") }
    let wall = monotonicSeconds() - start
    // Status 1 means some file is not a table, which the corpus has (171 files); the low seven
    // bits are the signal that ended it, if any.
    guard status & 0x7F == 0, (status >> 8) & 0xFF <= 1 else {
        fail("\(program) ended with wait status \(status)")
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

let ours = (program: errfmt, prefix: ["dump", "--count", "--"])
let theirs = (program: foundationDumpCount, prefix: [String]())

// Both must see the same thing before their times mean anything.
let ourLines = output(of: ours.program, prefix: ours.prefix).split(separator: "\n")
let theirLines = output(of: theirs.program, prefix: theirs.prefix).split(separator: "\n")
guard ourLines.count == files.count, theirLines.count == files.count else {
    fail("expected \(files.count) lines, errfmt printed \(ourLines.count), Foundation \(theirLines.count)")
}
for (our, their) in zip(ourLines, theirLines) where our != their {
    fail("errfmt and Foundation disagree:\n  errfmt:     \(our)\n  Foundation: \(their)")
}
let tables = ourLines.filter { $0.split(separator: "\t").dropFirst().first == "ok" }
let entries = tables.reduce(0) { $0 + (Int($1.split(separator: "\t").last ?? "") ?? 0) }

var bestOurs = (wall: Double.infinity, processor: Double.infinity)
var bestTheirs = (wall: Double.infinity, processor: Double.infinity)
for _ in 0..<runs {
    let our = timedRun(ours.program, prefix: ours.prefix)
    bestOurs = (min(bestOurs.wall, our.seconds), min(bestOurs.processor, our.processor))
    let their = timedRun(theirs.program, prefix: theirs.prefix)
    bestTheirs = (min(bestTheirs.wall, their.seconds), min(bestTheirs.processor, their.processor))
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
func verdict(_ ratio: Double) -> String { ratio >= target ? "" : "  BELOW TARGET" }
let wallRatio = bestTheirs.wall / bestOurs.wall
let processorRatio = bestTheirs.processor / bestOurs.processor
print("whole-process load: \(files.count) .strings files, \(totalBytes) bytes, \(tables.count) tables, "
    + "\(entries) entries (the same in both); best of \(runs) alternating runs; target >= \(format(target, 0))x")
print("                            wall        processor (user + system)")
print("errfmt dump --count:        \(format(bestOurs.wall * 1000)) ms    \(format(bestOurs.processor * 1000)) ms")
print("Foundation (read + parse):  \(format(bestTheirs.wall * 1000)) ms   \(format(bestTheirs.processor * 1000)) ms")
print("speed-up:                   \(format(wallRatio, 2))x\(verdict(wallRatio))   \(format(processorRatio, 2))x\(verdict(processorRatio))")
