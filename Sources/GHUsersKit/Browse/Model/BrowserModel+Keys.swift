extension BrowserModel {
    /// One key: the help, a y/n question and the query line take keys first; then the list's
    /// keys, which also work with the profile pane open (the pane follows the selection).
    mutating func handle(_ key: KeyEvent) -> [BrowserEffect] {
        // The editor has the terminal: keys read before it took over are dropped, not acted on
        // behind it.
        if editing != nil { return [] }
        // Esc and a key in one read look like Alt and the key; browse binds no Alt keys, so it
        // is Esc, then the key (Esc then / closes the pane and opens the search).
        if case .alt(let character) = key { return handle(.escape) + handle(.character(character)) }
        if showsHelp {
            showsHelp = false
            return []
        }
        if let confirmation { return answer(confirmation, with: key) }
        if search?.editing == true { return editQuery(key) }
        guard let action = BrowserKeymap.action(for: key) else {
            moveWithMouse(key)  // pastes and unbound keys change nothing in the list
            return []
        }
        return perform(action)
    }

    /// Carries out `action` (``BrowserKeymap`` says which key asks for it).
    mutating func perform(_ action: BrowserAction) -> [BrowserEffect] {
        switch action {
        case .closeOrQuit:
            if pane.isOpen { return closePane() }
            quitting = true
            return [.quit]
        case .quit:
            quitting = true
            return [.quit]
        case .back:
            if pane.isOpen { return closePane() }
            if search != nil { return endSearch() }
        case .open:
            if !pane.isOpen { return openPane() }
        case .search:
            return beginSearch()
        case .editNote:
            guard let user = selected?.user else { return [] }
            editing = .note
            return [.editNote(login: user.login)]
        case .deleteNote:
            guard let details = selected else { return [] }
            guard details.note != nil else {
                notice = "\(details.user.login) has no note"
                return []
            }
            confirmation = .deleteNote(login: details.user.login, base: details.note)
        case .openPage:
            guard let user = selected?.user else { return [] }
            guard let url = user.htmlURL, !url.isEmpty else {
                notice = "no GitHub page is known for \(user.login)"
                return []
            }
            return [.openURL(url)]
        case .help:
            showsHelp = true
        case .retry:
            return retryNow()
        case .nextPage:
            return fetchNextPage()
        case .redraw: return [.repaint]
        case .suspend: return [.suspend]
        case .next: move(by: 1)
        case .lineDown: move(by: perLine)
        case .previous: move(by: -1)
        case .lineUp: move(by: -perLine)
        case .right:
            if layout == .grid, window.cursor % perLine < perLine - 1 { move(by: 1) }
        case .left:
            if layout == .grid, window.cursor % perLine > 0 { move(by: -1) }
        case .pageDown: move(by: pageUsers, page: true)
        case .pageUp: move(by: -pageUsers, page: true)
        case .first: move(to: 0)
        case .last: move(to: knownUsers - 1)
        case .paneDown: scrollPane(by: 1)
        case .paneUp: scrollPane(by: -1)
        }
        return []
    }

    /// Scrolls the open pane by `lines`, from its top to where its last line is at the bottom.
    private mutating func scrollPane(by lines: Int) {
        guard let scroll = pane.profile?.scroll else { return }
        let top = PaneLayout(self, color: false).top(scroll: scroll + lines, visible: listHeight)
        pane.profile?.scroll = top
    }

    /// A key that moves the selection or the view, from the query line (a bound key's action,
    /// or the mouse).
    mutating func moveKey(_ key: KeyEvent) {
        if let action = BrowserKeymap.action(for: key) { _ = perform(action) } else { moveWithMouse(key) }
    }

    /// The mouse: the wheel scrolls, a click selects.
    mutating func moveWithMouse(_ key: KeyEvent) {
        switch key {
        case .wheel(let up):
            // Three rows a notch; in the grid one line of cards (three lines would be more
            // than a screen).
            let lines = layout == .grid ? 1 : 3
            scroll(by: up ? -lines : lines)
        case .click(let x, let y):
            select(x: x, y: y)
        case .character, .control, .alt, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .delete, .paste, .unknown:
            break  // keys, and keys bound to nothing (BrowserKeymap): the list stays
        }
    }

    private mutating func answer(_ confirmation: Confirmation, with key: KeyEvent) -> [BrowserEffect] {
        self.confirmation = nil
        let answer = QueryLineKeymap.answer(for: key)
        switch confirmation {
        case .deleteNote(let login, let base):
            if answer == .yes { return [.deleteNote(login: login, base: base)] }
            notice = "kept the note on \(login)"
            return []
        case .noteConflict(let login, let mine, let theirs, let draft):
            switch answer {
            case .mine:
                return [.saveNote(login: login, text: mine, base: theirs, draft: draft)]
            case .both:
                editing = .conflict(confirmation)
                return [.editNote(login: login, draft: Self.bothTexts(mine: mine, theirs: theirs))]
            case .theirs:
                guard let draft else {
                    // Keeping theirs would lose mine: it is nowhere else.
                    self.confirmation = confirmation
                    notice = "your text could not be kept in a file: m saves it, b edits both"
                    return []
                }
                notice = draftNotice("kept the other note on \(login); yours is in ", draft)
                return []
            case .yes, nil:  // not this question's answer (type-ahead, the mouse): the question stays
                self.confirmation = confirmation
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
        window.direction = delta >= 0 ? 1 : -1
        let target = min(max(0, window.cursor + delta), total - 1)
        if page {
            let maxTop = max(0, (total - 1) / perLine - visibleLines + 1)
            window.top = min(max(0, window.top + (target - window.cursor) / perLine), maxTop)
        }
        window.cursor = target
        keepCursorVisible()
    }

    private mutating func move(to index: Int) {
        let total = knownUsers
        guard total > 0 else { return }
        window.direction = index >= window.cursor ? 1 : -1
        window.cursor = min(max(0, index), total - 1)
        keepCursorVisible()
    }

    /// The mouse wheel: the view moves by `lines` lines of entries; the selection stays on
    /// screen.
    private mutating func scroll(by lines: Int) {
        let total = knownUsers
        guard total > 0 else { return }
        window.direction = lines >= 0 ? 1 : -1
        let maxTop = max(0, (total - 1) / perLine - visibleLines + 1)
        window.top = min(max(0, window.top + lines), maxTop)
        let first = window.top * perLine
        let last = min(total - 1, first + pageUsers - 1)
        window.cursor = min(max(window.cursor, first), last)
    }

    /// A click selects the user under it (nothing for a click beside the cards, below the last
    /// line of entries or on the pane).
    private mutating func select(x: Int, y: Int) {
        guard !paneCovers, x < listColumns, y >= 0, y / lineHeight < visibleLines else { return }
        let line = window.top + y / lineHeight
        var column = 0
        if layout == .grid {
            let offset = x - gutter
            guard offset >= 0, offset % (cardWidth + 2) < cardWidth else { return }
            column = offset / (cardWidth + 2)
            guard column < perLine else { return }
        }
        let index = line * perLine + column
        if index < knownUsers {
            window.cursor = index
            keepCursorVisible()
        }
    }

    mutating func keepCursorVisible() {
        let line = window.cursor / perLine
        if line < window.top { window.top = line }
        if line >= window.top + visibleLines { window.top = line - visibleLines + 1 }
    }
}

extension BrowserModel {
    /// `text` and then a note draft's path, on one status line: the path whole if it fits the
    /// terminal's width, else its folder and file name (``NoteDraft/shown(_:width:environment:)``).
    func draftNotice(_ text: String, _ draft: String) -> String {
        text + NoteDraft.shown(draft, width: columns - CellGrid.columns(of: text) - 2)
    }
}
