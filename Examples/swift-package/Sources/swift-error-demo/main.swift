// Formats this program's own Swift errors with ErrorFormatter, for a few locales.
//
// usage: swift-error-demo <catalog directory>   (Examples/swift-package/Localizations)
import ErrorFormatter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain Swift error: its domain is `swift_error_demo.SyncError` (the module's name, then the
/// type's) and its codes are Swift's own; an Int raw value makes them explicit and stable.
enum SyncError: Int, Error {
    case offline = 1
    case quotaExceeded = 2
}

/// An error that brings its arguments and its own texts.
enum UploadError: FormattableError {
    case tooLarge(name: String, bytes: Int64)
    case refused(reason: String)

    var formatArguments: [FormatArgument] {
        switch self {
        case .tooLarge(let name, let bytes): [.string(name), .int(bytes)]
        case .refused: []
        }
    }

    var failureReason: String? {
        if case .refused(let reason) = self { reason } else { nil }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: swift-error-demo <catalog directory>")
    exit(2)
}

do {
    let formatter = ErrorMessageFormatter(catalog: try Catalog.open(directory: arguments[1]))
    let errors: [any Error] = [
        SyncError.offline, SyncError.quotaExceeded,
        UploadError.tooLarge(name: "photo.jpg", bytes: 2048), UploadError.refused(reason: "Refused by the server."),
    ]
    for locale in ["en", "fr-CA"] {
        for error in errors {
            let shown = formatter.format(error, preferences: [locale])
            print("\(locale) \(ErrorInfo(error).domain) \(ErrorInfo(error).code): \(shown.title) | \(shown.message) | \(shown.button)")
        }
    }
} catch {
    print("swift-error-demo: \(error)")
    exit(1)
}
