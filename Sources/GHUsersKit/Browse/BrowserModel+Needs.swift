extension BrowserModel {
    /// What the model needs after a change: the window read that covers the screen and a
    /// screen around it, the next page when the selection nears the last cached user, and
    /// avatars for the rows on screen (then ahead in the scroll direction and half a screen
    /// behind, unless keys repeat fast), with loads for rows that left that span cancelled.
    mutating func needs() -> [BrowserEffect] {
        guard !isTooSmall else { return [] }
        var effects: [BrowserEffect] = []
        if isFiltering {
            if let request = searchWindowNeeded() {
                windowRequest = request
                effects.append(.loadWindow(request))
            }
        } else if let total {
            if let request = windowNeeded(total: total) {
                windowRequest = request
                effects.append(.loadWindow(request))
            }
            let nearEnd = total == 0 || cursor >= total - pageUsers
            if !offline, !isRateLimited, paging == .idle, nearEnd, windowStart + window.count == total {
                paging = .loading
                effects.append(.fetchPage)
            }
        }
        if avatarsEnabled { effects += scheduleAvatars() }
        return effects
    }

    private func windowNeeded(total: Int) -> WindowRequest? {
        guard windowRequest == nil, !windowBlocked, total > 0 else { return nil }
        let visible = visibleRange
        let wanted = max(0, visible.lowerBound - pageUsers)..<min(total, max(visible.upperBound, cursor + 1) + pageUsers)
        let end = windowStart + window.count
        guard let first = window.first, let last = window.last else {
            return cursor >= total - Self.chunk && cursor >= Self.chunk ? .last(count: Self.chunk) : .first(count: Self.chunk)
        }
        if wanted.lowerBound < windowStart {
            if wanted.lowerBound < Self.chunk && windowStart - wanted.upperBound > Self.chunk { return .first(count: Self.chunk) }
            return .before(id: first.user.id, index: windowStart, count: Self.chunk)
        }
        if wanted.upperBound > end {
            if wanted.upperBound > total - Self.chunk && wanted.lowerBound - end > Self.chunk { return .last(count: Self.chunk) }
            return .after(id: last.user.id, index: end - 1, count: Self.chunk)
        }
        return nil
    }

    /// A window read's users: merged; a short read after an id ends the list there (whatever
    /// the count said: another process may have replaced a user whose login was taken over; for
    /// a search, every match has been read); a reload keeps the selection on its user.
    mutating func loaded(_ users: [UserDetails], at start: Int, for request: WindowRequest) {
        let selectedID = selected?.user.id
        merge(users, at: start, for: request)
        switch request {
        case .after(_, _, let asked):
            if users.count < asked, let known = total, start + users.count < known {
                total = start + users.count
                cursor = min(cursor, max(0, start + users.count - 1))
                keepCursorVisible()
            }
        case .searchAfter(_, _, _, let asked):
            if users.count < asked {
                search?.complete = true
                total = start + users.count
                cursor = min(cursor, max(0, start + users.count - 1))
                keepCursorVisible()
            }
        default:
            break
        }
        // A reload (of the list or of the matches) keeps the selection on its user.
        if reloading {
            reloading = false
            if let selectedID, selected?.user.id != selectedID, let index = window.firstIndex(where: { $0.user.id == selectedID }) {
                cursor = windowStart + index
                keepCursorVisible()
            }
        }
    }

    /// Puts a window read's users in place: next to the window when adjacent, else instead of
    /// it; then cuts the window to ``windowLimit`` around the cursor and forgets avatars of
    /// users no longer in it.
    mutating func merge(_ users: [UserDetails], at start: Int, for request: WindowRequest) {
        let end = windowStart + window.count
        switch request {
        case .after where start == end && !window.isEmpty, .searchAfter where start == end && !window.isEmpty:
            window += users
        case .before where start + users.count == windowStart && !window.isEmpty,
            .searchBefore where start + users.count == windowStart && !window.isEmpty:
            window.insert(contentsOf: users, at: 0)
            windowStart = start
        default:
            window = users
            windowStart = start
        }
        if window.count > Self.windowLimit {
            let keepStart = min(max(windowStart, cursor - Self.windowLimit / 2), windowStart + window.count - Self.windowLimit)
            window = Array(window[(keepStart - windowStart)..<(keepStart - windowStart + Self.windowLimit)])
            windowStart = keepStart
            // Drawn or failed avatars of users gone from the window are forgotten; loads still
            // running are left to scheduleAvatars, which cancels them.
            let ids = Set(window.map(\.user.id))
            var forgottenFailures = 0
            avatars = avatars.filter { id, slot in
                if ids.contains(id) { return true }
                if case .loading = slot { return true }
                if case .failed = slot { forgottenFailures += 1 }
                return false
            }
            // A failure forgotten is not counted twice when its row comes back.
            avatarsFailed = max(0, avatarsFailed - forgottenFailures)
        }
    }

    /// Avatar loads to start, nearest first, and loads to cancel.
    private mutating func scheduleAvatars() -> [BrowserEffect] {
        let total = knownUsers
        guard total > 0 else { return [] }
        let visible = visibleRange
        var wanted: [(index: Int, priority: Int)] = visible.map { ($0, abs($0 - cursor)) }
        if !fastScrolling {
            let ahead = direction > 0
                ? visible.upperBound..<min(total, visible.upperBound + pageUsers)
                : max(0, visible.lowerBound - pageUsers)..<visible.lowerBound
            let behind = direction > 0
                ? max(0, visible.lowerBound - pageUsers / 2)..<visible.lowerBound
                : visible.upperBound..<min(total, visible.upperBound + pageUsers / 2)
            wanted += ahead.map { ($0, 1_000 + abs($0 - cursor)) }
            wanted += behind.map { ($0, 2_000 + abs($0 - cursor)) }
        }
        var effects: [BrowserEffect] = []
        var wantedIDs = Set<Int64>()
        for (index, priority) in wanted.sorted(by: { $0.priority < $1.priority }) {
            guard let details = user(at: index) else { continue }
            let id = details.user.id
            wantedIDs.insert(id)
            if avatars[id] == nil {
                avatars[id] = .loading
                effects.append(.loadAvatar(id: id, url: details.user.avatarURL, position: index + 1, priority: priority))
            }
        }
        for (id, slot) in avatars {
            if case .loading = slot, !wantedIDs.contains(id) {
                avatars[id] = nil
                effects.append(.cancelAvatar(id))
            }
        }
        return effects
    }

    /// Whether a rate limit holds API requests back.
    public var isRateLimited: Bool {
        if case .rateLimited = connection { true } else { false }
    }

    /// Avatars asked for and not drawn or failed yet.
    public var avatarsPending: Int {
        avatars.values.count { if case .loading = $0 { true } else { false } }
    }
}
