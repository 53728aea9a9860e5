/// A decoded image: `width × height` pixels of 8-bit red, green, blue and alpha (not
/// premultiplied), rows top to bottom with no padding.
package struct RGBAImage: Sendable, Hashable {
    /// Pixels per row.
    package var width: Int
    /// Rows.
    package var height: Int
    /// `width × height × 4` bytes.
    package var pixels: [UInt8]

    /// Creates an image from its pixels.
    ///
    /// - Precondition: `pixels.count == width * height * 4`.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBAImage: pixels must hold width × height RGBA quadruples")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    package init(width: Int, height: Int, filledWith color: RGBA) {
        self.init(width: width, height: height, pixels: Array([color.red, color.green, color.blue, color.alpha].repeatedForEach(count: width * height)))
    }

    /// The pixel at column `x`, row `y`.
    package subscript(x: Int, y: Int) -> RGBA {
        get {
            let offset = (y * width + x) * 4
            return RGBA(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
        }
        set {
            let offset = (y * width + x) * 4
            pixels[offset] = newValue.red
            pixels[offset + 1] = newValue.green
            pixels[offset + 2] = newValue.blue
            pixels[offset + 3] = newValue.alpha
        }
    }

    /// The bytes the image holds in memory, its cost in a ``Cache``.
    package var byteCount: Int { pixels.count }

    /// One pixel.
    package struct RGBA: Sendable, Hashable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var alpha: UInt8

        /// Creates a colour; opaque unless `alpha` says otherwise.
        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }
}

extension Array {
    fileprivate func repeatedForEach(count: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(self.count * count)
        for _ in 0..<count { result.append(contentsOf: self) }
        return result
    }
}
