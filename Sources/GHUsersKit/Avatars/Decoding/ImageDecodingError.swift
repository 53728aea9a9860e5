import Foundation

/// Why an image was not decoded.
package enum ImageDecodingError: Error, Equatable {
    /// Not PNG, JPEG or GIF.
    case unsupportedFormat
    /// Larger than the limits; refused before decoding.
    case tooLarge(width: Int, height: Int, limits: ImageDecoder.Limits)
    /// The library could not read it.
    case corrupt(String)
}

extension ImageDecodingError: LocalizedError {
    package var errorDescription: String? {
        switch self {
        case .unsupportedFormat:
            "the image is not a PNG, JPEG or GIF"
        case .tooLarge(let width, let height, let limits):
            "the image is \(width)×\(height) pixels, larger than the \(limits.maximumWidth)×\(limits.maximumHeight) allowed; refused without decoding it"
        case .corrupt(let reason):
            "the image cannot be decoded (\(reason))"
        }
    }
}
