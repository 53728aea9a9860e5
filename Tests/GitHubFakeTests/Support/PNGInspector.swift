/// Reads a PNG written with stored deflate blocks, checking every CRC and the Adler-32,
/// independently of the encoder under test.
struct PNGInspector {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    enum Failure: Error, Equatable {
        case badSignature, truncated, badCRC(String), unsupportedBlock, badLength, badAdler
    }

    let chunks: [Chunk]

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.badSignature }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure.truncated }
            let length = Int(Self.bigEndian(bytes, offset))
            guard offset + 12 + length <= bytes.count else { throw Failure.truncated }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            guard Self.bigEndian(bytes, offset + 8 + length) == Self.crc32(typeAndData) else { throw Failure.badCRC(type) }
            chunks.append(Chunk(type: type, data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    var width: Int { Int(Self.bigEndian(chunks[0].data, 0)) }
    var height: Int { Int(Self.bigEndian(chunks[0].data, 4)) }

    /// The scanlines, from the zlib stream of the IDAT chunks (stored blocks only).
    func inflated() throws -> [UInt8] {
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        var offset = 2  // zlib header
        var output: [UInt8] = []
        var isFinal = false
        while !isFinal {
            guard offset + 5 <= stream.count else { throw Failure.truncated }
            isFinal = stream[offset] & 1 == 1
            guard stream[offset] >> 1 & 3 == 0 else { throw Failure.unsupportedBlock }
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length ^ 0xFFFF == complement, offset + 5 + length <= stream.count else { throw Failure.badLength }
            output += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in output {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard offset + 4 == stream.count, Self.bigEndian(stream, offset) == b << 16 | a else { throw Failure.badAdler }
        return output
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
