extension BrowserModel {
    /// The first effects: count the cached users and read the first screens.
    public mutating func start() -> [BrowserEffect] {
        windowRequest = .first(count: Self.chunk)
        // The window first: its read is quick, the count of a million rows is not.
        return [.loadWindow(.first(count: Self.chunk)), .count]
    }

    /// Applies `message` and returns the effects to run, in order.
    public mutating func update(_ message: BrowserMessage) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        switch message {
        case .keys(let keys, let time):
            windowBlocked = false
            fastScrolling = lastKeyAt >= 0 && time - lastKeyAt < Self.fastScrollInterval
            lastKeyAt = time
            for key in keys {
                effects += handle(key)
                if quitting { return effects }
            }
            if fastScrolling { effects.append(.pauseTimer(seconds: Self.fastScrollInterval * 2)) }
        case .resized(let columns, let rows):
            let first = top * perLine
            self.columns = columns
            self.rows = rows
            top = first / perLine
            keepCursorVisible()
        case .windowLoaded(let request, let start, let users):
            windowRequest = nil
            merge(users, at: start, for: request)
            // Fewer users after an id than asked for: the cache ends there (whatever the count
            // said: another process may have replaced a user whose login was taken over).
            if case .after(_, _, let asked) = request, users.count < asked, let known = total, start + users.count < known {
                total = start + users.count
                cursor = min(cursor, max(0, start + users.count - 1))
                keepCursorVisible()
            }
        case .windowFailed(let reason):
            windowRequest = nil
            windowBlocked = true
            notice = "could not read the cache: \(reason)"
        case .countFailed(let reason):
            notice = "could not count the cache: \(reason)"
        case .counted(let count, let pageSize, let rateLimit, let endReached):
            total = count
            self.pageSize = pageSize
            self.rateLimit = rateLimit
            if endReached { paging = .ended }
            if count == 0 && offline { notice = "nothing is cached yet; run without --offline to fetch the first page" }
            cursor = min(cursor, max(0, count - 1))
        case .pageFetched(let users, let reachedEnd, let isFirst, let rateLimit):
            let oldTotal = total ?? 0
            total = oldTotal + users.count
            if let rateLimit { self.rateLimit = rateLimit }
            if windowStart + window.count == oldTotal { window += users }
            if pageSize == nil, isFirst { pageSize = users.count }
            if isFirst {
                notice = "Welcome to ghusers! Everything fetched works offline. j/k move, Enter later opens profiles, ? help."
            }
            if reachedEnd {
                paging = .ended
                if !endAnnounced { notice = "end of GitHub's users list: no users after the last cached one" }
                endAnnounced = true
            } else {
                paging = .idle
            }
            // The saved page may have replaced users (a login taken over) and other processes
            // may have added pages: the count is read again.
            return effects + [.count] + needs()
        case .pageFailed(let reason):
            paging = .failed(reason)
        case .avatarDrawn(let id, let cells):
            if case .loading = avatars[id] {
                avatars[id] = .drawn(cells)
                avatarsDone += 1
            }
        case .avatarFailed(let id):
            if case .loading = avatars[id] {
                avatars[id] = .failed
                avatarsFailed += 1
            }
        case .scrollPaused(let time):
            if time - lastKeyAt >= Self.fastScrollInterval { fastScrolling = false }
        }
        return effects + needs()
    }

    // MARK: - Keys

    private mutating func handle(_ key: KeyEvent) -> [BrowserEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        switch key {
        case .character("q"), .control("c"):
            quitting = true
            return [.quit]
        case .character("?"):
            showsHelp = true
        case .character("j"): move(by: 1)
        case .down: move(by: perLine)
        case .character("k"): move(by: -1)
        case .up: move(by: -perLine)
        case .character("l"), .right:
            if layout == .grid, cursor % perLine < perLine - 1 { move(by: 1) }
        case .character("h"), .left:
            if layout == .grid, cursor % perLine > 0 { move(by: -1) }
        case .pageDown, .character(" "), .control("d"): move(by: pageUsers, page: true)
        case .pageUp, .control("u"): move(by: -pageUsers, page: true)
        case .character("g"), .home: move(to: 0)
        case .character("G"), .end: move(to: knownUsers - 1)
        case .character("r"):
            if case .failed = paging { paging = .idle }
            return []
        case .control("l"): return [.repaint]
        case .control("z"): return [.suspend]
        case .wheel(let up):
            // Three rows a notch; in the grid one line of cards (three lines would be more
            // than a screen).
            let lines = layout == .grid ? 1 : 3
            scroll(by: up ? -lines : lines)
        case .click(let x, let y):
            select(x: x, y: y)
        default:
            break  // pastes and other keys change nothing in the list
        }
        return []
    }

    /// Moves the selection by `delta` users, within the cached list; a page move scrolls the
    /// view by as much.
    private mutating func move(by delta: Int, page: Bool = false) {
        let total = knownUsers
        guard total > 0 else { return }
        direction = delta >= 0 ? 1 : -1
        let target = min(max(0, cursor + delta), total - 1)
        if page {
            let maxTop = max(0, (total - 1) / perLine - visibleLines + 1)
            top = min(max(0, top + (target - cursor) / perLine), maxTop)
        }
        cursor = target
        keepCursorVisible()
    }

    private mutating func move(to index: Int) {
        let total = knownUsers
        guard total > 0 else { return }
        direction = index >= cursor ? 1 : -1
        cursor = min(max(0, index), total - 1)
        keepCursorVisible()
    }

    /// The mouse wheel: the view moves by `lines` lines of entries; the selection stays on
    /// screen.
    private mutating func scroll(by lines: Int) {
        let total = knownUsers
        guard total > 0 else { return }
        direction = lines >= 0 ? 1 : -1
        let maxTop = max(0, (total - 1) / perLine - visibleLines + 1)
        top = min(max(0, top + lines), maxTop)
        let first = top * perLine
        let last = min(total - 1, first + pageUsers - 1)
        cursor = min(max(cursor, first), last)
    }

    /// A click selects the user under it (nothing for a click beside the cards or below the
    /// last line of entries).
    private mutating func select(x: Int, y: Int) {
        guard y >= 0, y / lineHeight < visibleLines else { return }
        let line = top + y / lineHeight
        var column = 0
        if layout == .grid {
            let offset = x - gutter
            guard offset >= 0, offset % (cardWidth + 2) < cardWidth else { return }
            column = offset / (cardWidth + 2)
            guard column < perLine else { return }
        }
        let index = line * perLine + column
        if index < knownUsers {
            cursor = index
            keepCursorVisible()
        }
    }

    mutating func keepCursorVisible() {
        let line = cursor / perLine
        if line < top { top = line }
        if line >= top + visibleLines { top = line - visibleLines + 1 }
    }
}
