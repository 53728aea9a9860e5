/// Draws the fake's avatars: a GitHub-style identicon, a 5 × 5 grid mirrored left to right,
/// in a colour derived from the user id on a light grey background.
///
/// The same id and size always give the same bytes.
enum IdenticonRenderer {
    /// Changes whenever the drawing changes, so that avatar ETags change with it.
    static let version = 1
    /// GitHub's largest avatar size, and the default.
    static let maxSize = 460

    /// The PNG of user `id` at `size` × `size` pixels.
    static func png(id: Int, size: Int) -> [UInt8] {
        let size = min(maxSize, max(1, size))
        let hash = mix(UInt64(bitPattern: Int64(id)))
        let foreground = colour(hue: Int(hash % 360))
        let background: [UInt8] = [240, 240, 240]
        // Bits 8...22 choose the 15 cells of the left three columns.
        let cells = (0..<5).map { row in
            (0..<5).map { column in
                let mirrored = column < 3 ? column : 4 - column
                return (hash >> UInt64(8 + row * 3 + mirrored)) & 1 == 1
            }
        }

        var rgb: [UInt8] = []
        rgb.reserveCapacity(size * size * 3)
        var rowCache: [Int: [UInt8]] = [:]
        for y in 0..<size {
            let gridRow = y * 5 / size
            if rowCache[gridRow] == nil {
                var line: [UInt8] = []
                line.reserveCapacity(size * 3)
                for x in 0..<size {
                    line.append(contentsOf: cells[gridRow][x * 5 / size] ? foreground : background)
                }
                rowCache[gridRow] = line
            }
            rgb.append(contentsOf: rowCache[gridRow]!)
        }
        return PNGEncoder.encode(width: size, height: size, rgb: rgb)
    }

    /// SplitMix64's finaliser: spreads the bits of consecutive ids.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A saturated, mid-light colour of this hue (HSL with S = 0.6, L = 0.5).
    private static func colour(hue: Int) -> [UInt8] {
        let chroma = 0.6
        let h = Double(hue) / 60
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch hue / 60 {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = 0.5 - chroma / 2
        return [r, g, b].map { UInt8(min(255, max(0, (($0 + m) * 255).rounded()))) }
    }
}
