/// What is drawn when an avatar cannot be: the user's initials on a colour derived from the id,
/// so the same user always gets the same placeholder.
package struct AvatarPlaceholder: Sendable, Hashable {
    /// The user's id.
    package var id: Int64
    /// Up to two letters or digits from the login, in upper case (`"?"` if it has none).
    package var initials: String

    /// Creates the placeholder of a user.
    package init(id: Int64, login: String) {
        self.id = id
        let parts = login.split(whereSeparator: { $0 == "-" || $0 == "_" }).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        let letters = parts.count >= 2 ? String(parts.prefix(2)) : String(login.filter { $0.isLetter || $0.isNumber }.prefix(2))
        self.initials = letters.isEmpty ? "?" : letters.uppercased()
    }

    /// The background: a hue from the id (golden-angle steps, so neighbours differ), 45 %
    /// saturation, 40 % lightness, which white initials read well on.
    package static func color(for id: Int64) -> RGBAImage.RGBA {
        let hue = (Double(id % 100_000) * 137.507_764).truncatingRemainder(dividingBy: 360) / 60
        let lightness = 0.40
        let chroma = (1 - abs(2 * lightness - 1)) * 0.45
        let x = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(hue) {
            case 0: (chroma, x, 0)
            case 1: (x, chroma, 0)
            case 2: (0, chroma, x)
            case 3: (0, x, chroma)
            case 4: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return RGBAImage.RGBA(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// `columns` × `rows` cells: the colour, with the initials (bold) on the middle line,
    /// colours inverted when `inverted`.
    package func cells(columns: Int, rows: Int, colors: GraphicsMode.Colors, inverted: Bool = false) -> CellGrid {
        var background = Self.color(for: id)
        var foreground = RGBAImage.RGBA(red: 255, green: 255, blue: 255)
        if inverted {
            background = RGBAImage.RGBA(red: 255 - background.red, green: 255 - background.green, blue: 255 - background.blue)
            foreground = RGBAImage.RGBA(red: 0, green: 0, blue: 0)
        }
        let style = CellStyle(foreground: Self.cellColor(foreground, colors), background: Self.cellColor(background, colors))
        var grid = CellGrid(width: columns, height: rows, fill: Cell(" ", style: style))
        let text = String(initials.prefix(max(0, columns)))
        var bold = style
        bold.bold = true
        grid.write(text, x: (columns - text.count) / 2, y: rows / 2, style: bold)
        return grid
    }

    /// ``cells(columns:rows:colors:inverted:)`` as text lines, each ending with a reset.
    package func lines(columns: Int, rows: Int, colors: GraphicsMode.Colors, inverted: Bool = false) -> [String] {
        cells(columns: columns, rows: rows, colors: colors, inverted: inverted).blockLines()
    }

    private static func cellColor(_ color: RGBAImage.RGBA, _ colors: GraphicsMode.Colors) -> CellStyle.Color {
        switch colors {
        case .trueColor: .rgb(color.red, color.green, color.blue)
        case .indexed256: .indexed(UInt8(palette(color)))
        case .indexed8: .indexed(UInt8(standard(color)))
        }
    }

    /// The nearest of the 8 standard colours (xterm's values), which an 8-colour terminal
    /// shows: written as `30`–`37`/`40`–`47` (``CellStyle``).
    static func standard(_ color: RGBAImage.RGBA) -> Int {
        let standard: [(Int, Int, Int)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229)]
        func distance(_ other: (Int, Int, Int)) -> Int {
            let (r, g, b) = (Int(color.red) - other.0, Int(color.green) - other.1, Int(color.blue) - other.2)
            return r * r + g * g + b * b
        }
        return standard.indices.min { distance(standard[$0]) < distance(standard[$1]) } ?? 0
    }

    /// The nearest colour of the 6 × 6 × 6 cube of the 256-colour palette.
    static func palette(_ color: RGBAImage.RGBA) -> Int {
        func level(_ value: UInt8) -> Int { Int((Double(value) / 255 * 5).rounded()) }
        return 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
    }
}
