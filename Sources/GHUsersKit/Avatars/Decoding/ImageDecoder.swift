import Foundation

/// Decodes PNG, JPEG and GIF (its first frame) into ``RGBAImage`` with the system's libpng,
/// libjpeg-turbo and giflib.
///
/// The format is told by the first bytes, not by a URL or a `Content-Type`. Every decoder
/// reads the image's size from its header first and refuses an image over ``Limits`` before a
/// single pixel is decoded, so a small file that claims 20000 × 20000 pixels (a decompression
/// bomb) costs nothing.
package enum ImageDecoder {
    /// The largest image decoded.
    package struct Limits: Sendable, Hashable {
        /// Widest image: 2,048 pixels by default.
        package var maximumWidth: Int
        /// Highest image: 2,048 pixels by default.
        package var maximumHeight: Int

        /// Creates limits; the defaults are 2,048 × 2,048 (16 MiB decoded).
        package init(maximumWidth: Int = 2_048, maximumHeight: Int = 2_048) {
            self.maximumWidth = maximumWidth
            self.maximumHeight = maximumHeight
        }

        func check(width: Int, height: Int) throws {
            guard width > 0, height > 0 else { throw ImageDecodingError.corrupt("the image has no pixels") }
            guard width <= maximumWidth, height <= maximumHeight else {
                throw ImageDecodingError.tooLarge(width: width, height: height, limits: self)
            }
        }
    }

    /// The formats understood.
    package enum Format: String, Sendable {
        case png, jpeg, gif

        /// The format whose signature starts `data`, if any.
        package init?(sniffing data: Data) {
            let bytes = [UInt8](data.prefix(8))
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else {
                return nil
            }
        }
    }

    /// Decodes `data`, whatever of the three formats it is.
    ///
    /// - Throws: ``ImageDecodingError``.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package static func decode(_ data: Data, limits: Limits = Limits()) throws -> RGBAImage {
        switch Format(sniffing: data) {
        case .png: try decodePNG(data, limits: limits)
        case .jpeg: try decodeJPEG(data, limits: limits)
        case .gif: try decodeGIF(data, limits: limits)
        case nil: throw ImageDecodingError.unsupportedFormat
        }
    }
}
