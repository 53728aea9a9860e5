import CImaging
import Foundation

extension ImageDecoder {
    /// Decodes a PNG with libpng's simplified API (`png_image_*`), any colour type converted to
    /// RGBA8.
    static func decodePNG(_ data: Data, limits: Limits) throws -> RGBAImage {
        let png = try ImageLibraries.png.get()
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png.free(&image) }
        let begun = data.withUnsafeBytes { bytes in
            png.begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        }
        guard begun != 0 else { throw ImageDecodingError.corrupt(message(of: image)) }
        try limits.check(width: Int(image.width), height: Int(image.height))
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
        let width = Int(image.width)
        let height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png.finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else { throw ImageDecodingError.corrupt(message(of: image)) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        var message = image.message
        return withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
