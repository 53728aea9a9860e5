import Testing

@testable import GHUsersKit

@Suite("Resize and invert")
struct ImageTransformTests {
    @Test("area averaging shrinks each quadrant to its own colour")
    func shrink() throws {
        // Given the 8 × 8 quadrants
        let image = try ImageDecoder.decode(try AvatarFixtures.data("quadrants.png"))
        // When it is shrunk to 2 × 2
        let small = image.resized(width: 2, height: 2)
        // Then each pixel is its quadrant's colour
        #expect(small[0, 0] == ImageDecoderTests.red)
        #expect(small[1, 0] == ImageDecoderTests.green)
        #expect(small[0, 1] == ImageDecoderTests.blue)
        #expect(small[1, 1] == ImageDecoderTests.white)
    }

    @Test("area averaging weighs partly covered pixels by the area they cover")
    func fractionalCoverage() {
        // Given a 3 × 1 image: black, white, black
        let black = RGBAImage.RGBA(red: 0, green: 0, blue: 0)
        var image = RGBAImage(width: 3, height: 1, filledWith: black)
        image[1, 0] = ImageDecoderTests.white
        // When it is shrunk to 2 × 1, each target pixel covers 1.5 source pixels
        let small = image.resized(width: 2, height: 1)
        // Then each is one third white: 255 × 0.5 / 1.5 = 85
        #expect(small[0, 0] == RGBAImage.RGBA(red: 85, green: 85, blue: 85))
        #expect(small[1, 0] == RGBAImage.RGBA(red: 85, green: 85, blue: 85))
    }

    @Test("transparent pixels do not darken their neighbours")
    func premultiplied() {
        // Given a red pixel beside a fully transparent black one
        var image = RGBAImage(width: 2, height: 1, filledWith: RGBAImage.RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        image[0, 0] = ImageDecoderTests.red
        // When both are averaged into one
        let pixel = image.resized(width: 1, height: 1)[0, 0]
        // Then the colour stays red, half covered
        #expect(pixel == RGBAImage.RGBA(red: 255, green: 0, blue: 0, alpha: 128))
    }

    @Test("enlarging repeats pixels")
    func enlarge() {
        let image = RGBAImage(width: 1, height: 1, filledWith: ImageDecoderTests.blue)
        #expect(image.resized(width: 3, height: 2) == RGBAImage(width: 3, height: 2, filledWith: ImageDecoderTests.blue))
    }

    @Test("inverting flips colours, keeps alpha, and twice gives the image back")
    func invert() {
        // Given a half-transparent orange
        let image = RGBAImage(width: 2, height: 2, filledWith: RGBAImage.RGBA(red: 255, green: 128, blue: 0, alpha: 100))
        // When it is inverted
        let inverted = image.inverted()
        // Then it is a half-transparent azure, and inverting again restores it
        #expect(inverted[1, 1] == RGBAImage.RGBA(red: 0, green: 127, blue: 255, alpha: 100))
        #expect(inverted.inverted() == image)
    }
}
