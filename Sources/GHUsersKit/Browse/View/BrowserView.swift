/// Draws a ``BrowserModel`` into a frame of cells: the list (entries or cards, laid out by
/// ``AvatarListRenderer`` exactly as `list` prints them), the loading, retry or end row, the
/// status bar and the footer; or the help, or the too-small message.
package struct BrowserView: Sendable {
    /// How avatars are drawn (placeholders too).
    package var drawer: AvatarDrawer
    /// Whether text gets colours and dimming.
    package var color: Bool
    /// Whether the terminal's locale is not UTF-8: every frame is ASCII (``ASCIIFallback``).
    package var ascii: Bool

    /// Creates a view.
    package init(drawer: AvatarDrawer, color: Bool, ascii: Bool = false) {
        self.drawer = drawer
        self.color = color
        self.ascii = ascii
    }

    /// The frame for `model`, `model.columns` × `model.rows`.
    package func frame(_ model: BrowserModel) -> CellGrid {
        var grid = drawFrame(model)
        if ascii { grid.replaceNonASCII() }
        return grid
    }

    private func drawFrame(_ model: BrowserModel) -> CellGrid {
        var grid = CellGrid(width: model.columns, height: model.rows)
        guard !model.isTooSmall else {
            let message = "Terminal too small (\(model.columns)×\(model.rows)): browse needs \(BrowserModel.minimumColumns)×\(BrowserModel.minimumRows)."
            let lines = Self.wrap(message, width: max(1, model.columns))
            for (offset, line) in lines.enumerated() {
                grid.write(line, x: max(0, (model.columns - line.count) / 2), y: model.rows / 2 - lines.count / 2 + offset)
            }
            return grid
        }
        if !model.paneCovers { drawList(model, into: &grid) }
        drawPane(model, into: &grid)
        drawStatus(model, into: &grid)
        if model.showsHelp { drawHelp(model, into: &grid) }
        return grid
    }

    private func drawList(_ model: BrowserModel, into grid: inout CellGrid) {
        let renderer = AvatarListRenderer(columns: model.listColumns, drawer: drawer, color: color)
        let total = model.knownUsers
        let gutter = model.gutter
        let top = Self.top(model)
        for line in 0..<model.visibleLines {
            let y = line * model.lineHeight
            for column in 0..<model.perLine {
                let index = (top + line) * model.perLine + column
                if index >= total {
                    // The loading, retry or end row: on the line after the last user's.
                    if model.counting.total != nil, column == 0, index - total < model.perLine { drawEndRow(model, y: y, into: &grid) }
                    break
                }
                let x = model.layout == .grid ? gutter + column * (renderer.cardWidth + 2) : gutter
                guard let details = model.window.user(at: index) else {
                    grid.write("…", x: x, y: y, style: CellStyle(dim: true))
                    continue
                }
                let row = AvatarListRenderer.row(details, position: index + 1)
                var avatar = renderer.avatar(row, nil)
                switch model.avatars.slots[details.user.id] {
                case .drawn(let cells): avatar = model.layout == .grid ? cells.large : cells.small
                case .failed:
                    // That thumbnail could not be had: marked on it, counted in "failed".
                    avatar.write("✗", x: 0, y: 0, style: color ? CellStyle(foreground: .indexed(1), bold: true) : CellStyle(bold: true))
                default: break
                }
                let selected = index == model.window.cursor
                if model.layout == .grid {
                    grid.place(renderer.card(row, avatar: avatar), x: x, y: y)
                    if selected { grid.restyle(x: x, y: y + avatar.height, count: renderer.cardWidth) { $0.reverse = true } }
                } else {
                    grid.place(renderer.entry(row, avatar: avatar, width: model.listColumns - x), x: x, y: y)
                    if selected {
                        for offset in 0..<3 { grid.write("▌", x: 0, y: y + offset, style: color ? CellStyle(foreground: .indexed(4)) : .plain) }
                        grid.restyle(x: x + avatar.width + 2, y: y, count: details.user.login.count) { $0.reverse = true }
                    }
                }
            }
        }
    }

    /// The first line of entries drawn: the model's, or one more when the selection is on the
    /// last user's line and the loading, retry or end row would fall just below the screen.
    static func top(_ model: BrowserModel) -> Int {
        guard let total = model.counting.total, total > 0, model.visibleLines > 1,
            model.counting.paging != .idle || Self.pagesByKey(model)
        else { return model.window.top }
        let lastLine = (total - 1) / model.perLine
        guard model.window.cursor / model.perLine == lastLine, lastLine + 1 >= model.window.top + model.visibleLines else { return model.window.top }
        return lastLine + 2 - model.visibleLines
    }

    /// After the last cached user: the spinner while a page loads, the retry row, or the end.
    private func drawEndRow(_ model: BrowserModel, y: Int, into grid: inout CellGrid) {
        guard y < model.listHeight else { return }
        var text: String
        var style = CellStyle(dim: true)
        switch model.counting.paging {
        case .loading: text = "⠿ loading the next page of users…"
        case .failed(let reason):
            text = "✗ the next page failed: \(reason) · r retries"
            style = color ? CellStyle(foreground: .indexed(1)) : .plain
        case .ended: text = "— end of GitHub's users list —"
        case .idle where model.network.offline: text = "— offline: no more cached users —"
        case .idle where Self.pagesByKey(model): text = "— the last cached user · n fetches a page of GitHub's users list —"
        case .idle: text = ""
        }
        if model.isFiltering {
            guard model.search?.complete == true else { return }
            text = model.knownUsers == 0 ? "— no cached user matches —" : "— end of the matches —"
            style = CellStyle(dim: true)
        }
        let line = CellGrid.fitted(TerminalSanitizer.sanitize(text, keepNewlines: false), width: model.listColumns - 3)
        grid.write(line, x: 2, y: y, style: style)
    }

    /// Whether the next page of GitHub's list comes only with `n`: the list walk is behind the
    /// accounts that searches cached (``BrowserCounting/walkLeads``), so reaching the end
    /// fetches nothing.
    static func pagesByKey(_ model: BrowserModel) -> Bool {
        model.counting.walkLeads == false && !model.network.offline
    }

    private func drawStatus(_ model: BrowserModel, into grid: inout CellGrid) {
        let y = model.rows - 3
        let bar = CellStyle(reverse: true)
        grid.fill(x: 0, y: y, width: model.columns, height: 1, with: Cell(" ", style: bar))
        grid.write(CellGrid.fitted(" " + statusParts(model).joined(separator: " · "), width: model.columns), x: 0, y: y, style: bar)
        drawActivity(model, y: y + 1, into: &grid)
        drawFooter(model, y: model.rows - 1, into: &grid)
    }

    private func statusParts(_ model: BrowserModel) -> [String] {
        var parts: [String] = []
        if let search = model.search, model.isFiltering {
            let known = model.knownUsers
            let count = search.complete ? "\(known)" : "\(known)+"
            parts.append(known == 0 ? (search.complete ? "no matches" : "searching…") : "match \(min(model.window.cursor + 1, known)) of \(count)")
            parts.append("“\(clean(search.shown))”")
            if let online = search.online, online.query == search.shown.trimmingCharacters(in: .whitespaces) { parts.append(clean(online.status)) }
        } else if let total = model.counting.total {
            parts.append(total == 0 ? "no users cached" : "row \(min(model.window.cursor + 1, total)) of \(total) cached")
        } else {
            parts.append(model.window.users.isEmpty ? "reading the cache…" : "row \(model.window.cursor + 1) of … cached (counting)")
        }
        if Self.pagesByKey(model), !model.isFiltering { parts.append("n: next page of GitHub's list") }
        // "page 30" read as "you are on page 30": the size is said as a size.
        if let size = model.counting.pageSize { parts.append("\(size) a page") }
        switch model.network.connection {
        case _ where model.network.offline: parts.append("offline by choice")
        case .online: parts.append("online")
        case .down: parts.append("network down")
        case .rateLimited: parts.append("rate limited")
        }
        if let limit = model.network.rateLimit { parts.append("rate \(limit.remaining)/\(limit.limit)") }
        return parts
    }

    /// The activity line: a banner while the network is down or rate limited; else the last
    /// notice (for ``BrowserModel/noticeSeconds``), the page fetch and the avatar queue's
    /// counters. The notice comes first: at 80 columns it is the counters that are cut.
    private func drawActivity(_ model: BrowserModel, y: Int, into grid: inout CellGrid) {
        let banner = CellStyle(foreground: color ? .indexed(15) : .default, background: color ? .indexed(1) : .default, bold: true, reverse: !color)
        switch model.network.connection {
        case .down(let reason) where !model.network.offline:
            grid.fill(x: 0, y: y, width: model.columns, height: 1, with: Cell(" ", style: banner))
            // The key first: at 80 columns the line is cut after the reason.
            let text = " ⚠ offline · r retries now · GitHub cannot be reached (\(clean(reason))) · retrying by itself · the cache, search and notes work"
            grid.write(CellGrid.fitted(text, width: model.columns), x: 0, y: y, style: banner)
            return
        case .rateLimited(let until):
            grid.fill(x: 0, y: y, width: model.columns, height: 1, with: Cell(" ", style: banner))
            let text = " ⚠ rate limited until \(BrowserModel.clock(until)) · no requests to GitHub until then · the cache works"
            grid.write(CellGrid.fitted(text, width: model.columns), x: 0, y: y, style: banner)
            return
        default:
            break
        }
        var activity = model.notice.map { [$0] } ?? []
        switch model.counting.paging {
        case .loading: activity.append("loading the next page…")
        case .failed(let reason): activity.append("the next page failed (r retries): \(reason)")
        case .ended: activity.append("end of the list")
        case .idle: break
        }
        if model.avatars.enabled {
            let pending = model.avatars.pending
            let loading = model.network.offline ? 0 : min(1, pending)
            let notCached = model.avatars.notCached > 0 ? " · \(model.avatars.notCached) not cached" : ""
            activity.append("avatars \(pending - loading) queued · \(loading) loading · \(model.avatars.done) done · \(model.avatars.failed) failed\(notCached)")
        }
        // A conflict's draft path must be seen whole: the notice alone.
        if case .noteConflict = model.confirmation, let notice = model.notice { activity = [notice] }
        grid.write(CellGrid.fitted(" " + clean(activity.joined(separator: " │ ")), width: model.columns), x: 0, y: y)
    }

    /// The footer: a y/n question, the query line, or the keys.
    private func drawFooter(_ model: BrowserModel, y: Int, into grid: inout CellGrid) {
        if let confirmation = model.confirmation {
            switch confirmation {
            case .deleteNote(let login, _):
                grid.write(" delete the note on \(clean(login))? y/n", x: 0, y: y, style: CellStyle(bold: true))
            case .noteConflict(let login, _, let theirs, _):
                let what = theirs == nil ? "was deleted" : "changed"
                let text = " m keep mine · t keep theirs · b edit both — the note on \(clean(login)) \(what) while you edited it"
                grid.write(CellGrid.fitted(text, width: model.columns), x: 0, y: y, style: CellStyle(bold: true))
            }
            return
        }
        if let search = model.search, search.editing {
            let shown = String(clean(search.query).suffix(max(1, model.columns - 32)))
            grid.write("/", x: 0, y: y, style: CellStyle(bold: true))
            let end = 1 + grid.write(shown, x: 1, y: y)
            grid.write(" ", x: end, y: y, style: CellStyle(reverse: true))
            if let problem = search.problem {
                let style = color ? CellStyle(foreground: .indexed(1), bold: true) : CellStyle(bold: true)
                grid.write(CellGrid.fitted("✗ " + clean(problem), width: max(1, model.columns - end - 2)), x: end + 2, y: y, style: style)
                return
            }
            let hint = "Enter keep · ^O GitHub too · Esc all users"
            grid.write(hint, x: max(end + 2, model.columns - hint.count - 1), y: y, style: CellStyle(dim: true))
            return
        }
        let keys = BrowserKeymap.footer(model.search != nil ? .search : model.pane.isOpen ? .pane : .list)
        grid.write(CellGrid.fitted(keys, width: model.columns), x: 0, y: y, style: CellStyle(dim: true))
    }

    private func drawHelp(_ model: BrowserModel, into grid: inout CellGrid) {
        let width = min(model.columns - 4, 74)
        let bindings = BrowserKeymap.bindings
        let height = min(model.rows - 3, bindings.count + 4)
        let x = (model.columns - width) / 2
        let y = max(0, (model.rows - 3 - height) / 2)
        let keyColumns = bindings.map { CellGrid.columns(of: $0.label) }.max() ?? 0
        grid.fill(x: x, y: y, width: width, height: height, with: Cell(" ", style: CellStyle(reverse: true)))
        grid.write(" ghusers browse — keys", x: x + 1, y: y + 1, style: CellStyle(bold: true, reverse: true))
        for (offset, binding) in bindings.enumerated() where y + 3 + offset < y + height {
            grid.write(binding.label, x: x + 2, y: y + 3 + offset, style: CellStyle(bold: true, reverse: true), maxWidth: keyColumns)
            let text = CellGrid.fitted(binding.summary, width: width - keyColumns - 5)
            grid.write(text, x: x + keyColumns + 4, y: y + 3 + offset, style: CellStyle(reverse: true))
        }
    }

    /// `text` in lines of at most `width` terminal columns, broken between words (a longer word
    /// is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0  // columns of `line`: a wide character (CJK, emoji) takes two
        for word in text.split(separator: " ") {
            if used > 0, used + 1 + CellGrid.columns(of: String(word)) > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            if used > 0 { (line, used) = (line + " ", used + 1) }
            for character in word {  // a word longer than a line is cut where the line ends
                let size = Cell.width(of: character)
                if used > 0, used + size > width {
                    lines.append(line)
                    (line, used) = ("", 0)
                }
                line.append(character)
                used += size
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
