@testable import ErrorFormatter

/// Writes a parsed table in the corpus's canonical JSON form (see the corpus MANIFEST): keys
/// sorted by code point, 2-space indentation, only `"`, `\` and controls escaped. Comparing
/// bytes with `expected/*.json` checks keys code-unit exactly (NFC and NFD stay two keys).
enum CanonicalJSON {
    static func serialize(_ value: PropertyListValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, level: 0, into: &out)
        out.append(0x0A)
        return out
    }

    private static func write(_ value: PropertyListValue, level: Int, into out: inout [UInt8]) {
        switch value {
        case .string(let string):
            appendQuoted(string, into: &out)
        case .data(let bytes):
            out += Array("{\"$data\": \"".utf8) + base64(bytes) + Array("\"}".utf8)
        case .array(let elements):
            guard !elements.isEmpty else { return out += Array("[]".utf8) }
            out += Array("[\n".utf8)
            for (index, element) in elements.enumerated() {
                indent(level + 1, &out)
                write(element, level: level + 1, into: &out)
                if index + 1 < elements.count { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            indent(level, &out)
            out.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return out += Array("{}".utf8) }
            out += Array("{\n".utf8)
            let entries = zip(dictionary.keys, dictionary.values).sorted { $0.0 < $1.0 }
            for (index, (key, element)) in entries.enumerated() {
                indent(level + 1, &out)
                appendQuoted(key.string, into: &out)
                out += Array(": ".utf8)
                write(element, level: level + 1, into: &out)
                if index + 1 < entries.count { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            indent(level, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func indent(_ level: Int, _ out: inout [UInt8]) {
        out += [UInt8](repeating: 0x20, count: 2 * level)
    }

    private static func appendQuoted(_ string: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for byte in chunk { value = value << 8 | UInt32(byte) }
            value <<= UInt32(8 * (3 - chunk.count))
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int(value >> UInt32(18 - 6 * position) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return out
    }
}
