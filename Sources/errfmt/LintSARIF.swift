import ErrorFormatter

/// `errfmt lint --format sarif`: a SARIF 2.1.0 log (one run, the rules that were reported
/// with their help text, one result per finding with its physical location), the format code
/// scanning services and IDEs import.
enum LintSARIF {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static func log(_ report: LintReport) -> String {
        var rules: [LintRule] = []
        var ruleIndex: [String: Int] = [:]
        for diagnostic in report.diagnostics where ruleIndex[diagnostic.code] == nil {
            ruleIndex[diagnostic.code] = rules.count
            rules.append(Lint.rule(for: diagnostic.code, severity: diagnostic.severity))
        }
        let driver = JSONValue.object([
            ("name", .string("errfmt lint")),
            ("version", .string(ErrorFormatterVersion.string)),
            ("rules", .array(rules.map(rule))),
        ])
        let results = report.diagnostics.map { result($0, index: ruleIndex[$0.code] ?? 0) }
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        return JSONValue.object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func rule(_ rule: LintRule) -> JSONValue {
        .object([
            ("id", .string(rule.code)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.help))])),
            ("help", .object([("text", .string(rule.help))])),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
        ])
    }

    private static func result(_ diagnostic: Diagnostic, index: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.code)),
            ("ruleIndex", .int(index)),
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(diagnostic.message))])),
        ]
        if let file = diagnostic.file {
            var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
            if diagnostic.line > 0 {
                var region: [(String, JSONValue)] = [("startLine", .int(diagnostic.line))]
                if diagnostic.column > 0 { region.append(("startColumn", .int(diagnostic.column))) }
                physical.append(("region", .object(region)))
            }
            var location: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
            if let key = diagnostic.key {
                location.append(("logicalLocations", .array([.object([("name", .string(key)), ("kind", .string("member"))])])))
            }
            members.append(("locations", .array([.object(location)])))
        }
        return .object(members)
    }

    /// A relative path as a URI reference: unreserved characters and `/` kept, the rest
    /// percent-encoded as UTF-8.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E || byte == 0x2F
            if isUnreserved {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
