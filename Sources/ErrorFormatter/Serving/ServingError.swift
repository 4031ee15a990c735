/// Why the serving component refused a call: what the C layer maps to a status, and what the
/// packed request's reader reports for bytes it cannot take.
package struct ServingError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// An argument is unusable: NULL where a value is required, a run that ends early, a
        /// table name with a `/`, a number that does not fit.
        case invalidArgument
        /// A text the caller passed is not valid UTF-8.
        case invalidUTF8
        /// No localization has a usable value for the key.
        case keyNotFound
        /// A string was found but the arguments could not satisfy it, and the caller asked for
        /// that to fail (``Serving/refusingRejections(ofResult:)``).
        case rejected
        /// The system could not give the memory a result needs.
        case outOfMemory
    }

    package var kind: Kind
    /// One line: control characters from the caller's texts are escaped.
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = MessageEscaping.escaped(message)
    }

    package static func invalidArgument(_ message: String) -> ServingError { ServingError(.invalidArgument, message) }

    package static func invalidUTF8(_ name: String) -> ServingError {
        ServingError(.invalidUTF8, "\(name) is not valid UTF-8")
    }

    package static let outOfMemory = ServingError(.outOfMemory, "out of memory")

    /// A catalog's refusal of an argument (a table name with a `/`).
    package init(_ error: CatalogError) {
        self.init(.invalidArgument, error.message)
    }
}
