// libFuzzer target for the compiled catalog reader (docs/compiled-catalog.md): the input is a
// compiled catalog file, held in memory. Built by mk/fuzz.mk with the core sources, in one
// module, so the reader's internals are driven directly. Its mutator (CompiledCatalogMutator.swift)
// changes a file part by part and lays it out again with valid checksums; the counts printed
// as the run goes say how many inputs got past the checksums to the section decoders.
//
// A crash, a sanitizer report or a failed check below is a finding: ef_catalog_open reads these
// files inside a C call, where a Swift trap kills the host process.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the run with a message libFuzzer records along with the input.
private func violated(_ message: String) -> Never {
    print("invariant violated: \(message)")
    abort()
}

/// A hostile file is a parse error, nothing else: the bytes are in memory, so nothing can be
/// unreadable, and every name the file gives is checked as part of parsing it.
private func expectParse(_ error: CatalogError, _ what: String) {
    if error.kind != .parse { violated("\(what): \(error.kind) instead of .parse: \(error)") }
}

/// `bytes` with every checksum the directory names made right, as far as the directory can be
/// walked: most mutations would otherwise stop at a checksum, and the decoders behind them would
/// see few inputs.
private func withChecksumsRepaired(_ bytes: [UInt8]) -> [UInt8]? {
    let format = CompiledCatalogFormat.self
    guard bytes.count >= format.headerSize + format.checksumSize else { return nil }
    var header = CompiledDecoder(Array(bytes[24..<32]), part: "", file: nil)
    guard let length = try? header.u32(), let count = try? header.u32() else { return nil }
    let end = format.headerSize + Int(length)
    guard end + format.checksumSize <= bytes.count else { return nil }
    var repaired = bytes
    var directory = CompiledDecoder(Array(bytes[format.headerSize..<end]), part: "", file: nil)
    _ = try? directory.string()
    for _ in 0..<min(Int(count), format.maximumSectionCount) {
        guard (try? directory.u8()) != nil, (try? directory.string()) != nil,
              let offset = try? directory.u64(), let size = try? directory.u64() else { break }
        let at = format.headerSize + directory.position
        guard (try? directory.u32()) != nil else { break }
        guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else { continue }
        var checksum = CompiledEncoder()
        checksum.u32(CRC32C.checksum(bytes[Int(offset)..<Int(offset + size)]))
        repaired.replaceSubrange(at..<(at + 4), with: checksum.bytes)
    }
    var checksum = CompiledEncoder()
    checksum.u32(CRC32C.checksum(repaired[0..<end]))
    repaired.replaceSubrange(end..<(end + 4), with: checksum.bytes)
    return repaired
}

/// What the inputs reached, counted over the run and printed at each power of two from 1,024
/// inputs: files whose header and directory were accepted, and sections read past their
/// checksum (decoded whole or refused by a decoder) or refused by it.
private struct Reach {
    var inputs = 0
    var opened = 0
    var pastChecksum = 0
    var decoded = 0
    var checksumRefused = 0

    mutating func count(_ error: CatalogError?) {
        guard let error else {
            pastChecksum += 1
            decoded += 1
            return
        }
        if error.message.contains("do not match their checksum") {
            checksumRefused += 1
        } else if error.kind == .parse {
            pastChecksum += 1
        }
    }

    mutating func inputDone() {
        inputs += 1
        guard inputs >= 1_024, inputs & (inputs - 1) == 0 else { return }
        print("compiled reach: \(inputs) inputs, \(opened) opened; sections: \(pastChecksum) past their checksum "
            + "(\(decoded) decoded whole), \(checksumRefused) refused by it")
    }
}

nonisolated(unsafe) private var reach = Reach()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiledCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    read(bytes)
    if let repaired = withChecksumsRepaired(bytes), repaired != bytes { read(repaired) }
    reach.inputDone()
    return 0
}

/// Everything a reader does with a file, with the checks on what it may answer.
private func read(_ bytes: [UInt8]) {
    let file: CompiledCatalogFile
    do {
        file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
    } catch {
        expectParse(error, "open")
        return
    }
    reach.opened += 1
    checkCatalogs(file)
    // Each section on its own, as a catalog loading on first use reads them; what decodes is
    // written again (what Catalog.compiled() does, without building a catalog: the catalog's own
    // preparation is fuzzed by the other targets), and that file reads back to the same bytes.
    checkNegotiation(file)
    let diagnostics: [Diagnostic]
    do {
        diagnostics = try file.storedDiagnostics()
        reach.count(nil)
    } catch {
        expectParse(error, "the catalog section")
        reach.count(error)
        return
    }
    let storedRefusal: CatalogError?
    do {
        storedRefusal = try file.storedStrictRefusal()
    } catch {
        expectParse(error, "the strict refusal section")
        return
    }
    var tables: [String: [String: StringTable]] = [:]
    for localization in [Catalog.unlocalized] + file.localizations {
        do {
            let read = try file.tables(ofLocalization: localization)
            reach.count(nil)
            read.values.forEach(checkLookupsInPlace)
            tables[localization] = read
        } catch {
            if error.kind != .invalidArgument || localization != Catalog.unlocalized {
                expectParse(error, localization)
                reach.count(error)
            }
        }
    }
    do {
        let once = try CompiledCatalogWriter.bytes(tables: tables, developmentLocale: file.developmentLocale,
                                                   diagnostics: diagnostics, negotiation: file.negotiation,
                                                   strictRefusal: storedRefusal)
        let reread = try CompiledCatalogFile(source: InMemoryByteSource(once))
        var again: [String: [String: StringTable]] = [:]
        for localization in [Catalog.unlocalized] + reread.localizations where reread.section(named: localization) != nil {
            again[localization] = try reread.tables(ofLocalization: localization)
        }
        // What the file said of the localizations that decoded is written and read back as it was.
        if let stored = file.negotiation {
            let kept = Set(CompiledNegotiationSection.describedNames(reread.localizations))
            if reread.negotiation?.tables ?? [:] != stored.tables.filter({ kept.contains($0.key) }) {
                violated("the negotiation section read back differs")
            }
        }
        let twice = try CompiledCatalogWriter.bytes(tables: again, developmentLocale: reread.developmentLocale,
                                                    diagnostics: try reread.storedDiagnostics(),
                                                    negotiation: reread.negotiation,
                                                    strictRefusal: try reread.storedStrictRefusal())
        if once != twice { violated("a compiled catalog read back compiles to other bytes") }
    } catch {
        violated("what a valid directory's sections decoded to cannot be compiled and read back: \(error)")
    }
}

/// A negotiation section this process uses describes exactly the localizations but `""` and
/// `Base`, and whatever it says, negotiating from it answers with indices of what was offered.
private func checkNegotiation(_ file: CompiledCatalogFile) {
    guard let negotiation = file.negotiation else { return }
    let described = CompiledNegotiationSection.describedNames(file.localizations)
    if Set(negotiation.tables.keys) != Set(described) { violated("the negotiation section describes other names") }
    for preferences in [["fr-CA"], ["zh-TW", "en"], described.prefix(1).map { $0 }] {
        let result = negotiation.negotiate(preferences: preferences, available: described)
        if !result.entries.allSatisfy({ described.indices.contains($0.index) }) {
            violated("negotiation chose a localization it was not offered")
        }
    }
}

/// The catalog a lenient open makes of the file, whole and on first use, and a strict open: the
/// same diagnostics and strict refusal both lenient ways, every diagnostic kebab-case and one
/// line, every value holding U+0000 reported, and a strict open that fails exactly when a
/// lenient one found a refusal, with it.
private func checkCatalogs(_ file: CompiledCatalogFile) {
    let whole: Catalog
    let onFirstUse: Catalog
    do {
        whole = try Catalog.open(compiled: file)
        onFirstUse = try Catalog.openOnFirstUse(compiled: file)
    } catch {
        expectParse(error, "a lenient open")
        return
    }
    if whole.diagnostics != onFirstUse.diagnostics { violated("the diagnostics differ whole and on first use") }
    if whole.strictRefusal != onFirstUse.strictRefusal { violated("the strict refusals differ whole and on first use") }
    for diagnostic in whole.diagnostics {
        let texts = [diagnostic.code, diagnostic.message, diagnostic.file ?? "", diagnostic.key ?? ""]
        if !DiagnosticCode.isKebabCase(diagnostic.code)
            || texts.contains(where: { $0.unicodeScalars.contains(where: MessageEscaping.needsEscaping) })
        {
            violated("a diagnostic that is not kebab-case and one line: \(diagnostic)")
        }
    }
    let reported = whole.diagnostics.filter { $0.code == NULInValue.code }.count
    let holding = ([Catalog.unlocalized] + whole.localizations).reduce(0) { count, localization in
        count + whole.tableNames(localization: localization).reduce(0) { count, name in
            count + (whole.table(name, localization: localization)?.keysHoldingNUL.count ?? 0)
        }
    }
    if reported < holding { violated("\(holding) values hold U+0000, \(reported) are reported") }
    if holding > 0, whole.strictRefusal == nil { violated("values hold U+0000 and a strict open would succeed") }
    do {
        _ = try Catalog.open(compiled: file, strict: true)
        if let refusal = whole.strictRefusal { violated("a strict open succeeded where a lenient one found \(refusal)") }
    } catch {
        if error != whole.strictRefusal { violated("a strict open failed with \(error), a lenient one found \(String(describing: whole.strictRefusal))") }
    }
}

/// A table read in place answers every key as its decoded entries do (the same text, byte for
/// byte, or none for a value that is not a string), by key and by the key's bytes, and a key it
/// does not have is answered with nothing.
private func checkLookupsInPlace(_ table: StringTable) {
    guard table.isReadInPlace else { violated("a compiled table is not read in place") }
    let secrets = KeyedHash.secrets
    var probes: [TableKey] = []
    for key in table.entries.keys.prefix(64) {
        probes.append(key)
        probes.append(TableKey(key.string + "\u{0}"))
        if !key.string.isEmpty { probes.append(TableKey(String(key.string.utf8.dropLast()) ?? "")) }
    }
    probes.append(TableKey(""))
    for key in probes {
        let expected = table.entries[key]?.stringValue
        var bytes = key.string
        let byBytes = bytes.withUTF8 { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            return table.string(forKeyBytes: raw, hash: PropertyListKeyIndex.hash(ofBytes: raw, secrets: secrets))
        }
        let byKey = table.plainString(forKey: key)
        for answer in [byBytes, byKey] where !(answer?.utf8.elementsEqual(expected?.utf8 ?? "".utf8) ?? (expected == nil)) {
            violated("a lookup in place answers \(String(describing: answer)) for \(key), decoded \(String(describing: expected))")
        }
    }
    // The walk notes the values holding U+0000 that the decoded entries hold.
    let decodedNULs = table.entries.compactMap { key, value in value.stringValue?.utf8.contains(0) == true ? key : nil }
    let formatNULs = Set(table.variables.compactMap { $0.value.holdsNUL ? $0.key : nil }).subtracting(decodedNULs)
    if table.keysHoldingNUL != decodedNULs + formatNULs.sorted() {
        violated("the walk noted \(table.keysHoldingNUL) holding U+0000, the decoded table \(decodedNULs)")
    }
}
