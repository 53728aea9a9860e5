extension BrowserModel {
    /// What the model needs after a change: the window read that covers the screen and a
    /// screen around it, the next page when the selection arrives near the last cached user
    /// and the list walk leads (``BrowserCounting/fetchesOnArrival(at:)``), and
    /// avatars for the rows on screen (then ahead in the scroll direction and half a screen
    /// behind, unless keys repeat fast), with loads for rows that left that span cancelled.
    mutating func needs() -> [BrowserEffect] {
        guard !isTooSmall else { return [] }
        var effects: [BrowserEffect] = []
        if isFiltering {
            if let request = searchWindowNeeded() { effects += load(request) }
        } else if let total = counting.total {
            if let request = windowNeeded(total: total) { effects += load(request) }
            let nearEnd = total == 0 || window.cursor >= total - pageUsers
            let arrival = selected?.user.id ?? 0
            let online = !network.offline && !network.isRateLimited
            if online, nearEnd, window.end == total, counting.fetchesOnArrival(at: arrival) {
                counting.askedAt = arrival
                counting.askedByKey = false
                counting.paging = .loading
                effects.append(.fetchPage)
            } else if online, counting.askedByKey, counting.paging == .idle {
                // `n`'s page failed, and the failure was forgotten: asked again.
                counting.paging = .loading
                effects.append(.fetchPage)
            }
        }
        if avatars.enabled { effects += scheduleAvatars() }
        return effects
    }

    /// Reads `request` for the window: the one read it waits for.
    mutating func load(_ request: WindowRequest) -> [BrowserEffect] {
        window.request = request
        return [.loadWindow(request)]
    }

    private func windowNeeded(total: Int) -> WindowRequest? {
        guard window.request == nil, !window.blocked, total > 0 else { return nil }
        let visible = visibleRange
        let cursor = window.cursor
        let wanted = max(0, visible.lowerBound - pageUsers)..<min(total, max(visible.upperBound, cursor + 1) + pageUsers)
        let start = window.start
        let end = window.end
        guard let first = window.users.first, let last = window.users.last else {
            return cursor >= total - Self.chunk && cursor >= Self.chunk ? .last(count: Self.chunk) : .first(count: Self.chunk)
        }
        if wanted.lowerBound < start {
            if wanted.lowerBound < Self.chunk && start - wanted.upperBound > Self.chunk { return .first(count: Self.chunk) }
            return .before(id: first.user.id, index: start, count: Self.chunk)
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
            if users.count < asked, let known = counting.total, start + users.count < known {
                endList(at: start + users.count)
            }
        case .searchAfter(_, _, _, let asked):
            if users.count < asked {
                search?.complete = true
                endList(at: start + users.count)
            }
        case .around(let id, _):
            if let offset = window.offset(of: id) {
                window.cursor = window.start + offset
                keepCursorVisible()
            }
        default:
            break
        }
        // A reload (of the list or of the matches) keeps the selection on its user.
        if window.reloading {
            window.reloading = false
            if let selectedID, selected?.user.id != selectedID, let offset = window.offset(of: selectedID) {
                window.cursor = window.start + offset
                keepCursorVisible()
            }
        }
    }

    /// The list ends at `count` users (a short read): the selection stays in it.
    private mutating func endList(at count: Int) {
        setTotal(count)
        keepCursorVisible()
    }

    /// Puts a window read's users in place: next to the window when adjacent, else instead of
    /// it; then cuts the window to ``windowLimit`` around the cursor and forgets avatars of
    /// users no longer in it.
    mutating func merge(_ users: [UserDetails], at start: Int, for request: WindowRequest) {
        let end = window.end
        let empty = window.users.isEmpty
        switch request {
        case .after where start == end && !empty, .searchAfter where start == end && !empty:
            window.users += users
        case .before where start + users.count == window.start && !empty,
            .searchBefore where start + users.count == window.start && !empty:
            window.users.insert(contentsOf: users, at: 0)
            window.start = start
        default:
            window.users = users
            window.start = start
        }
        if window.users.count > Self.windowLimit {
            let keepStart = min(max(window.start, window.cursor - Self.windowLimit / 2), window.end - Self.windowLimit)
            let offset = keepStart - window.start
            window.users = Array(window.users[offset..<(offset + Self.windowLimit)])
            window.start = keepStart
            // Drawn, failed or not cached avatars of users gone from the window are forgotten
            // (and no longer counted); loads still running are left to scheduleAvatars, which
            // cancels them.
            let ids = Set(window.users.map(\.user.id))
            avatars.slots = avatars.slots.filter { id, slot in
                if ids.contains(id) { return true }
                if case .loading = slot { return true }
                return false
            }
        }
    }

    /// Avatar loads to start, nearest first, and loads to cancel.
    private mutating func scheduleAvatars() -> [BrowserEffect] {
        let total = knownUsers
        guard total > 0 else { return [] }
        let visible = visibleRange
        let cursor = window.cursor
        var wanted: [(index: Int, priority: Int)] = visible.map { ($0, abs($0 - cursor)) }
        if !window.fastScrolling {
            let ahead = window.direction > 0
                ? visible.upperBound..<min(total, visible.upperBound + pageUsers)
                : max(0, visible.lowerBound - pageUsers)..<visible.lowerBound
            let behind = window.direction > 0
                ? max(0, visible.lowerBound - pageUsers / 2)..<visible.lowerBound
                : visible.upperBound..<min(total, visible.upperBound + pageUsers / 2)
            wanted += ahead.map { ($0, 1_000 + abs($0 - cursor)) }
            wanted += behind.map { ($0, 2_000 + abs($0 - cursor)) }
        }
        var effects: [BrowserEffect] = []
        var wantedIDs = Set<Int64>()
        for (index, priority) in wanted.sorted(by: { $0.priority < $1.priority }) {
            guard let details = window.user(at: index) else { continue }
            let id = details.user.id
            wantedIDs.insert(id)
            if avatars.slots[id] == nil {
                avatars.slots[id] = .loading
                effects.append(.loadAvatar(id: id, url: details.user.avatarURL, position: index + 1, priority: priority))
            }
        }
        for (id, slot) in avatars.slots {
            if case .loading = slot, !wantedIDs.contains(id) {
                avatars.slots[id] = nil
                effects.append(.cancelAvatar(id))
            }
        }
        forgetAvatarsOutsideWindow()
        return effects
    }

    /// Drawn (and failed) thumbnails of users the window no longer holds are forgotten once the
    /// slots outnumber the window twice: a long session visits thousands of users, and each
    /// drawn slot keeps its cells. Scrolled back, a user's thumbnail comes again from the
    /// pipeline's memory or disk cache.
    private mutating func forgetAvatarsOutsideWindow() {
        guard avatars.slots.count > 2 * max(window.users.count, pageUsers) else { return }
        let kept = Set(window.users.map(\.user.id))
        avatars.slots = avatars.slots.filter { id, slot in
            if case .loading = slot { return true }
            return kept.contains(id)
        }
    }
}
