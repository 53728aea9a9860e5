/// A picture in a pixel protocol (kitty, iTerm2, sixels) over a rectangle of cells: the profile
/// pane's avatar when `GHUSERS_GRAPHICS` forces one. Pixels live outside the cell grid, so the
/// frame diff cannot see them: ``bytes(previous:next:shown:frame:)`` erases the old picture
/// before any frame that changes a cell under it (or moves or drops it), writes the frame's
/// diff, and draws the picture again, all as one write. Block symbols stay the default: none of
/// these protocols can be checked in tmux.
package struct PixelOverlay: Equatable, Sendable {
    /// The top-left cell (0-based) and the size in cells.
    package var x: Int
    package var y: Int
    package var columns: Int
    package var rows: Int
    /// The protocol and its bytes for the picture, printed with the cursor at the top-left cell.
    package var pixels: GraphicsMode.Pixels
    package var picture: [UInt8]

    /// An overlay of `picture` (in `pixels`) at `x`, `y`, `columns` × `rows` cells.
    package init(x: Int, y: Int, columns: Int, rows: Int, pixels: GraphicsMode.Pixels, picture: [UInt8]) {
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
        self.pixels = pixels
        self.picture = picture
    }

    /// Kitty's "delete every placement" command.
    static let kittyDeleteAll = Array("\u{1B}_Ga=d,d=A\u{1B}\\".utf8)

    /// The bytes that take the screen from `shown` with `previous` drawn over it to `frame` with
    /// `next` over it.
    package static func bytes(previous: PixelOverlay?, next: PixelOverlay?, shown: CellGrid?, frame: CellGrid) -> [UInt8] {
        var base = shown
        var erased = false
        if let previous, shown == nil, previous.pixels == .kitty {
            // A full repaint clears the cells, not kitty's images.
            return kittyDeleteAll + FrameDiff.bytes(from: nil, to: frame) + draw(next, erased: true, previous: previous)
        }
        if let previous, let old = shown, previous != next || previous.touched(from: old, to: frame) {
            erased = true
            if previous.pixels == .kitty {
                // Kitty images sit above the cells: deleting them uncovers the cells, unchanged.
                return kittyDeleteAll + FrameDiff.bytes(from: base, to: frame) + draw(next, erased: true, previous: previous)
            }
            // Sixels and iTerm2 pictures replace the cells' contents on screen: the cells under
            // the old picture are written again.
            var invalid = old
            for row in previous.y..<min(old.height, previous.y + previous.rows) {
                for column in previous.x..<min(old.width, previous.x + previous.columns) {
                    invalid[column, row] = Cell("\u{1}")  // never drawn: differs from any cell
                }
            }
            base = invalid
        }
        return FrameDiff.bytes(from: base, to: frame) + draw(next, erased: erased || shown == nil, previous: previous)
    }

    private static func draw(_ next: PixelOverlay?, erased: Bool, previous: PixelOverlay?) -> [UInt8] {
        guard let next, erased || previous == nil else { return [] }
        return Array("\u{1B}[\(next.y + 1);\(next.x + 1)H".utf8) + next.picture
    }

    /// Whether a cell under the picture differs between the two frames (a resize: always).
    func touched(from old: CellGrid, to new: CellGrid) -> Bool {
        guard old.width == new.width, old.height == new.height else { return true }
        for row in y..<min(new.height, y + rows) {
            for column in x..<min(new.width, x + columns) where old[column, row] != new[column, row] {
                return true
            }
        }
        return false
    }
}
