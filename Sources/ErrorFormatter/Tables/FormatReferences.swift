/// What a format string refers to, as the table loaders need it: its variable references
/// (`%#@name@`, `%2$#@name@`) and the conversion of its first printf specifier.
///
/// This is deliberately not a printf parser (the formatting engine owns that): loaders only need
/// to check that referenced variables exist and to infer a plural variable's value type.
enum FormatReferences {
    /// The names of the variables `format` references, in order of appearance (repeats kept).
    ///
    /// `%%` is a literal percent sign and starts no reference; a `%#@` never closed by `@` is
    /// not a reference.
    static func variableNames(in format: String) -> [String] {
        let scalars = Array(format.unicodeScalars)
        var names: [String] = []
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
            guard cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@" else {
                index += 1
                continue
            }
            let nameStart = cursor + 2
            var nameEnd = nameStart
            while nameEnd < scalars.count, scalars[nameEnd] != "@" { nameEnd += 1 }
            guard nameEnd < scalars.count else { break }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[nameStart..<nameEnd])
            names.append(String(name))
            index = nameEnd + 1
        }
        return names
    }

    /// The first printf specifier's length modifiers and conversion without `%`, position,
    /// flags, width or precision (`%1$lld` → `lld`, `%.2f` → `f`, `%@` → `@`), skipping `%%`
    /// and variable references; `nil` when there is none.
    static func firstValueType(in format: String) -> String? {
        let scalars = Array(format.unicodeScalars)
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
                index = cursor + 2
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
                var type = String.UnicodeScalarView()
                type.append(contentsOf: scalars[typeStart...cursor])
                return String(type)
            }
            index += 1
        }
        return nil
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
