/// A rectangle of cells: what the browser draws a frame into, and what avatar rows and cards
/// lay themselves out as (``AvatarListRenderer``), whether they end up in a frame or in text.
package struct CellGrid: Hashable, Sendable {
    package private(set) var width: Int
    package private(set) var height: Int
    /// Row by row, `width` cells each.
    package private(set) var cells: [Cell]

    /// A grid of `width` × `height` copies of `fill`.
    package init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cell at column `x`, line `y` (0-based). Setting a cell over half of a wide
    /// character blanks the other half, so no half-character is left for a diff to misplace.
    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            let index = y * width + x
            let old = cells[index]
            if old.isContinuation, x > 0, !newValue.isContinuation {
                cells[index - 1] = Cell(" ", style: cells[index - 1].style)
            } else if !old.isContinuation, x + 1 < width, cells[index + 1].isContinuation {
                cells[index + 1] = Cell(" ", style: cells[index + 1].style)
            }
            cells[index] = newValue
        }
    }

    /// Writes `text` from column `x` on line `y`, one grapheme a cell (two for wide ones), cut
    /// at `maxWidth` columns and at the grid's edge; control characters are skipped (sanitise
    /// untrusted text first). Returns the columns used.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        var column = x
        for character in text {
            let size = Cell.width(of: character)
            if size == 0 { continue }
            if column + size > limit { break }
            if column >= 0 {
                self[column, y] = Cell(String(character), style: style)
                if size == 2 { self[column + 1, y] = Cell("", style: style) }
            }
            column += size
        }
        return column - x
    }

    /// Replaces every character that is not ASCII with its ``ASCIIFallback`` (a wide one with
    /// two ASCII cells, or one and a blank), styles kept: the frame for a terminal whose locale
    /// is not UTF-8.
    package mutating func replaceNonASCII() {
        for index in cells.indices where !cells[index].isASCII {
            let style = cells[index].style
            if cells[index].isContinuation {
                cells[index] = Cell(" ", style: style)  // a second half whose first was replaced
                continue
            }
            let wide = index + 1 < cells.count && index % width + 1 < width && cells[index + 1].isContinuation
            let ascii = Array(cells[index].text.first.map { ASCIIFallback.ascii($0) } ?? "")
            cells[index] = Cell(ascii.first.map(String.init) ?? " ", style: style)
            if wide { cells[index + 1] = Cell(ascii.count > 1 ? String(ascii[1]) : " ", style: cells[index + 1].style) }
        }
    }

    /// Sets the style of `count` cells from column `x` on line `y`, keeping their text.
    package mutating func restyle(x: Int, y: Int, count: Int, _ change: (inout CellStyle) -> Void) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + count) { change(&cells[y * width + column].style) }
    }

    /// Fills a rectangle with `cell`, clipped to the grid.
    package mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell = .blank) {
        for line in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) { self[column, line] = cell }
        }
    }

    /// Copies `grid` with its top-left corner at column `x`, line `y`, clipped to this grid.
    package mutating func place(_ grid: CellGrid, x: Int, y: Int) {
        for line in 0..<grid.height where y + line >= 0 && y + line < height {
            for column in 0..<grid.width where x + column >= 0 && x + column < width {
                self[x + column, y + line] = grid[column, line]
            }
        }
    }

    /// Exactly `width` cells a line, each line ending with a reset: a block (an avatar, a
    /// placeholder) to set beside text.
    package func blockLines() -> [String] {
        textLines(trimming: false).map { $0.hasSuffix("\u{1B}[0m") ? $0 : $0 + "\u{1B}[0m" }
    }

    /// The lines as text for a terminal: styles as SGR escapes (reset at the end of a styled
    /// line), trailing unstyled blanks dropped when `trimming`, no line feeds.
    package func textLines(color: Bool = true, trimming: Bool = true) -> [String] {
        (0..<height).map { line in
            var end = width
            while trimming, end > 0, self[end - 1, line] == .blank { end -= 1 }
            var text = ""
            var current = CellStyle.plain
            for column in 0..<end {
                let cell = self[column, line]
                if color, cell.style != current {
                    text += cell.style.sgr
                    current = cell.style
                }
                text += cell.text
            }
            if current != .plain { text += "\u{1B}[0m" }
            return text
        }
    }
}
