/// Bad command-line usage: the message, then exit status 2.
struct UsageError: Error {
    var message: String
}

/// A command line split into options and operands, checked against what a command accepts.
///
/// Accepts `--name value`, `--name=value`, repeated options (kept in order), boolean flags,
/// and `--` to end options. A lone `-` is an operand (standard input).
struct CommandArguments {
    private(set) var values: [String: [String]] = [:]
    /// Every valued option in command-line order (for options whose relative order matters,
    /// like the typed `--arg…` options).
    private(set) var orderedValues: [(name: String, value: String)] = []
    private(set) var flags: Set<String> = []
    private(set) var operands: [String] = []

    init(_ arguments: [String], options: Set<String>, flags knownFlags: Set<String>) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if knownFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                values[name, default: []].append(value)
                orderedValues.append((name, value))
            } else {
                throw UsageError(message: "unknown option '\(name)'")
            }
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// The value of a required option.
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError(message: "\(name) is required") }
        return value
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// A comma-separated list option, with empty items dropped (`--locale fr-CA,fr`).
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",").map(String.init) }
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// Runs a command body, turning usage errors into a short message and exit status 2.
///
/// - Parameter usage: the command's help text; its first line (`usage: errfmt <command> …`)
///   names the command for the message.
func runCommand(usage: String, _ body: () throws(UsageError) -> Int32) -> Int32 {
    do {
        return try body()
    } catch {
        return UsageError.report(error.message, command: UsageError.commandName(fromUsage: usage))
    }
}

extension UsageError {
    /// Prints a usage error as one line naming the command, then where the help is (as GNU
    /// tools do: the whole help would bury the one line that matters), and returns exit status 2.
    static func report(_ message: String, command: String?) -> Int32 {
        let name = command.map { "errfmt " + $0 } ?? "errfmt"
        CommandLineOutput.line("\(name): \(message)")
        CommandLineOutput.line("try '\(name) --help'")
        return 2
    }

    /// `format` for a help text that starts `usage: errfmt format …`.
    static func commandName(fromUsage usage: String) -> String? {
        let prefix = "usage: errfmt "
        guard let firstLine = usage.split(separator: "\n").first, firstLine.hasPrefix(prefix) else { return nil }
        let name = firstLine.dropFirst(prefix.count).prefix { $0 != " " }
        return name.isEmpty ? nil : String(name)
    }
}
