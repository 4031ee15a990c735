// swift-tools-version: 6.0
//
// Benchmarks: ErrorFormatter reading .strings files into tables side by side with Foundation's
// PropertyListSerialization on the shared real-world corpus (strings-bench); whole-process
// loading, `errfmt dump --count` beside foundation-dump-count, its Foundation twin (load-bench);
// what locale resolution costs, first call and cached (locale-bench); and the format roads from
// Swift beside the same roads through the C ABI (swift-format-bench). A separate package so
// that the library itself never links Foundation, and so that it sees only the public Swift
// API, as any dependent does. Build in release mode:
//   swift run -c release --package-path Benchmarks strings-bench
import PackageDescription

// A path dependency is identified by its directory name, which differs between checkouts
// (main, worktrees, CI), so name the root package by the directory this one sits in.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "ErrorFormatter"

let package = Package(
    name: "ErrorFormatterBenchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "strings-bench",
            dependencies: [.product(name: "ErrorFormatter", package: rootPackage)],
            path: "Sources/strings-bench"
        ),
        .executableTarget(
            name: "locale-bench",
            dependencies: [.product(name: "ErrorFormatter", package: rootPackage)],
            path: "Sources/locale-bench"
        ),
        // The C library as C programs link it (liberrorformatter.so from `make`), for benchmarks
        // that call the C ABI beside the Swift API in one process.
        .systemLibrary(name: "CErrorFormatterLibrary", path: "Sources/CErrorFormatterLibrary"),
        .executableTarget(
            name: "swift-format-bench",
            dependencies: [.product(name: "ErrorFormatter", package: rootPackage), "CErrorFormatterLibrary"],
            path: "Sources/swift-format-bench"
        ),
        .executableTarget(
            name: "load-bench",
            path: "Sources/load-bench"
        ),
        .executableTarget(
            name: "foundation-dump-count",
            path: "Sources/foundation-dump-count"
        ),
    ],
    swiftLanguageModes: [.v6]
)
