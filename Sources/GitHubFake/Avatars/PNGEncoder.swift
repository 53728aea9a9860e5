/// A minimal PNG encoder: 8-bit RGB, no interlacing, image data in *stored* (uncompressed)
/// deflate blocks.
///
/// A test server needs valid PNGs, not small ones, so this writes the format by hand
/// instead of linking libpng or zlib:
///
/// - the 8-byte signature, then the chunks `IHDR`, `IDAT` and `IEND`, each as
///   length (big-endian), type, data and the CRC-32 of type and data (ISO 3309, polynomial
///   `0xEDB88320` reflected);
/// - `IDAT` holds a zlib stream (RFC 1950): header `78 01`, deflate blocks of type 0 (RFC 1951
///   §3.2.4: a header byte, `LEN` and its complement `NLEN`, little-endian, then at most 65,535
///   raw bytes), then the Adler-32 of the uncompressed data (big-endian);
/// - each scanline starts with filter type 0 (none).
///
/// A 460 × 460 image is about 635 KB.
enum PNGEncoder {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes an image given as rows of `width` RGB triples, top row first.
    /// - Precondition: `rgb.count == width * height * 3`, with `width` and `height` at least 1.
    static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "PNGEncoder: rgb must hold width × height RGB triples")
        let rowBytes = width * 3
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * height)
        for row in 0..<height {
            scanlines.append(0)  // filter type: none
            scanlines.append(contentsOf: rgb[(row * rowBytes)..<((row + 1) * rowBytes)])
        }

        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // bit depth 8, colour type RGB, deflate, filter 0, no interlace

        var png = signature
        png.reserveCapacity(scanlines.count + scanlines.count / 65_535 * 5 + 64)
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(scanlines), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A zlib stream holding `data` in stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let maxBlock = 65_535
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KB window, no preset dictionary, check bits
        out.reserveCapacity(data.count + (data.count / maxBlock + 1) * 5 + 6)
        var offset = 0
        repeat {
            let length = min(maxBlock, data.count - offset)
            let isFinal = offset + length == data.count
            out.append(isFinal ? 1 : 0)  // BFINAL, BTYPE = 00 (stored)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            out.append(contentsOf: data[offset..<(offset + length)])
            offset += length
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    /// Adler-32 (RFC 1950 §8.2).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        // 5,552 is the largest run for which b cannot overflow before the modulo.
        while index < data.count {
            let end = min(data.count, index + 5_552)
            while index < end {
                a &+= UInt32(data[index])
                b &+= a
                index += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }

    /// CRC-32 as PNG and zlib use it.
    static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes, initial: UInt32 = 0) -> UInt32 {
        var crc = ~initial
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        png.appendBigEndian(crc32(data, initial: crc32(typeBytes)))
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
