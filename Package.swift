// swift-tools-version: 6.0
//
// ErrorFormatter: one set of error rules and translations for C, C++, Python, Rust and Swift.
//
// No package dependencies (none can be fetched). The shared library's static Swift runtime,
// soname and version script are passed by the Makefile, not here, so that Swift users can still
// depend on this package without unsafe flags.
import PackageDescription

let package = Package(
    name: "ErrorFormatter",
    products: [
        .library(name: "ErrorFormatter", targets: ["ErrorFormatter"]),
        .library(name: "errorformatter", type: .dynamic, targets: ["ErrorFormatterC"]),
        .executable(name: "errfmt", targets: ["errfmt"]),
    ],
    targets: [
        // The public C header (the ABI's single source of truth), exposed to Swift so that every
        // `@_cdecl @implementation` is checked against its declaration.
        .systemLibrary(name: "CErrorFormatter", path: "include"),
        // static-inline shims over ICU's C API (ICU renames its symbols per version).
        .systemLibrary(name: "CICU", path: "Sources/CICU"),
        // CRC-32C by the processor's instruction where it has one (static inline, cpuid-chosen).
        .systemLibrary(name: "CCRC32C", path: "Sources/CCRC32C"),
        // What the live catalog needs that Swift's Glibc module does not declare: the runtime's
        // counted retain and release, eventfd, pthread_setname_np.
        .systemLibrary(name: "CLive", path: "Sources/CLive"),
        .target(
            name: "ErrorFormatter",
            dependencies: ["CICU", "CCRC32C", "CLive"],
            path: "Sources/ErrorFormatter"
        ),
        .target(
            name: "ErrorFormatterC",
            dependencies: ["ErrorFormatter", "CErrorFormatter"],
            path: "Sources/ErrorFormatterC",
            exclude: ["exports.map"]
        ),
        .executableTarget(
            name: "errfmt",
            dependencies: ["ErrorFormatter"],
            path: "Sources/errfmt"
        ),
        // The cross-binding demo (Examples/README.md): the shared cases through the Swift API.
        .executableTarget(
            name: "errorformatter-demo",
            dependencies: ["ErrorFormatter"],
            path: "Examples/swift"
        ),
        // The C layer's promises that need Swift's ThreadSanitizer run (`make sanitize`).
        .testTarget(
            name: "ErrorFormatterCTests",
            dependencies: ["ErrorFormatterC", "CErrorFormatter"],
            path: "Tests/ErrorFormatterCTests"
        ),
        .testTarget(
            name: "ErrorFormatterTests",
            dependencies: ["ErrorFormatter", "CICU"],
            path: "Tests/ErrorFormatterTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
