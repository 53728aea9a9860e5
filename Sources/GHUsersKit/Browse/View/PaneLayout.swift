import Foundation

/// The profile pane's text laid out for its size, from its first line to its last: the login,
/// the name and where the profile came from beside the avatar; then the fields `ghusers
/// profile` prints, the bio and the note in full, wrapped. ``BrowserView`` draws the lines that
/// the pane's scroll shows; ``BrowserModel`` scrolls no further than ``height``. Pure: the same
/// model gives the same lines.
struct PaneLayout {
    /// A line of text at its place: `y` counts from the pane's top when not scrolled.
    struct Line {
        var text: String
        var x: Int
        var y: Int
        var style: CellStyle
        var maxWidth: Int
    }

    /// Every line, top to bottom.
    private(set) var lines: [Line] = []
    /// The lines the pane's content takes, the avatar's included.
    private(set) var height: Int

    /// The most lines laid out: a note of a megabyte still draws at once.
    static let maximumHeight = 5_000

    /// Lays out `model`'s pane (an empty layout when it is closed); `x0` is its first column.
    init(_ model: BrowserModel, color: Bool) {
        let rows = model.paneHeaderCells.rows
        height = rows
        guard let pane = model.pane.profile else { return }
        let x0 = model.paneBeside ? model.listColumns + 1 : 0
        let width = model.paneWidth
        let textX = x0 + model.paneHeaderCells.columns + 3
        let textWidth = x0 + width - textX
        var y = 0

        // Beside the avatar: login, name, state.
        var header: [(String, CellStyle)] = [(clean(pane.login), CellStyle(bold: true))]
        if let name = pane.details?.profile.name, !name.isEmpty { header.append((clean(name), .plain)) }
        header.append(("", .plain))
        header.append((Self.state(of: pane, model), CellStyle(dim: true)))
        if let message = pane.message { header.append((clean(message), CellStyle(bold: color))) }
        if textWidth >= 12 {
            for (text, style) in header {
                for line in BrowserView.wrap(text, width: textWidth) where y < rows {
                    lines.append(Line(text: line, x: textX, y: y, style: style, maxWidth: textWidth))
                    y += 1
                }
            }
        }

        // Then the fields, the bio, the note: beside the avatar while there is room for a field
        // there (so the note fits on 24 lines), below it after.
        let besideAvatar = textWidth >= 30
        y = besideAvatar ? y + 1 : rows + 1
        if y >= rows && y <= rows + 1 { y = rows + 1 }
        func area() -> (x: Int, width: Int) {
            besideAvatar && y < rows ? (textX, textWidth) : (x0 + 1, width - 2)
        }
        func put(_ text: String, _ style: CellStyle = .plain, indent: Int = 0) {
            var wrapped = BrowserView.wrap(text, width: area().width - indent)[...]
            while let line = wrapped.first, y < Self.maximumHeight {
                let (x, lineWidth) = area()
                // The column narrows below the avatar's bottom: wrap the rest again there.
                if line.count > lineWidth - indent {
                    wrapped = BrowserView.wrap(wrapped.joined(separator: " "), width: lineWidth - indent)[...]
                    continue
                }
                lines.append(Line(text: line, x: x + indent, y: y, style: style, maxWidth: lineWidth - indent))
                wrapped = wrapped.dropFirst()
                y += 1
            }
        }
        if let details = pane.details {
            for field in ProfileFormatter.fields(details) {
                let (x, lineWidth) = area()
                lines.append(Line(text: field.label, x: x, y: y, style: CellStyle(dim: true), maxWidth: lineWidth))
                lines.append(Line(text: clean(field.value), x: x + 11, y: y, style: .plain, maxWidth: lineWidth - 11))
                y += 1
            }
            if let bio = details.profile.bio, !bio.isEmpty {
                y += 1
                put(clean(bio))
            }
        }
        let note = pane.details?.note ?? model.window.user(withID: pane.id)?.note
        if let note {
            y += 1
            put("\(UserRowFormatter.noteMarker) Note  (e edit · x delete)", CellStyle(bold: true))
            // A tab is white space in a wrapped paragraph (a cell grid has no tab stops).
            let text = TerminalSanitizer.sanitize(note).replacingOccurrences(of: "\t", with: " ")
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) where y < Self.maximumHeight {
                put(String(paragraph), indent: 2)
            }
        } else if pane.lookedUp || pane.details != nil {
            y += 1
            put("no note · e writes one", CellStyle(dim: true))
        }
        height = max(rows, y)
    }

    /// The first line shown when the model asks to scroll `scroll` lines into a pane
    /// `visible` lines high: never past the point where the last line is at the bottom.
    func top(scroll: Int, visible: Int) -> Int {
        max(0, min(scroll, height - visible))
    }

    /// Where the pane's profile stands: being fetched, fetched when, or not cached.
    private static func state(of pane: ProfilePane, _ model: BrowserModel) -> String {
        if pane.fetching && pane.details == nil { return "loading the profile…" }
        guard let details = pane.details else {
            if !pane.lookedUp { return "reading the cache…" }
            return model.network.offline ? "not cached (offline)" : "not cached"
        }
        let age = BrowserView.age(since: details.fetchedAt, now: model.wallClock)
        let seen = details.seen || model.window.user(withID: pane.id)?.seen == true ? " · seen" : ""
        switch details.source {
        case .network: return "fetched just now" + seen
        case .cache, .staleCache: return "cached, fetched \(age)" + (pane.fetching ? " · revalidating…" : "") + seen
        }
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, keepNewlines: false)
    }
}
