import Foundation
import Testing

@testable import GHUsersKit

@Suite("Image decoding")
struct ImageDecoderTests {
    static let red = RGBAImage.RGBA(red: 255, green: 0, blue: 0)
    static let green = RGBAImage.RGBA(red: 0, green: 255, blue: 0)
    static let blue = RGBAImage.RGBA(red: 0, green: 0, blue: 255)
    static let white = RGBAImage.RGBA(red: 255, green: 255, blue: 255)

    /// The quadrant colours every fixture holds: red, green / blue, white.
    static func expectQuadrants(_ image: RGBAImage, tolerance: Int = 0) {
        #expect(image.width == 8 && image.height == 8)
        for (x, y, color) in [(1, 1, red), (6, 1, green), (1, 6, blue), (6, 6, white)] {
            let pixel = image[x, y]
            let distance = max(
                abs(Int(pixel.red) - Int(color.red)), abs(Int(pixel.green) - Int(color.green)),
                abs(Int(pixel.blue) - Int(color.blue)))
            #expect(distance <= tolerance, "pixel (\(x), \(y)) is \(pixel), expected \(color)")
            #expect(pixel.alpha == 255)
        }
    }

    @Test("a PNG made by libpng decodes to its exact pixels")
    func png() throws {
        // Given the PNG fixture
        let data = try AvatarFixtures.data("quadrants.png")
        // When it is decoded
        let image = try ImageDecoder.decode(data)
        // Then every quadrant has its colour
        #expect(ImageDecoder.Format(sniffing: data) == .png)
        Self.expectQuadrants(image)
    }

    @Test("a JPEG made by libjpeg decodes to its pixels, within JPEG's loss")
    func jpeg() throws {
        let data = try AvatarFixtures.data("quadrants.jpg")
        let image = try ImageDecoder.decode(data)
        #expect(ImageDecoder.Format(sniffing: data) == .jpeg)
        Self.expectQuadrants(image, tolerance: 24)
    }

    @Test("a GIF decodes to its first frame only")
    func gif() throws {
        // Given a two-frame GIF whose second frame is all black
        let data = try AvatarFixtures.data("quadrants.gif")
        // When it is decoded
        let image = try ImageDecoder.decode(data)
        // Then the first frame's quadrants show
        Self.expectQuadrants(image)
    }

    @Test("an image over the limits is refused from its header", arguments: ["quadrants.png", "quadrants.jpg", "quadrants.gif"])
    func tooLarge(name: String) throws {
        // Given limits smaller than the 8 × 8 fixture
        let limits = ImageDecoder.Limits(maximumWidth: 4, maximumHeight: 4)
        // When it is decoded, then it is refused with its size
        #expect(throws: ImageDecodingError.tooLarge(width: 8, height: 8, limits: limits)) {
            try ImageDecoder.decode(try AvatarFixtures.data(name), limits: limits)
        }
    }

    @Test("a PNG header claiming 20000 × 20000 pixels is refused without decoding")
    func decompressionBomb() throws {
        // Given a PNG whose header says 20000 × 20000 and whose data is cut short
        let data = AvatarFixtures.pngHeader(width: 20_000, height: 20_000)
        // When it is decoded, then it is refused as too large (not as corrupt: no pixel was read)
        #expect(throws: ImageDecodingError.tooLarge(width: 20_000, height: 20_000, limits: ImageDecoder.Limits())) {
            try ImageDecoder.decode(data)
        }
    }

    @Test("a GIF whose screen is 0 pixels wide cannot take the canvas over the limits (found by fuzzing)")
    func gifScreenZeroWide() throws {
        // Given the fuzzer's GIF: screen 0 × 2,056, one 8 × 8 frame; and the same 0 × 65,535
        var data = try AvatarFixtures.data("fuzz-gif-screen-0-wide.gif")
        // When it is decoded, then the canvas (the frame's width, the screen's height) is refused
        #expect(throws: ImageDecodingError.tooLarge(width: 8, height: 2_056, limits: ImageDecoder.Limits())) {
            try ImageDecoder.decode(data)
        }
        data.replaceSubrange(8..<10, with: [0xFF, 0xFF])
        #expect(throws: ImageDecodingError.tooLarge(width: 8, height: 65_535, limits: ImageDecoder.Limits())) {
            try ImageDecoder.decode(data)
        }
    }

    @Test("bytes that are no image, or a cut-off image, are errors, not crashes")
    func corrupt() throws {
        #expect(throws: ImageDecodingError.unsupportedFormat) { try ImageDecoder.decode(Data("<html>".utf8)) }
        for name in ["quadrants.png", "quadrants.jpg", "quadrants.gif"] {
            let data = try AvatarFixtures.data(name)
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data.prefix(data.count / 2)) }
        }
    }
}
