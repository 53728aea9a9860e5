import Foundation

extension BrowserView {
    /// The profile pane: the full-size avatar (block symbols) beside the lines of its
    /// ``PaneLayout``, scrolled as the model asks (`J`/`K`), with a mark where more lines are
    /// above or below.
    func drawPane(_ model: BrowserModel, into grid: inout CellGrid) {
        guard let pane = model.pane.profile else { return }
        let x0 = model.paneBeside ? model.listColumns + 1 : 0
        let width = model.paneWidth
        let height = model.listHeight
        grid.fill(x: x0, y: 0, width: width, height: height)
        if model.paneBeside {
            for y in 0..<height { grid.write("│", x: x0 - 1, y: y, style: CellStyle(dim: true)) }
        }
        let layout = PaneLayout(model, color: color)
        let top = layout.top(scroll: pane.scroll, visible: height)
        let (columns, rows) = model.paneHeaderCells
        let renderer = AvatarListRenderer(columns: model.columns, drawer: drawer, color: color)
        var header = pane.header
        if header?.width != columns || header?.height != rows {
            header = renderer.profileHeaderCells(nil, id: pane.id, login: pane.login, columns: columns, rows: rows)
        }
        if let header, top < rows { grid.place(header, x: x0 + 1, y: -top) }
        for line in layout.lines where line.y >= top && line.y - top < height {
            grid.write(line.text, x: line.x, y: line.y - top, style: line.style, maxWidth: line.maxWidth)
        }
        if top > 0 { grid.write(" ↑ K ", x: x0 + width - 6, y: 0, style: CellStyle(dim: true, reverse: true)) }
        if layout.height - top > height { grid.write(" ↓ J ", x: x0 + width - 6, y: height - 1, style: CellStyle(dim: true, reverse: true)) }
    }

    /// How long ago `date` was, in the largest whole unit.
    static func age(since date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }

    func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, keepNewlines: false)
    }
}
