/// The bytes that turn a terminal showing one frame into showing the next: only the cells that
/// changed, each run after one cursor move, styles switched only where they change (ratatui's
/// `Buffer::diff`). Written with one `write(2)` per frame by the browser's terminal.
public enum FrameDiff {
    /// The update from `old` to `new`; a full repaint (clear, then every line) when there is no
    /// old frame or its size differs (a resize, `Ctrl-L`).
    public static func bytes(from old: CellGrid?, to new: CellGrid) -> [UInt8] {
        var output = ""
        let repaint = old == nil || old?.width != new.width || old?.height != new.height
        if repaint { output += "\u{1B}[0m\u{1B}[2J" }
        var style: CellStyle? = repaint ? .plain : nil
        for line in 0..<new.height {
            var column = 0
            var cursorAt: Int? = nil
            while column < new.width {
                let cell = new[column, line]
                let unchanged = !repaint && old![column, line] == cell
                if unchanged || cell.isContinuation {
                    column += 1
                    continue
                }
                if cursorAt != column { output += "\u{1B}[\(line + 1);\(column + 1)H" }
                if style != cell.style {
                    output += cell.style.sgr
                    style = cell.style
                }
                output += cell.text
                let size = column + 1 < new.width && new[column + 1, line].isContinuation ? 2 : 1
                column += size
                cursorAt = column
            }
        }
        if style != nil && style != .plain { output += "\u{1B}[0m" }
        return Array(output.utf8)
    }
}
