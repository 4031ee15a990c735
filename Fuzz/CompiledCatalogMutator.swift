// libFuzzer's custom mutator for the `compiled` target (CompiledCatalogFuzz.swift): mutates a
// compiled catalog file by its parts, then writes it out again with every offset, length and
// checksum right, so that what changed inside a section reaches that section's decoder.
//
// libFuzzer's own mutations flip, insert and erase bytes anywhere: most of them land in a
// section, and a section whose bytes changed no longer matches its checksum; one that grew or
// shrank also moves every section after it, which the directory then contradicts. Repairing
// the checksums of the result (what the harness does too) reaches the decoders only when no
// length changed. Here the file is taken apart first (header, directory, sections), one part
// is mutated by libFuzzer (a section's bytes, a name, a kind, the version, the order of the
// sections), and the file is laid out again, so that every lie a section can tell is told with
// valid checksums. One input in five is still mutated whole, as bytes, for the header's and the
// directory's own checks. With EF_FUZZ_PLAIN_MUTATIONS set, every input is mutated whole, as
// libFuzzer would without this file: what the reach the harness prints is compared with.

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's mutation of `size` bytes at `data` (room for `maxSize`): the new size.
@_extern(c, "LLVMFuzzerMutate")
private func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// `bytes` mutated by libFuzzer, at most `maxSize` bytes long.
private func mutated(_ bytes: [UInt8], maxSize: Int) -> [UInt8] {
    var buffer = bytes + [UInt8](repeating: 0, count: max(0, maxSize - bytes.count))
    let size = buffer.withUnsafeMutableBufferPointer { memory in
        memory.baseAddress.map { libFuzzerMutate($0, min(bytes.count, memory.count), memory.count) } ?? 0
    }
    return Array(buffer.prefix(size))
}

/// A compiled catalog taken apart: what the header and directory say, and each section's bytes
/// (as far as the file holds them). Names are kept as bytes: a mutated one need not be UTF-8.
private struct CompiledFileParts {
    var minor: UInt16
    var developmentLocale: [UInt8]
    var sections: [(kind: UInt8, name: [UInt8], bytes: [UInt8])]

    /// The parts of `bytes`, when its header and directory can be walked (their checksums
    /// unchecked: an input that lies there is still taken apart).
    init?(_ bytes: [UInt8]) {
        let format = CompiledCatalogFormat.self
        guard bytes.count >= format.headerSize, bytes.starts(with: format.magic) else { return nil }
        var header = CompiledDecoder(Array(bytes[12..<format.headerSize]), part: "", file: nil)
        guard (try? header.u16()) != nil, let minor = try? header.u16(), (try? header.u64()) != nil,
              let length = try? header.u32(), let count = try? header.u32(),
              Int(length) <= bytes.count - format.headerSize, count <= UInt32(format.maximumSectionCount + 2)
        else { return nil }
        var directory = CompiledDecoder(Array(bytes[format.headerSize..<(format.headerSize + Int(length))]), part: "", file: nil)
        guard let locale = Self.string(&directory) else { return nil }
        self.minor = minor
        developmentLocale = locale
        sections = []
        for _ in 0..<count {
            guard let kind = try? directory.u8(), let name = Self.string(&directory), let offset = try? directory.u64(),
                  let size = try? directory.u64(), (try? directory.u32()) != nil
            else { return nil }
            let start = Int(min(offset, UInt64(bytes.count)))
            let end = Int(min(offset &+ min(size, UInt64(bytes.count)), UInt64(bytes.count)))
            sections.append((kind, name, start < end ? Array(bytes[start..<end]) : []))
        }
    }

    private static func string(_ decoder: inout CompiledDecoder) -> [UInt8]? {
        guard let length = try? decoder.u32(), Int(length) <= decoder.remaining else { return nil }
        var bytes: [UInt8] = []
        for _ in 0..<length {
            guard let byte = try? decoder.u8() else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// The file laid out again: sections one after the other, every offset, length and checksum
    /// right.
    var bytes: [UInt8] {
        let format = CompiledCatalogFormat.self
        var directory = CompiledEncoder()
        directory.u32(UInt32(developmentLocale.count))
        directory.raw(developmentLocale)
        let size = directory.bytes.count + sections.reduce(0) { $0 + 25 + $1.name.count }
        var offset = UInt64(format.headerSize + size + format.checksumSize)
        for section in sections {
            directory.u8(section.kind)
            directory.u32(UInt32(section.name.count))
            directory.raw(section.name)
            directory.u64(offset)
            directory.u64(UInt64(section.bytes.count))
            directory.u32(CRC32C.checksum(section.bytes))
            offset += UInt64(section.bytes.count)
        }
        var file = CompiledEncoder()
        file.raw(format.magic)
        file.u32(format.byteOrderMark)
        file.u16(format.majorVersion)
        file.u16(minor)
        file.u64(offset)
        file.u32(UInt32(directory.bytes.count))
        file.u32(UInt32(sections.count))
        file.raw(directory.bytes)
        file.u32(CRC32C.checksum(file.bytes))
        for section in sections { file.raw(section.bytes) }
        return file.bytes
    }
}

/// Whether the run asked for libFuzzer's own mutations only.
private let plainMutationsOnly = getenv("EF_FUZZ_PLAIN_MUTATIONS") != nil

@_cdecl("LLVMFuzzerCustomMutator")
public func mutateCompiledCatalog(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data, size >= 0, maxSize >= size else { return 0 }
    var random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Int(random % UInt64(max(bound, 1)))
    }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard !plainMutationsOnly, next(5) != 0, var parts = CompiledFileParts(bytes), !parts.sections.isEmpty else {
        return libFuzzerMutate(data, size, maxSize)
    }
    let index = next(parts.sections.count)
    // What the other sections take leaves the room one of them may grow into.
    let room = max(0, maxSize - (bytes.count - parts.sections[index].bytes.count))
    switch next(8) {
    case 0..<4:
        parts.sections[index].bytes = mutated(parts.sections[index].bytes, maxSize: room)
    case 4:
        parts.sections[index].name = mutated(parts.sections[index].name, maxSize: 128)
    case 5:
        parts.developmentLocale = mutated(parts.developmentLocale, maxSize: 128)
    case 6:
        switch next(3) {
        case 0: parts.sections[index].kind = UInt8(next(5))
        case 1: parts.minor = UInt16(next(3))
        default: parts.sections.swapAt(index, next(parts.sections.count))
        }
    default:
        if next(2) == 0 {
            parts.sections.remove(at: index)
        } else {
            parts.sections.insert(parts.sections[index], at: next(parts.sections.count + 1))
        }
    }
    let laidOut = parts.bytes
    guard laidOut.count <= maxSize else { return libFuzzerMutate(data, size, maxSize) }
    laidOut.withUnsafeBufferPointer { source in
        if let base = source.baseAddress { data.update(from: base, count: source.count) }
    }
    return laidOut.count
}
