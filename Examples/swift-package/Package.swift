// swift-tools-version: 6.0
//
// A program that depends on ErrorFormatter the way any Swift package would (here by path; a git
// URL works the same) and formats its own errors. `make test-swift-package` builds and runs it.
import PackageDescription

let package = Package(
    name: "swift-error-demo",
    dependencies: [
        .package(name: "ErrorFormatter", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "swift-error-demo",
            dependencies: [.product(name: "ErrorFormatter", package: "ErrorFormatter")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
