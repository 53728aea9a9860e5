extension BrowserModel {
    /// The size of the pane's avatar in cells: 24 × 12 when the list area has 30 lines or more,
    /// else 16 × 8.
    public var paneHeaderCells: (columns: Int, rows: Int) {
        listHeight >= 30 ? AvatarListRenderer.headerCells : (16, 8)
    }

    /// Enter: the selected user's profile, cached first; opening it is a deliberate act, so
    /// the user is marked seen and the request (if the cache is stale) starts at once.
    mutating func openPane() -> [BrowserEffect] {
        guard let user = selected?.user else { return [] }
        paneGeneration += 1
        relayout { $0.pane = ProfilePane(user: user, generation: $0.paneGeneration) }
        return [.cancelProfile, .loadCachedProfile(id: user.id, login: user.login)] + paneRested()
    }

    mutating func closePane() -> [BrowserEffect] {
        relayout { $0.pane = nil }
        return [.cancelProfile]
    }

    /// With the pane open, a new selection moves the pane: its cached profile at once, the
    /// request and the seen mark once the selection has rested.
    mutating func followSelection(from previous: Int64?) -> [BrowserEffect] {
        guard let pane, let user = selected?.user, user.id != pane.id else { return [] }
        paneGeneration += 1
        self.pane = ProfilePane(user: user, generation: paneGeneration)
        return [
            .cancelProfile, .loadCachedProfile(id: user.id, login: user.login),
            .timer(.rest(paneGeneration), seconds: Self.restDelay),
        ]
    }

    /// The pane's user has been on screen long enough: seen, and fetched if the cache is stale
    /// or empty (not while rate limited: the cached profile stays, with the reason).
    mutating func paneRested() -> [BrowserEffect] {
        guard let pane else { return [] }
        markSeenInWindow(pane.id)
        var effects: [BrowserEffect] = [.markSeen(pane.id)]
        if avatarsEnabled, let details = user(withID: pane.id) {
            effects.append(.loadHeader(id: pane.id, url: details.user.avatarURL))
        }
        if case .rateLimited(let until) = connection {
            self.pane?.message = "rate limited until \(Self.clock(until)): the cached profile is shown"
            return effects
        }
        self.pane?.fetching = true
        return effects + [.fetchProfile(id: pane.id, login: pane.login)]
    }

    mutating func profileCached(id: Int64, _ cached: CachedProfile?) {
        guard pane?.id == id else { return }
        pane?.lookedUp = true
        guard let cached else { return }
        if let shown = pane?.details, shown.fetchedAt >= cached.fetchedAt {
            pane?.details?.note = cached.details.note  // a note saved elsewhere since
            return
        }
        pane?.details = ProfileDetails(
            user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: cached.details.seen,
            fetchedAt: cached.fetchedAt, source: .cache)
    }

    /// Fetching a profile failed: nothing when cancelled; otherwise the pane keeps the cached
    /// profile and says why, and an unreachable API is the network's state.
    mutating func profileFailed(id: Int64, _ failure: RequestFailure) -> [BrowserEffect] {
        if failure == .cancelled { return [] }
        let cached = pane?.details != nil
        if pane?.id == id {
            pane?.fetching = false
            switch failure {
            case .cancelled: break
            case .offline: pane?.message = cached ? "offline: the cached profile is shown" : "offline: this profile is not cached yet"
            case .rateLimited(let until): pane?.message = "rate limited until \(Self.clock(until))" + (cached ? ": the cached profile is shown" : "")
            case .failed(let reason): pane?.message = reason
            }
        }
        switch failure {
        case .offline(let reason): return networkFailed(reason)
        case .rateLimited(let until): return pause(until: until)
        case .cancelled, .failed: return []
        }
    }

    mutating func profileFetched(id: Int64, _ details: ProfileDetails) -> [BrowserEffect] {
        if let index = window.firstIndex(where: { $0.user.id == id }) {
            window[index].user = details.user
            window[index].note = details.note
            window[index].seen = true
        }
        guard pane?.id == id else { return [] }
        pane?.fetching = false
        pane?.details = details
        switch details.source {
        case .network:
            pane?.message = nil
            return networkRecovered()
        case .cache:
            pane?.message = nil
        case .staleCache(let reason):
            pane?.message = "cached profile (\(reason))"
        }
        return []
    }

    /// The user `id`, if in the window.
    func user(withID id: Int64) -> UserDetails? {
        window.first { $0.user.id == id }
    }

    // MARK: - Notes

    mutating func noteEdited(login: String, _ edit: NoteEdit, base: String?) -> [BrowserEffect] {
        editingNote = false
        if let conflict = conflictInEditor {
            conflictInEditor = nil
            switch edit {
            case .changed(let text):
                guard case .noteConflict(_, _, _, let draft) = conflict else { break }
                return [.saveNote(login: login, text: text, base: base, draft: draft)]
            case .unchanged, .failed:
                // Nothing decided: the question again (both texts are still safe).
                confirmation = conflict
                notice = "nothing was saved: m keeps yours, t theirs, b edits both"
                return []
            case .emptied:
                break  // the file emptied: as for any note, a delete to confirm
            }
        }
        switch edit {
        case .changed(let text):
            return [.saveNote(login: login, text: text, base: base)]
        case .unchanged:
            notice = "the note on \(login) is unchanged"
        case .emptied:
            if let base {
                confirmation = .deleteNote(login: login, base: base)
            } else {
                notice = "no note saved on \(login): the file was empty"
            }
        case .failed(let reason):
            notice = "the editor failed (\(reason)): the note on \(login) is unchanged"
        }
        return []
    }

    mutating func noteSaved(login: String, text: String?) {
        for index in window.indices where window[index].user.login == login { window[index].note = text }
        if pane?.login == login { pane?.details?.note = text }
        notice = text == nil ? "deleted the note on \(login)" : "saved the note on \(login)"
    }
}
