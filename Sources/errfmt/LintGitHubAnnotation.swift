import ErrorFormatter

/// `errfmt lint --format github`: GitHub Actions workflow commands
/// (`::error file=…,line=…,col=…,title=…::message`), which annotate the pull request's lines.
enum LintGitHubAnnotation {
    static func line(_ diagnostic: Diagnostic) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [String] = []
        if let file = diagnostic.file { properties.append("file=" + escapeProperty(file)) }
        if diagnostic.line > 0 {
            properties.append("line=\(diagnostic.line)")
            if diagnostic.column > 0 { properties.append("col=\(diagnostic.column)") }
        }
        properties.append("title=" + escapeProperty("errfmt lint " + diagnostic.code))
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// The runner's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The runner's escaping of a property value (also `:` and `,`, which end one).
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
