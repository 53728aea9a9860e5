import Foundation

/// The image fixtures in Tests/Fixtures/avatars (made by its make-fixtures.c with libpng,
/// libjpeg and giflib), and PNG headers made here.
enum AvatarFixtures {
    static let directory = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("avatars")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// A PNG signature and a valid `IHDR` for `width` × `height` RGBA, then an `IDAT` cut short:
    /// what a decompression bomb looks like up to the point where a decoder must refuse it.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            bytes += UInt32(body.count).bigEndianBytes + typed + crc32(typed).bigEndianBytes
        }
        chunk("IHDR", width.bigEndianBytes + height.bigEndianBytes + [8, 6, 0, 0, 0])
        bytes += UInt32(1 << 20).bigEndianBytes + Array("IDAT".utf8) + [0x78, 0x9C]
        return Data(bytes)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension UInt32 {
    fileprivate var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8((self >> 16) & 0xFF), UInt8((self >> 8) & 0xFF), UInt8(self & 0xFF)] }
}
