extension BrowserModel {
    /// One key: the help, a y/n question and the query line take keys first; then the list's
    /// keys, which also work with the profile pane open (the pane follows the selection).
    mutating func handle(_ key: KeyEvent) -> [BrowserEffect] {
        // The editor has the terminal: keys read before it took over are dropped, not acted on
        // behind it.
        if editingNote { return [] }
        // Esc and a key in one read look like Alt and the key; browse binds no Alt keys, so it
        // is Esc, then the key (Esc then / closes the pane and opens the search).
        if case .alt(let character) = key { return handle(.escape) + handle(.character(character)) }
        if showsHelp {
            showsHelp = false
            return []
        }
        if let confirmation { return answer(confirmation, with: key) }
        if search?.editing == true { return editQuery(key) }
        switch key {
        case .character("q"):
            if pane != nil { return closePane() }
            quitting = true
            return [.quit]
        case .control("c"):
            quitting = true
            return [.quit]
        case .escape:
            if pane != nil { return closePane() }
            if search != nil { return endSearch() }
        case .enter:
            if pane == nil { return openPane() }
        case .character("/"):
            return beginSearch()
        case .character("e"):
            guard let user = selected?.user else { return [] }
            editingNote = true
            return [.editNote(login: user.login)]
        case .character("x"):
            guard let details = selected else { return [] }
            guard details.note != nil else {
                notice = "\(details.user.login) has no note"
                return []
            }
            confirmation = .deleteNote(login: details.user.login, base: details.note)
        case .character("o"):
            guard let user = selected?.user else { return [] }
            guard let url = user.htmlURL, !url.isEmpty else {
                notice = "no GitHub page is known for \(user.login)"
                return []
            }
            return [.openURL(url)]
        case .character("?"):
            showsHelp = true
        case .character("r"):
            return retryNow()
        case .control("l"): return [.repaint]
        case .control("z"): return [.suspend]
        default:
            moveKey(key)
        }
        return []
    }

    /// The keys that move the selection or the view.
    mutating func moveKey(_ key: KeyEvent) {
        switch key {
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
    }

    private mutating func answer(_ confirmation: Confirmation, with key: KeyEvent) -> [BrowserEffect] {
        self.confirmation = nil
        switch confirmation {
        case .deleteNote(let login, let base):
            if key == .character("y") || key == .character("Y") { return [.deleteNote(login: login, base: base)] }
            notice = "kept the note on \(login)"
            return []
        case .noteConflict(let login, let mine, let theirs, let draft):
            switch key {
            case .character("m"):
                return [.saveNote(login: login, text: mine, base: theirs, draft: draft)]
            case .character("b"):
                editingNote = true
                return [.editNote(login: login, draft: Self.bothTexts(mine: mine, theirs: theirs))]
            default:  // t, Esc or any other key: the stored note stays
                notice = "kept the other note on \(login)" + (draft.map { "; yours is in \($0)" } ?? "")
                return []
            }
        }
    }

    /// Both sides of a note conflict in one file, marked as `git` marks a merge conflict.
    static func bothTexts(mine: String, theirs: String?) -> String {
        """
        <<<<<<< yours (written in this editor)
        \(mine)
        =======
        \(theirs ?? "(deleted meanwhile)")
        >>>>>>> theirs (saved while you edited)

        """
    }

    /// Moves the selection by `delta` users, within the list; a page move scrolls the view by
    /// as much.
    mutating func move(by delta: Int, page: Bool = false) {
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

    /// A click selects the user under it (nothing for a click beside the cards, below the last
    /// line of entries or on the pane).
    private mutating func select(x: Int, y: Int) {
        guard !paneCovers, x < listColumns, y >= 0, y / lineHeight < visibleLines else { return }
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
