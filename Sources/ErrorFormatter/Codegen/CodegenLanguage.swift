/// The languages `errfmt codegen` writes, each for its binding of ErrorFormatter, and `json`,
/// the registry of the errors (docs/codegen.md).
public enum CodegenLanguage: String, Sendable, Hashable, CaseIterable {
    /// A C header of `static inline` constructors filling an `ef_error_info`.
    case c
    /// A C++17 header of inline functions returning `errorformatter::ErrorInfo`.
    case cpp
    /// A Swift file: an enum of static functions returning `ErrorInfo`.
    case swift
    /// A Python module: functions returning a frozen `ErrorInfo` value with a `format` method.
    case python
    /// A TypeScript module: functions returning an `ErrorInfo` object, and `format`.
    case typescript
    /// A Go file: functions returning `errorformatter.ErrorInfo`.
    case go
    /// A Java class of static methods returning `org.errorformatter.ErrorInfo`.
    case java
    /// A Rust module: functions returning `errorformatter::Result<ErrorInfo>`.
    case rust
    /// The registry: every error's domain, code, name, keys, arguments, the localizations
    /// lacking a text, and its constructor's name in every language.
    case json

    /// The usual file extension (`.h`, `.hpp`, …).
    public var fileExtension: String {
        switch self {
        case .c: ".h"
        case .cpp: ".hpp"
        case .swift: ".swift"
        case .python: ".py"
        case .typescript: ".ts"
        case .go: ".go"
        case .java: ".java"
        case .rust: ".rs"
        case .json: ".json"
        }
    }
}
