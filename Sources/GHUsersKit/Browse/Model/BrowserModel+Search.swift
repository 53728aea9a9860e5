extension BrowserModel {
    /// `/`: the query line opens (or takes the keys again, with its query), over the list as it
    /// is.
    mutating func beginSearch() -> [BrowserEffect] {
        if search != nil {
            search?.editing = true
            return []
        }
        search = BrowserSearchLine(saved: window, total: counting.total)
        return []
    }

    /// A key while the query line has them, as in fzf: editing keys change the query (searched
    /// at once), Enter keeps the matches, Esc puts the full list back, arrows move the
    /// selection; a paste goes into the query, never to key bindings.
    mutating func editQuery(_ key: KeyEvent) -> [BrowserEffect] {
        guard var search else { return [] }
        switch key {
        case .character(let character): search.query.append(character)
        case .paste(let text):  // one line: line breaks and tabs as spaces, other control characters dropped
            search.query += TerminalSanitizer.sanitize(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }), keepNewlines: false)
        case .wheel, .click:
            moveKey(key)
            return []
        case .control, .alt, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .delete, .unknown:
            guard let action = QueryLineKeymap.action(for: key) else { return [] }  // bound to nothing: nothing changes
            switch action {
            case .eraseCharacter: search.query = String(search.query.dropLast())
            case .eraseAll: search.query = ""
            case .eraseWord: search.query = String(search.query.reversed().drop { $0 == " " }.drop { $0 != " " }.reversed())
            case .keep:
                guard search.problem == nil else { return [] }  // the query line says what is wrong
                self.search?.editing = false
                return search.query.isEmpty ? endSearch() : searchNow()
            case .cancel: return endSearch()
            case .askGitHub:
                // GitHub's user search, the same query: the list fills as accounts arrive.
                let query = search.query.trimmingCharacters(in: .whitespaces)
                guard search.problem == nil, !query.isEmpty else { return [] }
                self.search?.online = (query, "GitHub: asking…", true)
                return [.searchOnline(query)]
            case .quit:
                quitting = true
                return [.quit]
            case .up:
                move(by: -1)
                return []
            case .down:
                move(by: 1)
                return []
            case .pageUp, .pageDown:
                moveKey(key)
                return []
            }
        }
        self.search = search
        return searchNow()
    }

    /// The query changed: the list becomes its matches (the full list for an empty query), the
    /// read of an older query is stopped; a query with a problem says it, unsearched.
    mutating func searchNow() -> [BrowserEffect] {
        let problem = search.flatMap { SearchQuery($0.query).problem?.message }
        search?.problem = problem
        guard var search, search.query != search.shown, problem == nil else { return [] }
        if search.shown.isEmpty { (search.saved, search.savedTotal) = (window, counting.total) }  // the full list as it is now
        search.shown = search.query
        search.complete = false
        self.search = search
        guard !search.query.isEmpty else {
            restore(search)
            return [.cancelSearch] + reloadWindow()
        }
        window.replace(with: [], start: 0, cursor: 0, top: 0)
        counting.total = nil
        return [.cancelSearch] + load(.searchAfter(query: search.query, id: nil, index: -1, count: firstSearchCount))
    }

    /// `effects` of one read of keys with only the last read of a query's matches: a paste
    /// read as keys (tmux's `send-keys`, a terminal without bracketed paste) searches once,
    /// for the query it leaves, where each key's search was started and then stopped by the
    /// next (`followers:>1000 !type:org` pasted after `followers:>1000`: 19.4 ms through a pty
    /// at a million profiles, the last search alone 12). The stops stay: one stops the read of
    /// the keys before.
    static func lastSearchOnly(_ effects: [BrowserEffect]) -> [BrowserEffect] {
        let isSearch = { (effect: BrowserEffect) in if case .loadWindow(let request) = effect { request.isSearch } else { false } }
        guard let last = effects.lastIndex(where: isSearch) else { return effects }
        return effects.indices.filter { $0 == last || !isSearch(effects[$0]) }.map { effects[$0] }
    }

    /// Users read for the first frame of a query's matches: one screen and a few rows, not a
    /// ``chunk`` (each is read from SQLite inside the key's frame); the rest follows right
    /// after the frame (``searchWindowNeeded()``), and a newer key stops that read.
    var firstSearchCount: Int { min(Self.chunk, pageUsers + 8) }

    /// The search index counted the matches of `query`: the list's length is known at once.
    mutating func searchCounted(_ query: String, total count: Int) {
        guard let search, isFiltering, search.shown == query else { return }
        self.search?.complete = true
        setTotal(count)
    }

    /// Esc: the full list again; the selection where it was before the search, or, after a
    /// kept search (Enter), on the match that was selected, as `fzf`'s accept and `tig`'s views
    /// leave you where you chose.
    mutating func endSearch() -> [BrowserEffect] {
        guard let search else { return [] }
        let chosen = search.editing ? nil : selected?.user.id
        self.search = nil
        let online: [BrowserEffect] = search.online?.running == true ? [.cancelOnlineSearch] : []
        guard !search.shown.isEmpty else { return online }
        guard let chosen else {
            restore(search)
            return online + [.cancelSearch] + reloadWindow()
        }
        window.replace(with: [], start: 0, cursor: 0, top: 0)
        counting.total = search.savedTotal
        return online + [.cancelSearch] + load(.around(id: chosen, count: Self.chunk))
    }

    /// GitHub's search of `query` stands at `status`: said while that search shows.
    mutating func onlineSearch(_ query: String, status: String, finished: Bool) {
        guard search?.online?.query == query else { return }
        search?.online = (query, status, !finished)
    }

    private mutating func restore(_ search: BrowserSearchLine) {
        let saved = search.saved
        window.replace(with: saved.users, start: saved.start, cursor: saved.cursor, top: saved.top)
        counting.total = search.savedTotal
        keepCursorVisible()
    }

    /// The window read that the matches on screen, and a screen around them, need.
    func searchWindowNeeded() -> WindowRequest? {
        guard window.request == nil, !window.blocked, let search, let first = window.users.first, let last = window.users.last else { return nil }
        let start = window.start
        let end = window.end
        let visible = visibleRange
        if visible.lowerBound - pageUsers < start, start > 0 {
            return .searchBefore(query: search.shown, id: first.user.id, index: start, count: Self.chunk)
        }
        // On while matches are unread: before the end was reached, or past a tail that the
        // window has since let go of. Two screens ahead: the first read holds one (firstSearchCount).
        if max(visible.upperBound, window.cursor + 1) + 2 * pageUsers > end, !search.complete || end < (counting.total ?? 0) {
            // The exact login, listed first, is read apart (0: after it); sorted, it has its place.
            let shown = SearchQuery(search.shown)
            let key = shown.sort == nil && shown.isExact(login: last.user.login) ? 0 : last.user.id
            return .searchAfter(query: search.shown, id: key, index: end - 1, count: Self.chunk)
        }
        return nil
    }

    /// The window's users read again (the database changed): the full list from its first user,
    /// or the matches from the first shown; the selection stays on its user.
    mutating func reloadWindow() -> [BrowserEffect] {
        guard window.request == nil else {
            window.reloadPending = true
            return []
        }
        // No match yet: the search again from its start (a note saved elsewhere may match now).
        if let search, isFiltering, window.users.isEmpty, search.complete {
            self.search?.complete = false
            return load(.searchAfter(query: search.shown, id: nil, index: -1, count: Self.chunk))
        }
        guard let first = window.users.first else { return [] }
        window.reloading = true
        let start = window.start
        guard let search, isFiltering else { return load(.reload(id: first.user.id, start: start, count: window.users.count)) }
        let count = max(window.users.count, Self.chunk)
        return load(.searchAfter(query: search.shown, id: start == 0 ? nil : first.user.id - 1, index: start - 1, count: count))
    }
}
