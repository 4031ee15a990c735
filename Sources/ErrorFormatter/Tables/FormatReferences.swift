/// What a format string refers to, as the table loaders need it: its variable references
/// (`%#@name@`, `%2$#@name@`) and the conversion of its first printf specifier.
///
/// This is deliberately not a printf parser (the formatting engine owns that): loaders only need
/// to check that referenced variables exist and to infer a plural variable's value type.
enum FormatReferences {
    /// One `%…` directive of a format.
    private enum Directive {
        /// `%#@name@` or `%N$#@name@`.
        case variable(String)
        /// A printf specifier's length modifiers and conversion (`lld`, `f`, `@`).
        case specifier(String)
    }

    /// The names of the variables `format` references, in order of appearance (repeats kept).
    ///
    /// `%%` is a literal percent sign and starts no reference; a `%#@` never closed by `@` is
    /// not a reference.
    static func variableNames(in format: String) -> [String] {
        directives(in: format).compactMap {
            if case .variable(let name) = $0 { return name }
            return nil
        }
    }

    /// The first printf specifier's length modifiers and conversion without `%`, position,
    /// flags, width or precision (`%1$lld` → `lld`, `%.2f` → `f`, `%@` → `@`), skipping `%%`
    /// and variable references; `nil` when there is none.
    static func firstValueType(in format: String) -> String? {
        for directive in directives(in: format) {
            if case .specifier(let type) = directive { return type }
        }
        return nil
    }

    /// The variable references and printf specifiers of `format`, in order; text, `%%` and
    /// anything after `%` that is neither are skipped.
    private static func directives(in format: String) -> [Directive] {
        let scalars = Array(format.unicodeScalars)
        var directives: [Directive] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            var cursor = index + 1
            if cursor < scalars.count, scalars[cursor] == "%" {
                index = cursor + 1
                continue
            }
            cursor = skipPosition(scalars, from: cursor)
            if cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@" {
                let nameStart = cursor + 2
                var nameEnd = nameStart
                while nameEnd < scalars.count, scalars[nameEnd] != "@" { nameEnd += 1 }
                guard nameEnd < scalars.count else { break }
                directives.append(.variable(string(scalars[nameStart..<nameEnd])))
                index = nameEnd + 1
                continue
            }
            while cursor < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[cursor]) { cursor += 1 }
            while cursor < scalars.count, isDigitOrStar(scalars[cursor]) { cursor += 1 }
            if cursor < scalars.count, scalars[cursor] == "." {
                cursor += 1
                while cursor < scalars.count, isDigitOrStar(scalars[cursor]) { cursor += 1 }
            }
            let typeStart = cursor
            while cursor < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[cursor]) { cursor += 1 }
            if cursor < scalars.count, "diouxXeEfFgGaAcsSpC@".unicodeScalars.contains(scalars[cursor]) {
                directives.append(.specifier(string(scalars[typeStart...cursor])))
                index = cursor + 1
                continue
            }
            index += 1
        }
        return directives
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Past an `N$` argument position at `start`, or `start` when there is none.
    private static func skipPosition(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var cursor = start
        while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
        if cursor > start, cursor < scalars.count, scalars[cursor] == "$" { return cursor + 1 }
        return start
    }

    private static func isDigitOrStar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "*" || ("0"..."9").contains(scalar)
    }
}
