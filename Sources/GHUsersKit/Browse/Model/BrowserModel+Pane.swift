extension BrowserModel {
    /// The size of the pane's avatar in cells: 24 × 12 when the list area has 30 lines or more,
    /// else 16 × 8.
    package var paneHeaderCells: (columns: Int, rows: Int) {
        listHeight >= 30 ? AvatarListRenderer.headerCells : (16, 8)
    }

    /// Enter: the selected user's profile, cached first; opening it is a deliberate act, so
    /// the user is marked seen and the request (if the cache is stale) starts at once.
    mutating func openPane() -> [BrowserEffect] {
        guard let user = selected?.user else { return [] }
        relayout { $0.pane.show(user) }
        return [.cancelProfile, .loadCachedProfile(id: user.id, login: user.login)] + paneRested()
    }

    mutating func closePane() -> [BrowserEffect] {
        relayout { $0.pane.profile = nil }
        return [.cancelProfile]
    }

    /// With the pane open, a new selection moves the pane: its cached profile at once, the
    /// request and the seen mark once the selection has rested.
    mutating func followSelection(from previous: Int64?) -> [BrowserEffect] {
        guard let profile = pane.profile, let user = selected?.user, user.id != profile.id else { return [] }
        pane.show(user)
        return [
            .cancelProfile, .loadCachedProfile(id: user.id, login: user.login),
            .timer(.rest(pane.generation), seconds: Self.restDelay),
        ]
    }

    /// The pane's user has been on screen long enough: seen, and fetched if the cache is stale
    /// or empty (not while rate limited: the cached profile stays, with the reason).
    mutating func paneRested() -> [BrowserEffect] {
        guard let profile = pane.profile else { return [] }
        markSeenInWindow(profile.id)
        var effects: [BrowserEffect] = [.markSeen(profile.id)]
        if avatars.enabled, let details = window.user(withID: profile.id) {
            effects.append(.loadHeader(id: profile.id, url: details.user.avatarURL))
        }
        if case .rateLimited(let until) = network.connection {
            // True whether or not a cached profile shows (its lookup may still be on its way).
            pane.profile?.message = "rate limited until \(Self.clock(until)): no profile is fetched until then"
            return effects
        }
        pane.profile?.fetching = true
        return effects + [.fetchProfile(id: profile.id, login: profile.login)]
    }

    mutating func profileCached(id: Int64, _ cached: CachedProfile?) {
        guard pane.profile?.id == id else { return }
        pane.profile?.lookedUp = true
        guard let cached else { return }
        if let shown = pane.profile?.details, shown.fetchedAt >= cached.fetchedAt {
            pane.profile?.details?.note = cached.details.note  // a note saved elsewhere since
            return
        }
        pane.profile?.details = ProfileDetails(
            user: cached.details.user, profile: cached.profile, note: cached.details.note, seen: cached.details.seen,
            fetchedAt: cached.fetchedAt, source: .cache)
    }

    /// Fetching a profile failed: nothing when cancelled; otherwise the pane keeps the cached
    /// profile and says why, and an unreachable API is the network's state.
    mutating func profileFailed(id: Int64, _ failure: RequestFailure) -> [BrowserEffect] {
        if failure == .cancelled { return [] }
        let cached = pane.profile?.details != nil
        if pane.profile?.id == id {
            pane.profile?.fetching = false
            switch failure {
            case .cancelled: break
            case .offline: pane.profile?.message = cached ? "offline: the cached profile is shown" : "offline: this profile is not cached yet"
            case .rateLimited(let until): pane.profile?.message = "rate limited until \(Self.clock(until))" + (cached ? ": the cached profile is shown" : "")
            case .failed(let reason): pane.profile?.message = network.offline ? reason : reason + " · r tries again"
            }
        }
        switch failure {
        case .offline(let reason): return networkFailed(reason)
        case .rateLimited(let until): return pause(until: until)
        case .cancelled, .failed: return []
        }
    }

    mutating func profileFetched(id: Int64, _ details: ProfileDetails) -> [BrowserEffect] {
        if let offset = window.offset(of: id) {
            window.users[offset].user = details.user
            window.users[offset].note = details.note
            window.users[offset].seen = true
        }
        guard pane.profile?.id == id else { return [] }
        pane.profile?.fetching = false
        pane.profile?.details = details
        switch details.source {
        case .network:
            pane.profile?.message = nil
            return networkRecovered()
        case .cache:
            pane.profile?.message = nil
        case .staleCache(let reason):
            pane.profile?.message = "cached profile (\(reason))"
        }
        return []
    }

    // MARK: - Notes

    mutating func noteEdited(login: String, _ edit: NoteEdit, base: String?) -> [BrowserEffect] {
        let editing = self.editing
        self.editing = nil
        if case .conflict(let conflict) = editing {
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
        for offset in window.users.indices where window.users[offset].user.login == login { window.users[offset].note = text }
        if pane.profile?.login == login { pane.profile?.details?.note = text }
        notice = text == nil ? "deleted the note on \(login)" : "saved the note on \(login)"
    }
}
