/// Tables in the form every table format is converted through: one or more languages, each an
/// ordered list of keys and values.
///
/// Reading any format gives one (``read(bytes:format:language:)``); each writer takes one and
/// says, as a diagnostic, everything its format cannot hold. The model is what a catalog loads
/// (texts, variable formats and, from `.strings`, other property-list values), so authoring
/// metadata (comments, String Catalog states and extraction states) is not carried.
package struct TableDocument: Sendable, Equatable {
    /// The language whose texts are the development text: a String Catalog's `sourceLanguage`,
    /// or the language a single-language table was read as.
    package var sourceLanguage: String
    /// Every language, the source language first, then in byte order of their names.
    package var languages: [Language]

    package init(sourceLanguage: String, languages: [Language]) {
        self.sourceLanguage = sourceLanguage
        self.languages = languages
    }

    /// One language's table.
    package struct Language: Sendable, Equatable {
        /// The name as the source spells it (`fr`, `zh-Hans`, `pt_BR`).
        package var name: String
        /// Each key once, in the source's order (texts in file order; variable formats that
        /// replace no text follow, sorted by key).
        package var entries: [Entry]

        package init(name: String, entries: [Entry]) {
            self.name = name
            self.entries = entries
        }

        /// The value of `key`, if the table has it.
        package func value(forKey key: TableKey) -> Value? {
            entries.first { $0.key == key }?.value
        }
    }

    /// One key and its value.
    package struct Entry: Sendable, Equatable {
        package var key: TableKey
        package var value: Value

        package init(key: TableKey, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// What a key holds.
    package enum Value: Sendable, Equatable {
        /// A text (a printf-style format when the error supplies arguments).
        case text(String)
        /// A format with plural, device or width variables.
        case variable(VariableFormat)
        /// A `.strings` value that is not a string (an array, a dictionary, data): legal in a
        /// property list, never a table string.
        case propertyList(PropertyListValue)

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
            case (.variable(let a), .variable(let b)): a == b
            case (.propertyList(let a), .propertyList(let b)): a == b
            default: false
            }
        }
    }

    /// The language called `name` (spelled as in the document), if there is one.
    package func language(named name: String) -> Language? {
        languages.first { $0.name.utf8.elementsEqual(name.utf8) }
    }
}
