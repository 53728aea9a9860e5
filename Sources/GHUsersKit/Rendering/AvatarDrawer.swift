import CImaging
import Foundation
import Logging

/// Draws images in the terminal with libchafa.
///
/// libchafa is opened on first use (``ImageLibraries``); where it cannot be, images are drawn as
/// empty text, so callers check ``ImageLibraries/loadAll()`` first and say why.
///
/// ``symbolCells(_:columns:rows:)`` reads libchafa's canvas cell by cell
/// (`chafa_canvas_get_char_at`, `chafa_canvas_get_colors_at` in truecolor,
/// `chafa_canvas_get_raw_colors_at`, palette indices, in 256 colours) into a ``CellGrid``: block symbols
/// with their colours, laid out beside text by ``AvatarListRenderer`` and placed in the
/// browser's frames. ``picture(_:columns:rows:)`` uses the terminal's pixel protocol when it has
/// one (the `profile` command's header only).
package struct AvatarDrawer: Sendable {
    /// How to draw.
    package var mode: GraphicsMode
    private static let logger = Logger(label: "ghusers.avatars")

    /// Creates a drawer for `mode`.
    package init(mode: GraphicsMode) {
        self.mode = mode
    }

    /// The image as `columns` × `rows` cells of block symbols: what rows, cards and the browser
    /// place beside text, so that an avatar scrolls, clips and diffs like text. Transparent
    /// cells keep the terminal's colours. Empty (blank cells) when libchafa cannot be used.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func symbolCells(_ image: RGBAImage, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(width: columns, height: rows)
        withCanvas(image, columns: columns, rows: rows, pixels: .symbols) { chafa, canvas in
            let trueColor = mode.colors == .trueColor
            func color(_ value: Int32) -> CellStyle.Color {
                guard value >= 0 else { return .default }
                if !trueColor { return .indexed(UInt8(truncatingIfNeeded: value)) }
                return .rgb(UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
            }
            for y in 0..<rows {
                for x in 0..<columns {
                    let scalar = Unicode.Scalar(chafa.canvas_get_char_at(canvas, Int32(x), Int32(y))) ?? " "
                    var foreground: Int32 = -1
                    var background: Int32 = -1
                    // In 256-colour mode the raw colours are the palette indices; the plain ones
                    // are packed RGB there too, whose low byte (blue) is no index at all.
                    if trueColor {
                        chafa.canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                    } else {
                        chafa.canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                    }
                    grid[x, y] = Cell(String(Character(scalar)), style: CellStyle(foreground: color(foreground), background: color(background)))
                }
            }
        }
        return grid
    }

    /// The image as `rows` lines of `columns` block symbols (``symbolCells(_:columns:rows:)`` as
    /// text), each ending with a reset.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func symbolLines(_ image: RGBAImage, columns: Int, rows: Int) -> [String] {
        symbolCells(image, columns: columns, rows: rows).blockLines()
    }

    /// The image with the best protocol the terminal has, `columns` × `rows` cells, ending
    /// with a line feed.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func picture(_ image: RGBAImage, columns: Int, rows: Int) -> String {
        guard mode.pixels != .symbols else { return symbolLines(image, columns: columns, rows: rows).joined(separator: "\n") + "\n" }
        var text = ""
        withCanvas(image, columns: columns, rows: rows, pixels: mode.pixels) { chafa, canvas in
            let info = Self.termInfo(for: mode.pixels, chafa: chafa)
            defer { chafa.term_info_unref(info) }
            guard let printed = chafa.canvas_print(canvas, info), let characters = chafa.g_string_free(printed, 0) else {
                Self.logger.debug("libchafa printed nothing for a \(image.width)x\(image.height) image")
                return
            }
            defer { chafa.g_free(characters) }
            text = String(cString: characters)
        }
        return text + "\n"
    }

    /// Draws `image` on a libchafa canvas of `columns` × `rows` cells and hands it to `body`;
    /// does nothing (logged at debug level) when the image is empty or libchafa cannot be used.
    private func withCanvas(
        _ image: RGBAImage, columns: Int, rows: Int, pixels: GraphicsMode.Pixels,
        _ body: (cimaging_chafa, OpaquePointer) -> Void
    ) {
        guard image.width > 0, image.height > 0, columns > 0, rows > 0 else {
            Self.logger.debug("not drawing a \(image.width)x\(image.height) image in \(columns)x\(rows) cells")
            return
        }
        guard case .success(let chafa) = ImageLibraries.chafa else {
            Self.logger.debug("not drawing an image: libchafa is not available")
            return
        }
        let config = chafa.canvas_config_new()
        defer { chafa.canvas_config_unref(config) }
        chafa.canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa.canvas_config_set_cell_geometry(config, 10, 20)
        chafa.canvas_config_set_bg_color(config, 0x000000)
        chafa.canvas_config_set_canvas_mode(
            config,
            UInt32(
                mode.colors == .trueColor || pixels != .symbols
                    ? CIMAGING_CHAFA_CANVAS_MODE_TRUECOLOR
                    : mode.colors == .indexed8 ? CIMAGING_CHAFA_CANVAS_MODE_INDEXED_8 : CIMAGING_CHAFA_CANVAS_MODE_INDEXED_256))
        chafa.canvas_config_set_pixel_mode(config, Self.chafaMode(pixels))
        let symbols = chafa.symbol_map_new()
        defer { chafa.symbol_map_unref(symbols) }
        chafa.symbol_map_add_by_tags(
            symbols, Int32(CIMAGING_CHAFA_SYMBOL_TAG_BLOCK | CIMAGING_CHAFA_SYMBOL_TAG_SPACE | CIMAGING_CHAFA_SYMBOL_TAG_SOLID))
        chafa.symbol_map_remove_by_tags(symbols, Int32(CIMAGING_CHAFA_SYMBOL_TAG_STIPPLE))
        chafa.canvas_config_set_symbol_map(config, symbols)
        guard let canvas = chafa.canvas_new(config) else {
            Self.logger.debug("libchafa made no canvas for \(columns)x\(rows) cells")
            return
        }
        defer { chafa.canvas_unref(canvas) }
        image.pixels.withUnsafeBufferPointer { buffer in
            chafa.canvas_draw_all_pixels(
                canvas, UInt32(CIMAGING_CHAFA_PIXEL_RGBA8_UNASSOCIATED), buffer.baseAddress, Int32(image.width), Int32(image.height),
                Int32(image.width * 4))
        }
        body(chafa, canvas)
    }

    /// A terminal description that has every sequence the chosen protocol needs.
    private static func termInfo(for pixels: GraphicsMode.Pixels, chafa: cimaging_chafa) -> OpaquePointer? {
        let environment: [String: String] =
            switch pixels {
            case .kitty: ["TERM": "xterm-kitty"]
            case .iterm2: ["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"]
            case .sixels: ["TERM": "mlterm"]
            case .symbols: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
            }
        var pointers: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { chafa.term_db_detect(chafa.term_db_get_default(), $0.baseAddress) }
    }

    private static func chafaMode(_ pixels: GraphicsMode.Pixels) -> UInt32 {
        let mode =
            switch pixels {
            case .kitty: CIMAGING_CHAFA_PIXEL_MODE_KITTY
            case .iterm2: CIMAGING_CHAFA_PIXEL_MODE_ITERM2
            case .sixels: CIMAGING_CHAFA_PIXEL_MODE_SIXELS
            case .symbols: CIMAGING_CHAFA_PIXEL_MODE_SYMBOLS
            }
        return UInt32(mode)
    }
}
