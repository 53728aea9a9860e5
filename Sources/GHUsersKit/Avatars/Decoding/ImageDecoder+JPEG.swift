import CImaging
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImageDecoder {
    /// Decodes a JPEG with libjpeg-turbo (straight to RGBA); the C side is in `CImaging/JPEGDecoder.c`.
    static func decodeJPEG(_ data: Data, limits: Limits) throws -> RGBAImage {
        var jpeg = try ImageLibraries.jpeg.get()
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBytes { bytes in
            cimaging_jpeg_decode_rgba(
                &jpeg, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                UInt32(clamping: limits.maximumWidth), UInt32(clamping: limits.maximumHeight),
                &pixels, &width, &height, &message, message.count)
        }
        defer { free(pixels) }
        switch Int(status) {
        case Int(CJPEG_OK):
            guard let pixels else { throw ImageDecodingError.corrupt("no pixels") }
            try limits.check(width: Int(width), height: Int(height))
            let count = Int(width) * Int(height) * 4
            return RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        case Int(CJPEG_TOO_LARGE):
            throw ImageDecodingError.tooLarge(width: Int(width), height: Int(height), limits: limits)
        case Int(CJPEG_NO_MEMORY):
            throw ImageDecodingError.corrupt("out of memory")
        default:
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ImageDecodingError.corrupt(text.isEmpty ? "libjpeg error" : text)
        }
    }
}
