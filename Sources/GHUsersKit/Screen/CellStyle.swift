/// How a cell is drawn: colours and attributes, as SGR sets them.
package struct CellStyle: Hashable, Sendable {
    /// A colour of the terminal.
    package enum Color: Hashable, Sendable {
        /// The terminal's own foreground or background.
        case `default`
        /// An entry of the 256-colour palette.
        case indexed(UInt8)
        /// A 24-bit colour.
        case rgb(UInt8, UInt8, UInt8)
    }

    package var foreground: Color = .default
    package var background: Color = .default
    package var bold = false
    package var dim = false
    package var reverse = false

    /// The terminal's default style.
    package static let plain = CellStyle()

    /// Creates a style; everything off by default.
    package init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    /// The escape sequence that sets exactly this style, from any other: `ESC[0;…m`.
    package var sgr: String {
        var text = "\u{1B}[0"
        if bold { text += ";1" }
        if dim { text += ";2" }
        if reverse { text += ";7" }
        switch foreground {
        case .default: break
        // The 16 standard colours as every colour terminal reads them (30–37, 90–97), the
        // rest of the 256 as `38;5;n`.
        case .indexed(let index) where index < 8: text += ";\(30 + Int(index))"
        case .indexed(let index) where index < 16: text += ";\(82 + Int(index))"
        case .indexed(let index): text += ";38;5;\(index)"
        case .rgb(let r, let g, let b): text += ";38;2;\(r);\(g);\(b)"
        }
        switch background {
        case .default: break
        case .indexed(let index) where index < 8: text += ";\(40 + Int(index))"
        case .indexed(let index) where index < 16: text += ";\(92 + Int(index))"
        case .indexed(let index): text += ";48;5;\(index)"
        case .rgb(let r, let g, let b): text += ";48;2;\(r);\(g);\(b)"
        }
        return text + "m"
    }
}
