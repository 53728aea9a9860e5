import Foundation

extension BrowserView {
    /// The profile pane: the full-size avatar (block symbols) beside the login, the name and
    /// where the profile came from; then the fields `ghusers profile` prints, the bio and the
    /// note in full, wrapped to the pane.
    func drawPane(_ model: BrowserModel, into grid: inout CellGrid) {
        guard let pane = model.pane.profile else { return }
        let x0 = model.paneBeside ? model.listColumns + 1 : 0
        let width = model.paneWidth
        let height = model.listHeight
        grid.fill(x: x0, y: 0, width: width, height: height)
        if model.paneBeside {
            for y in 0..<height { grid.write("│", x: x0 - 1, y: y, style: CellStyle(dim: true)) }
        }
        let (columns, rows) = model.paneHeaderCells
        let renderer = AvatarListRenderer(columns: model.columns, drawer: drawer, color: color)
        var header = pane.header
        if header?.width != columns || header?.height != rows {
            header = renderer.profileHeaderCells(nil, id: pane.id, login: pane.login, columns: columns, rows: rows)
        }
        if let header { grid.place(header, x: x0 + 1, y: 0) }

        // Beside the avatar: login, name, state.
        let textX = x0 + columns + 3
        let textWidth = x0 + width - textX
        var lines: [(String, CellStyle)] = [(clean(pane.login), CellStyle(bold: true))]
        if let name = pane.details?.profile.name, !name.isEmpty { lines.append((clean(name), .plain)) }
        lines.append(("", .plain))
        lines.append((state(of: pane, model), CellStyle(dim: true)))
        if let message = pane.message { lines.append((clean(message), CellStyle(bold: color))) }
        var y = 0
        if textWidth >= 12 {
            for (text, style) in lines {
                for line in wrap(text, width: textWidth) where y < rows {
                    grid.write(line, x: textX, y: y, style: style, maxWidth: textWidth)
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
            var lines = wrap(text, width: area().width - indent)[...]
            while let line = lines.first, y < height {
                let (x, lineWidth) = area()
                // The column narrows below the avatar's bottom: wrap the rest again there.
                if line.count > lineWidth - indent {
                    lines = wrap(lines.joined(separator: " "), width: lineWidth - indent)[...]
                    continue
                }
                grid.write(line, x: x + indent, y: y, style: style, maxWidth: lineWidth - indent)
                lines = lines.dropFirst()
                y += 1
            }
        }
        if let details = pane.details {
            for field in ProfileFormatter.fields(details) where y < height {
                let (x, lineWidth) = area()
                grid.write(field.label, x: x, y: y, style: CellStyle(dim: true))
                grid.write(clean(field.value), x: x + 11, y: y, maxWidth: lineWidth - 11)
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
            for paragraph in TerminalSanitizer.sanitize(note).split(separator: "\n", omittingEmptySubsequences: false) {
                put(String(paragraph), indent: 2)
            }
        } else if pane.lookedUp || pane.details != nil {
            y += 1
            put("no note · e writes one", CellStyle(dim: true))
        }
    }

    /// Where the pane's profile stands: being fetched, fetched when, or not cached.
    private func state(of pane: ProfilePane, _ model: BrowserModel) -> String {
        if pane.fetching && pane.details == nil { return "loading the profile…" }
        guard let details = pane.details else {
            if !pane.lookedUp { return "reading the cache…" }
            return model.network.offline ? "not cached (offline)" : "not cached"
        }
        let age = Self.age(since: details.fetchedAt, now: model.wallClock)
        let seen = details.seen || model.window.user(withID: pane.id)?.seen == true ? " · seen" : ""
        switch details.source {
        case .network: return "fetched just now" + seen
        case .cache, .staleCache: return "cached, fetched \(age)" + (pane.fetching ? " · revalidating…" : "") + seen
        }
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
