/// The strict refusal section of a compiled catalog (kind 3, since format 1.1): what a strict
/// open of the catalog's sources failed with (``Catalog/strictRefusal``), written when the
/// catalog was opened leniently past a broken table, an unreadable file or a value holding
/// U+0000. A strict open of the file fails with it, as a strict open of the sources does; a
/// lenient open has the same diagnostics either way and reads nothing more.
///
/// Layout: the status (`u8`: 0 `EF_E_PARSE`, 1 `EF_E_IO`), the message (string), the file
/// (optional string), the line and the column (`u32` each, 0 when unknown); nothing after.
enum CompiledStrictRefusalSection {
    typealias Format = CompiledCatalogFormat

    /// The section for `refusal`; `nil` for a status that does not refuse a strict open.
    static func bytes(_ refusal: CatalogError) throws(CatalogError) -> [UInt8]? {
        guard let status = Format.code(of: refusal.kind) else { return nil }
        var encoder = CompiledEncoder()
        encoder.u8(status)
        try encoder.string(refusal.message)
        try encoder.optionalString(refusal.file)
        encoder.clamped(refusal.line)
        encoder.clamped(refusal.column)
        return encoder.bytes
    }

    /// The refusal the section holds; its message and file come out escaped, one line each, as
    /// every ``CatalogError``'s do.
    static func refusal(_ decoder: inout CompiledDecoder) throws(CatalogError) -> CatalogError {
        let status = try decoder.u8()
        guard let kind = Format.refusalKind(code: status) else {
            throw decoder.failure("unknown status \(status)")
        }
        let refusal = CatalogError(kind: kind, message: try decoder.string(), file: try decoder.optionalString(),
                                   line: try decoder.number(), column: try decoder.number())
        try decoder.expectEnd()
        return refusal
    }
}
