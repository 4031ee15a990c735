"""A compiled catalog taken apart and laid out again with every offset, length and checksum
right (docs/compiled-catalog.md, "Layout"): what the tests use to make a file that lies past its
checksums, as a hostile writer can."""
import struct

MAGIC = b"\x89EFC\r\n\x1a\n"


def _crc32c_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc = (crc >> 8) ^ _TABLE[(crc ^ byte) & 0xFF]
    return crc ^ 0xFFFFFFFF


def string(text: str) -> bytes:
    data = text.encode()
    return struct.pack("<I", len(data)) + data


class Parts:
    """The header's minor version, the development locale and the sections (kind, name, bytes)."""

    def __init__(self, data: bytes) -> None:
        assert data[:8] == MAGIC
        self.minor = struct.unpack_from("<H", data, 14)[0]
        directory_length, count = struct.unpack_from("<II", data, 24)
        position = 32
        length = struct.unpack_from("<I", data, position)[0]
        self.development_locale = data[position + 4:position + 4 + length]
        position += 4 + length
        self.sections = []
        for _ in range(count):
            kind = data[position]
            length = struct.unpack_from("<I", data, position + 1)[0]
            name = data[position + 5:position + 5 + length]
            position += 5 + length
            offset, size, _ = struct.unpack_from("<QQI", data, position)
            position += 20
            self.sections.append([kind, name, data[offset:offset + size]])

    def section(self, kind: int, name: bytes = b"") -> list:
        return next(section for section in self.sections if section[0] == kind and section[1] == name)

    def bytes(self) -> bytes:
        directory = struct.pack("<I", len(self.development_locale)) + self.development_locale
        size = len(directory) + sum(25 + len(name) for _, name, _ in self.sections)
        offset = 32 + size + 4
        for kind, name, data in self.sections:
            directory += bytes([kind]) + struct.pack("<I", len(name)) + name
            directory += struct.pack("<QQI", offset, len(data), crc32c(data))
            offset += len(data)
        header = MAGIC + struct.pack("<IHHQII", 0x0A0B0C0D, 1, self.minor, offset, len(directory), len(self.sections))
        head = header + directory
        return head + struct.pack("<I", crc32c(head)) + b"".join(data for _, _, data in self.sections)
