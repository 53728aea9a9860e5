extension RGBAImage {
    /// The image with red, green and blue inverted (`255 - value`); alpha is kept.
    package func inverted() -> RGBAImage {
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { pixels in
            var offset = 0
            while offset < pixels.count {
                pixels[offset] = 255 - pixels[offset]
                pixels[offset + 1] = 255 - pixels[offset + 1]
                pixels[offset + 2] = 255 - pixels[offset + 2]
                offset += 4
            }
        }
        return copy
    }
}
