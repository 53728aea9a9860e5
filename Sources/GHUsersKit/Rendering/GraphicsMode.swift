import CImaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How avatars are drawn on this terminal: the best of what it supports.
///
/// Pixel protocols (kitty, iTerm2, sixel) draw the real image and are used for the profile
/// header; rows and grid cards always use symbols, because an image must share its lines with
/// text there. Symbols are Unicode block elements in 24-bit colour, or in the 256-colour
/// palette when the terminal does not announce 24-bit colour, or in the 8 standard colours when
/// terminfo gives it fewer than 256 (`TERM=xterm`, `linux`).
package struct GraphicsMode: Sendable, Hashable {
    /// How pixels reach the terminal.
    package enum Pixels: String, Sendable, CaseIterable {
        case kitty, iterm2, sixels, symbols
    }

    /// The colours symbols are drawn in.
    package enum Colors: String, Sendable {
        case trueColor = "24bit"
        case indexed256 = "256"
        case indexed8 = "8"
    }

    /// The best pixel protocol.
    package var pixels: Pixels
    /// The colours of symbols.
    package var colors: Colors

    /// Creates a mode.
    package init(pixels: Pixels, colors: Colors) {
        self.pixels = pixels
        self.colors = colors
    }

    /// The mode for the terminal the environment describes.
    ///
    /// `GHUSERS_GRAPHICS` (`kitty`, `iterm2`, `sixels`, `symbols`, `24bit` or `256`) overrides
    /// the detection; otherwise libchafa's terminal database reads `TERM`, `TERM_PROGRAM`,
    /// `KITTY_WINDOW_ID` and the like, and `COLORTERM=truecolor|24bit` announces 24-bit colour.
    package static func detect(environment: [String: String]) -> GraphicsMode {
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        var colors: Colors = ["truecolor", "24bit"].contains(colorterm) ? .trueColor : .indexed256
        // A terminal whose terminfo has colours, fewer than 256: the 8 it has. None known (no
        // TERM, `dumb`: avatars forced into a file) keeps the palette most terminals read.
        let count = Terminal.colorCount(environment: environment)
        if colors == .indexed256, count > 0, count < 256 { colors = .indexed8 }
        var pixels = detectPixels(environment: environment)
        if colors != .trueColor, pixels != .symbols { colors = .trueColor }
        if let forced = forcedPixels(environment: environment) { pixels = forced }
        switch environment["GHUSERS_GRAPHICS"]?.lowercased() {
        case "symbols", "24bit": (pixels, colors) = (.symbols, .trueColor)
        case "256": (pixels, colors) = (.symbols, .indexed256)
        default: break
        }
        return GraphicsMode(pixels: pixels, colors: colors)
    }

    /// The pixel protocol `GHUSERS_GRAPHICS` forces (`kitty`, `iterm2`, `sixel`/`sixels`), if
    /// any: what `browse` draws the pane's avatar with, never by detection.
    package static func forcedPixels(environment: [String: String]) -> Pixels? {
        switch environment["GHUSERS_GRAPHICS"]?.lowercased() {
        case "kitty": .kitty
        case "iterm2": .iterm2
        case "sixels", "sixel": .sixels
        default: nil
        }
    }

    private static func detectPixels(environment: [String: String]) -> Pixels {
        guard case .success(let chafa) = ImageLibraries.chafa else { return .symbols }
        let strings = environment.map { "\($0.key)=\($0.value)" }
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        guard let info = pointers.withUnsafeMutableBufferPointer({ chafa.term_db_detect(chafa.term_db_get_default(), $0.baseAddress) })
        else { return .symbols }
        defer { chafa.term_info_unref(info) }
        let has = { (sequence: Int) in chafa.term_info_have_seq(info, UInt32(sequence)) != 0 }
        if has(CIMAGING_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) { return .kitty }
        if has(CIMAGING_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE) { return .iterm2 }
        if has(CIMAGING_CHAFA_TERM_SEQ_BEGIN_SIXELS) { return .sixels }
        return .symbols
    }
}
