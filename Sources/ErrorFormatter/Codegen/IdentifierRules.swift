/// How one language spells the identifiers of generated code: the case of each kind of name,
/// and the words it must not use (keywords, and the names the generated file itself uses).
struct IdentifierRules: Sendable {
    enum Style: Sendable {
        case snake, screamingSnake, lowerCamel, upperCamel, flat

        func spell(_ words: IdentifierWords) -> String {
            switch self {
            case .snake: words.snakeCase
            case .screamingSnake: words.screamingSnakeCase
            case .lowerCamel: words.lowerCamelCase
            case .upperCamel: words.upperCamelCase
            case .flat: words.flatCase
            }
        }

        /// What goes before a name that would start with a digit.
        var digitPrefix: String {
            switch self {
            case .snake, .flat: "e_"
            case .screamingSnake: "E_"
            case .lowerCamel: "e"
            case .upperCamel: "E"
            }
        }
    }

    /// The constructors' case, and words added after the error's (C: `_new`).
    var constructorStyle: Style
    var constructorSuffix: [String] = []
    /// The parameters' case.
    var parameterStyle: Style
    /// The case of the module's own name (the C++ namespace, the Swift enum, the Java class, the
    /// Go package, the include guard).
    var moduleStyle: Style
    /// Words no identifier may be: keywords, and the names the generated file uses itself.
    var reserved: Set<String>
    /// Words no parameter may be besides: the generated bodies' own variables.
    var reservedForParameters: Set<String> = []

    /// `words` spelled in `style` and made legal: a name that would be empty becomes `error`,
    /// one that would start with a digit gets a prefix, and one that is reserved gets `_`
    /// after it until it is not.
    func legal(_ words: IdentifierWords, _ style: Style, alsoReserved: Set<String> = []) -> String {
        var name = style.spell(words.words.isEmpty ? IdentifierWords(["error"]) : words)
        if let first = name.unicodeScalars.first, IdentifierWords.isDigit(first) { name = style.digitPrefix + name }
        while reserved.contains(name) || alsoReserved.contains(name) { name += "_" }
        return name
    }

    /// The name of the constructor of an error named `words`.
    func constructor(_ words: IdentifierWords) -> String {
        legal(IdentifierWords(words.words + constructorSuffix), constructorStyle)
    }

    static func rules(for language: CodegenLanguage) -> IdentifierRules {
        switch language {
        case .c:
            IdentifierRules(constructorStyle: .snake, constructorSuffix: ["new"], parameterStyle: .snake,
                            moduleStyle: .screamingSnake, reserved: cKeywords.union(cNames),
                            reservedForParameters: ["out", "err", "status"])
        case .cpp:
            IdentifierRules(constructorStyle: .snake, parameterStyle: .snake, moduleStyle: .snake,
                            reserved: cKeywords.union(cppKeywords).union(cppNames), reservedForParameters: ["error"])
        case .swift:
            IdentifierRules(constructorStyle: .lowerCamel, parameterStyle: .lowerCamel, moduleStyle: .upperCamel,
                            reserved: swiftKeywords.union(swiftNames))
        case .python:
            IdentifierRules(constructorStyle: .snake, parameterStyle: .snake, moduleStyle: .snake,
                            reserved: pythonKeywords.union(pythonNames))
        case .typescript:
            IdentifierRules(constructorStyle: .lowerCamel, parameterStyle: .lowerCamel, moduleStyle: .lowerCamel,
                            reserved: typeScriptKeywords.union(typeScriptNames))
        case .go:
            IdentifierRules(constructorStyle: .upperCamel, parameterStyle: .lowerCamel, moduleStyle: .flat,
                            reserved: goKeywords.union(goNames))
        case .java:
            IdentifierRules(constructorStyle: .lowerCamel, parameterStyle: .lowerCamel, moduleStyle: .upperCamel,
                            reserved: javaKeywords.union(javaNames))
        case .rust:
            IdentifierRules(constructorStyle: .snake, parameterStyle: .snake, moduleStyle: .snake,
                            reserved: rustKeywords.union(rustNames), reservedForParameters: ["error"])
        case .json:
            // The registry's own `name`: the error's words, as Go and Swift types spell them.
            IdentifierRules(constructorStyle: .upperCamel, parameterStyle: .lowerCamel, moduleStyle: .upperCamel,
                            reserved: [])
        }
    }

    // C11 and C23 keywords, and the lowercase macros of the headers a generated file includes.
    static let cKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
        "bool", "true", "false", "nullptr", "constexpr", "typeof", "typeof_unqual", "alignas", "alignof",
        "static_assert", "thread_local", "noreturn", "complex", "imaginary", "errno", "assert", "offsetof",
    ]
    // What a generated C header names: the library's types and functions, <stdint.h>'s types.
    static let cNames: Set<String> = [
        "ef_status", "ef_error_info", "ef_error_details", "ef_error_info_new", "ef_error_info_add_string",
        "ef_error_info_add_int64", "ef_error_info_add_uint64", "ef_error_info_add_double", "ef_error_info_set_table",
        "ef_error_info_free", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
        "uint64_t", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t", "wchar_t",
    ]
    static let cppKeywords: Set<String> = [
        "and", "and_eq", "asm", "bitand", "bitor", "catch", "char8_t", "char16_t", "char32_t", "class", "co_await",
        "co_return", "co_yield", "compl", "concept", "const_cast", "consteval", "constinit", "decltype", "delete",
        "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast", "requires",
        "static_cast", "template", "this", "throw", "try", "typeid", "typename", "using", "virtual", "xor",
        "xor_eq", "final", "override", "import", "module", "main",
    ]
    static let cppNames: Set<String> = ["std", "errorformatter", "detail", "Integer", "Unsigned", "Real"]
    static let swiftKeywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "some", "any", "Type", "Protocol", "_",
    ]
    static let swiftNames: Set<String> = ["ErrorInfo", "FormatArgument", "String", "Int64", "UInt64", "Double", "ErrorFormatter"]
    static let pythonKeywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
        "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
        "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type",
        "_",
    ]
    static let pythonNames: Set<String> = [
        "annotations", "dataclass", "Optional", "Sequence", "Tuple", "Union", "errorformatter", "Argument",
        "ErrorInfo", "str", "int", "float", "bool", "self", "catalog", "locales", "format", "object",
    ]
    static let typeScriptKeywords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
        "as", "async", "any", "boolean", "constructor", "declare", "get", "module", "require", "number", "set",
        "string", "symbol", "type", "from", "of", "namespace", "never", "unknown", "bigint", "readonly", "keyof",
        "infer", "is", "unique", "object", "abstract", "asserts", "accessor", "satisfies", "out", "override",
    ]
    static let typeScriptNames: Set<String> = [
        "arguments", "eval", "undefined", "NaN", "Infinity", "ErrorInfo", "Argument", "Catalog", "FormattedError",
        "format", "int64", "uint64", "double", "catalog", "error", "locales", "BigInt",
    ]
    static let goKeywords: Set<String> = [
        "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go",
        "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch",
        "type", "var",
    ]
    // Go's predeclared names: a parameter named `string` would hide the type from the ones after it.
    static let goNames: Set<String> = [
        "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32", "float64", "int", "int8",
        "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
        "true", "false", "iota", "nil", "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
        "make", "max", "min", "new", "panic", "print", "println", "real", "recover", "errorformatter", "main", "init",
    ]
    static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "yield",
        "record", "sealed", "permits", "non-sealed", "when", "module", "open", "exports", "_",
    ]
    static let javaNames: Set<String> = ["ErrorInfo", "Argument", "String", "Object", "Long", "Double", "Math"]
    static let rustKeywords: Set<String> = [
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
        "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct",
        "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract",
        "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
        "gen", "union", "raw", "safe", "_",
    ]
    static let rustNames: Set<String> = ["ErrorInfo", "Result", "errorformatter", "str", "Ok", "Err", "Some", "None"]
}
