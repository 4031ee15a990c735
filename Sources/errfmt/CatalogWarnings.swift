import ErrorFormatter

/// The warnings `format`, `lookup` and `negotiate` print on standard error, one line each:
/// everything that made the answer other than what the user asked for (a broken table, a
/// preference no localization matches, a table the catalog does not have, a translation that
/// was skipped). Without them, a broken French table just shows English with exit status 0.
///
/// `--quiet` silences them; the exit status never depends on them (it says whether the command
/// could answer, not how well).
struct CatalogWarnings {
    /// The catalog directory as the user named it: file names in the catalog's diagnostics are
    /// relative to it, and printed relative to where the user ran the command.
    var directory: String?
    var quiet: Bool

    init(directory: String?, quiet: Bool) {
        self.directory = directory
        self.quiet = quiet
    }

    init(_ options: CommandArguments) {
        self.init(directory: options.value("--catalog"), quiet: options.has("--quiet"))
    }

    private func warn(_ message: String) {
        if !quiet { CommandLineOutput.error("warning: " + message) }
    }

    /// One line per table file with errors: its first error at its position, and how many more.
    func brokenTables(of catalog: Catalog) {
        var order: [String] = []
        var errors: [String: [Diagnostic]] = [:]
        for diagnostic in catalog.diagnostics where diagnostic.severity == .error {
            let file = diagnostic.file ?? ""
            if errors[file] == nil { order.append(file) }
            errors[file, default: []].append(diagnostic)
        }
        for file in order {
            guard let first = errors[file]?.first else { continue }
            var location = first.file.map { displayPath($0) + ":" } ?? ""
            if first.line > 0 { location += "\(first.line):" + (first.column > 0 ? "\(first.column):" : "") }
            let more = (errors[file]?.count ?? 1) - 1
            warn("broken table \(location) \(first.message) [\(first.code)]"
                 + (more > 0 ? " (and \(more) more error\(more == 1 ? "" : "s"); 'errfmt lint' lists them)" : ""))
        }
    }

    /// One line per preference before the one that matched (or every one, when none did):
    /// those are the user's languages the catalog does not have.
    func unmatchedPreferences(_ preferences: [String], in catalog: Catalog) {
        let negotiation = catalog.negotiation(for: preferences)
        guard !negotiation.untranslated else { return }
        var matched = preferences.count
        if let first = negotiation.entries.first {
            switch first.reason {
            case .exact(let preference, _), .family(let preference, _, _): matched = preference
            case .inherited: matched = 0
            }
        }
        for preference in preferences.prefix(matched) {
            switch try? Locales.normalize(preference) {
            case .locale(let id)? where !id.isEmpty:
                warn("no localization of the catalog matches the preference '\(preference)'")
            case .untranslated?:
                break  // C/POSIX after a usable preference only ends the list
            default:
                warn("'\(preference)' is not a locale ID; the preference is skipped")
            }
        }
        if negotiation.entries.isEmpty, !preferences.isEmpty {
            warn("none of the preferences matched; showing the development localization "
                 + "(\(catalog.developmentLocale))")
        }
    }

    /// A line when no localization (nor the unlocalized tables) has the table `name`.
    func unknownTable(_ name: String, in catalog: Catalog) {
        let names = catalog.allTableNames
        guard !names.contains(name) else { return }
        warn("the catalog has no table '\(name)' (its tables: "
             + (names.isEmpty ? "none" : names.joined(separator: ", ")) + ")")
    }

    /// One line per table string that was found but could not be rendered.
    func rejections(_ rejections: [Rejection]) {
        for rejection in rejections { warn("skipped \(rejection)") }
    }

    /// `file` (relative to the catalog) as a path from the working directory; as it is for a
    /// compiled catalog, whose files were relative to the directory it was compiled from.
    private func displayPath(_ file: String) -> String {
        guard let directory, !directory.isEmpty, directory != ".",
              FileSystem.entryType(atPath: directory) != .file
        else { return file }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}
