extension RGBAImage {
    /// The image scaled to `width × height` with an area-averaging (box) filter: each target
    /// pixel is the average of the source area it covers, partly covered source pixels weighted
    /// by the covered fraction. Colours are averaged premultiplied by alpha, so transparent
    /// pixels do not darken the edges. Works for shrinking and enlarging.
    ///
    /// - Precondition: `width` and `height` are at least 1 and the image is not empty.
    package func resized(width targetWidth: Int, height targetHeight: Int) -> RGBAImage {
        precondition(targetWidth > 0 && targetHeight > 0 && width > 0 && height > 0, "RGBAImage.resized: sizes must be positive")
        if targetWidth == width && targetHeight == height { return self }
        let columns = Self.coverage(source: width, target: targetWidth)
        let rows = Self.coverage(source: height, target: targetHeight)
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        pixels.withUnsafeBufferPointer { source in
            for (ty, rowSpans) in rows.enumerated() {
                for (tx, columnSpans) in columns.enumerated() {
                    var sum: (r: Double, g: Double, b: Double, a: Double) = (0, 0, 0, 0)
                    var area = 0.0
                    for (sy, wy) in rowSpans {
                        for (sx, wx) in columnSpans {
                            let weight = wx * wy
                            let offset = (sy * width + sx) * 4
                            let alpha = Double(source[offset + 3]) * weight
                            sum.r += Double(source[offset]) * alpha
                            sum.g += Double(source[offset + 1]) * alpha
                            sum.b += Double(source[offset + 2]) * alpha
                            sum.a += alpha
                            area += weight
                        }
                    }
                    let target = (ty * targetWidth + tx) * 4
                    if sum.a > 0 {
                        output[target] = Self.clamp(sum.r / sum.a)
                        output[target + 1] = Self.clamp(sum.g / sum.a)
                        output[target + 2] = Self.clamp(sum.b / sum.a)
                    }
                    output[target + 3] = Self.clamp(sum.a / area)
                }
            }
        }
        return RGBAImage(width: targetWidth, height: targetHeight, pixels: output)
    }

    /// For each target index, the source indices it covers and how much of each (0...1].
    private static func coverage(source: Int, target: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * scale
            let end = Double(index + 1) * scale
            var spans: [(Int, Double)] = []
            var position = Int(start)
            while Double(position) < end && position < source {
                let covered = min(end, Double(position + 1)) - max(start, Double(position))
                if covered > 1e-9 { spans.append((position, covered)) }
                position += 1
            }
            return spans
        }
    }

    private static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
