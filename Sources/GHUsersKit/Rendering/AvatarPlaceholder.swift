/// What is drawn when an avatar cannot be: the user's initials on a colour derived from the id,
/// so the same user always gets the same placeholder.
public struct AvatarPlaceholder: Sendable, Hashable {
    /// The user's id.
    public var id: Int64
    /// Up to two letters or digits from the login, in upper case (`"?"` if it has none).
    public var initials: String

    /// Creates the placeholder of a user.
    public init(id: Int64, login: String) {
        self.id = id
        let parts = login.split(whereSeparator: { $0 == "-" || $0 == "_" }).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        let letters = parts.count >= 2 ? String(parts.prefix(2)) : String(login.filter { $0.isLetter || $0.isNumber }.prefix(2))
        self.initials = letters.isEmpty ? "?" : letters.uppercased()
    }

    /// The background: a hue from the id (golden-angle steps, so neighbours differ), 45 %
    /// saturation, 40 % lightness, which white initials read well on.
    public static func color(for id: Int64) -> RGBAImage.RGBA {
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

    /// `rows` lines of `columns` cells: the colour, with the initials on the middle line,
    /// colours inverted when `inverted`.
    public func lines(columns: Int, rows: Int, colors: GraphicsMode.Colors, inverted: Bool = false) -> [String] {
        var background = Self.color(for: id)
        var foreground = RGBAImage.RGBA(red: 255, green: 255, blue: 255)
        if inverted {
            background = RGBAImage.RGBA(red: 255 - background.red, green: 255 - background.green, blue: 255 - background.blue)
            foreground = RGBAImage.RGBA(red: 0, green: 0, blue: 0)
        }
        let style = Self.sgr(background, foreground: foreground, colors: colors)
        let text = String(initials.prefix(max(0, columns)))
        return (0..<rows).map { row in
            guard row == rows / 2 else { return style + String(repeating: " ", count: columns) + "\u{1B}[0m" }
            let left = (columns - text.count) / 2
            return style + String(repeating: " ", count: left) + "\u{1B}[1m" + text + "\u{1B}[22m"
                + String(repeating: " ", count: columns - left - text.count) + "\u{1B}[0m"
        }
    }

    /// The escape that sets `background` and `foreground` in `colors`.
    static func sgr(_ background: RGBAImage.RGBA, foreground: RGBAImage.RGBA, colors: GraphicsMode.Colors) -> String {
        switch colors {
        case .trueColor:
            "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue);48;2;\(background.red);\(background.green);\(background.blue)m"
        case .indexed256:
            "\u{1B}[38;5;\(palette(foreground));48;5;\(palette(background))m"
        }
    }

    /// The nearest colour of the 6 × 6 × 6 cube of the 256-colour palette.
    static func palette(_ color: RGBAImage.RGBA) -> Int {
        func level(_ value: UInt8) -> Int { Int((Double(value) / 255 * 5).rounded()) }
        return 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
    }
}
