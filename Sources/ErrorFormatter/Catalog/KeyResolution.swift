/// Looking a key up down a stack and rendering it with the error's arguments: the first string
/// that the arguments satisfy wins; the others are remembered as rejections.
///
/// This is what makes a bad translation harmless: a French string asking for `%2$@` when one
/// argument was passed is skipped, and the parent language's (or the development language's)
/// string is shown instead.
package struct KeyResolution: Sendable, Equatable {
    /// The rendered text and where it came from, or `nil` if no localization had a usable string.
    package var hit: Catalog.Hit?
    /// Strings found but not rendered, in the order they were tried.
    package var rejections: [Rejection]
}

extension TableLayers {
    /// Resolves `key` with `arguments`, rendering each candidate with the plural rules of the
    /// localization that supplied it (a `fr_CA` request answered from `en` uses English rules),
    /// and its numbers in `numbers` (`nil`: the catalog's ``numberStyle``) for that locale.
    func resolve(_ key: TableKey, arguments: [FormatArgument], numbers: NumberStyle? = nil) -> KeyResolution {
        // A table key's UTF-8 is contiguous (``TableKey/init(_:)``); the copy is for any other.
        key.string.utf8.withContiguousStorageIfAvailable {
            resolve(bytes: UnsafeRawBufferPointer($0), arguments: arguments, numbers: numbers)
        } ?? Array(key.string.utf8).withUnsafeBytes { resolve(bytes: $0, arguments: arguments, numbers: numbers) }
    }

    /// The same for the key whose UTF-8 is `key`, hashed once for every layer: no key is made
    /// unless a string is rejected (a rejection names its key).
    func resolve(bytes key: UnsafeRawBufferPointer, arguments: [FormatArgument], numbers: NumberStyle? = nil)
        -> KeyResolution
    {
        var rejections: [Rejection] = []
        guard let found = render(bytes: key, arguments: arguments, numbers: numbers, rejections: &rejections) else {
            return KeyResolution(hit: nil, rejections: rejections)
        }
        return KeyResolution(hit: Catalog.Hit(value: found.text, localization: found.layer.localization, table: name),
                             rejections: rejections)
    }

    /// The first rendering of the key whose UTF-8 is `key` that `arguments` satisfy, and the
    /// layer it came from; each string rejected before it is appended to `rejections`. What
    /// ``resolve(bytes:arguments:)`` does without making a ``KeyResolution``.
    func render(
        bytes key: UnsafeRawBufferPointer, arguments: [FormatArgument], numbers: NumberStyle? = nil,
        rejections: inout [Rejection]
    ) -> (text: String, layer: LocalizedTable)? {
        let hash = PropertyListKeyIndex.hash(ofBytes: key, secrets: secrets)
        let style = numbers ?? numberStyle
        for layer in layers {
            guard let value = layer.preparedValue(forKeyBytes: key, hash: hash) else { continue }
            do throws(FormatFailure) {
                return (try layer.render(value, arguments: arguments, numbers: style), layer)
            } catch {
                reject(key, in: layer, error, into: &rejections)
            }
        }
        return nil
    }

    /// The same, the text written into `buffer` when it is a format that fits there
    /// (``LocalizedTable/render(_:arguments:into:)``) and handed to `found` with the
    /// localization that supplied it and the rejections so far, for a formatter to pass on as
    /// they are; `nil` when no layer has a string that `arguments` satisfy.
    @inline(__always)
    func render<Result>(
        bytes key: UnsafeRawBufferPointer, arguments: [FormatArgument], numbers: NumberStyle? = nil,
        rejections: inout [Rejection], into buffer: UnsafeMutableRawBufferPointer,
        _ found: (FieldText, String, [Rejection]) -> Result
    ) -> Result? {
        let hash = PropertyListKeyIndex.hash(ofBytes: key, secrets: secrets)
        let style = numbers ?? numberStyle
        for layer in layers {
            guard let value = layer.preparedValue(forKeyBytes: key, hash: hash) else { continue }
            do throws(FormatFailure) {
                let text = try layer.render(value, arguments: arguments, numbers: style, into: buffer)
                return found(text, layer.localization, rejections)
            } catch {
                reject(key, in: layer, error, into: &rejections)
            }
        }
        return nil
    }

    /// Records that `layer`'s string for `key` was found but `error` kept it from rendering.
    func reject(
        _ key: UnsafeRawBufferPointer, in layer: LocalizedTable, _ error: FormatFailure,
        into rejections: inout [Rejection]
    ) {
        rejections.append(Rejection(key: String(decoding: key, as: UTF8.self), localization: layer.localization,
                                    table: name, code: error.code, message: error.message))
    }
}

extension Catalog {
    /// Looks up `key` in `table` for `preferences` and renders it with `arguments`: the raw
    /// lookup under the error rules, for any key.
    ///
    /// - Parameters:
    ///   - table: `""` means ``Catalog/defaultTable``, as everywhere a table is named.
    ///   - numberStyle: how the arguments' numbers are written; `nil` leaves it to the catalog
    ///     (``Options/localizedNumbers``).
    package func resolve(
        _ key: String, table: String = Catalog.defaultTable, preferences: [String], arguments: [FormatArgument] = [],
        numberStyle: NumberStyle? = nil
    ) -> KeyResolution {
        let layers = cachedLayers(of: Self.tableName(orDefault: table), for: preferences)
        return layers.resolve(TableKey(key), arguments: arguments, numbers: numberStyle)
    }
}
