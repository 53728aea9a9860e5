extension BrowserModel {
    /// How long the selection must rest before the pane asks the network for a profile: 0.3 s.
    package static let restDelay = 0.3

    /// The first effects: count the cached users and read the first screens.
    package mutating func start() -> [BrowserEffect] {
        window.request = .first(count: Self.chunk)
        // The window first: its read is quick, the count of a million rows is not.
        return [.loadWindow(.first(count: Self.chunk))] + requestCount()
    }

    /// How long a notice leads the activity line before the counters have it back: 8 s, time
    /// to read a sentence at 80 columns.
    package static let noticeSeconds = 8.0

    /// Applies `message` and returns the effects to run, in order.
    package mutating func update(_ message: BrowserMessage) -> [BrowserEffect] {
        let selectedBefore = selected?.user.id
        let noticeBefore = notice
        var effects = apply(message)
        if quitting { return effects }
        if let notice, notice != noticeBefore {
            noticeGeneration += 1
            effects.append(.timer(.noticeShown(noticeGeneration), seconds: Self.noticeSeconds))
        }
        return effects + followSelection(from: selectedBefore) + needs()
    }

    private mutating func apply(_ message: BrowserMessage) -> [BrowserEffect] {
        switch message {
        case .keys(let keys, let time):
            var effects: [BrowserEffect] = []
            window.blocked = false
            window.fastScrolling = window.lastKeyAt.map { time - $0 < Self.fastScrollInterval } ?? false
            window.lastKeyAt = time
            for key in keys {
                effects += handle(key)
                if quitting { return effects }
            }
            effects = Self.lastSearchOnly(effects)
            if window.fastScrolling { effects.append(.timer(.scrollPause, seconds: Self.fastScrollInterval * 2)) }
            return effects
        case .resized(let columns, let rows):
            relayout {
                $0.columns = columns
                $0.rows = rows
            }
        case .timerFired(let timer, let time):
            return fired(timer, at: time)
        case .windowLoaded(let request, let start, let users):
            guard request == window.request else { return [] }  // an older query's, or replaced
            window.request = nil
            loaded(users, at: start, for: request)
            if window.reloadPending {
                window.reloadPending = false
                return reloadWindow()
            }
        case .searchCounted(let query, let count):
            searchCounted(query, total: count)
        case .onlineSearch(let query, let status, let finished):
            onlineSearch(query, status: status, finished: finished)
        case .windowFailed(let request, let reason):
            guard request == window.request else { return [] }
            window.request = nil
            window.blocked = true
            notice = "could not read the cache: \(reason)"
        case .countFailed(let reason):
            notice = "could not count the cache: \(reason)"
            return countDone()
        case .counted(let count, let pageSize, let rateLimit, let endReached, let walkLeads):
            counting.pageSize = pageSize
            counting.walkLeads = walkLeads
            network.rateLimit = rateLimit
            if endReached { counting.paging = .ended }
            if search != nil {
                search?.savedTotal = count
                if !isFiltering { setTotal(count) }
            } else {
                setTotal(count)
            }
            if count == 0 && network.offline { notice = "nothing is cached yet, and this session stays off the network: q quits" }
            return countDone()
        case .pageFetched(let users, let reachedEnd, let isFirst, let pageSize, let rateLimit):
            return pageFetched(users, reachedEnd: reachedEnd, isFirst: isFirst, pageSize: pageSize, rateLimit: rateLimit)
        case .pageFailed(let failure):
            return pageFailed(failure)
        case .networkTrouble(let reason):
            return networkFailed(reason)
        case .avatarDrawn(let id, let cells):
            if case .loading = avatars.slots[id] {
                avatars.slots[id] = .drawn(cells)
                avatars.done += 1
            }
        case .avatarFailed(let id, let retryable):
            return avatarFailed(id, retryable: retryable)
        case .avatarNotCached(let id):
            if case .loading = avatars.slots[id] { avatars.slots[id] = .notCached }
        case .profileCached(let id, let cached):
            profileCached(id: id, cached)
        case .profileFetched(let id, let details):
            return profileFetched(id: id, details)
        case .profileFailed(let id, let failure):
            return profileFailed(id: id, failure)
        case .headerDrawn(let id, let grid, let picture):
            if pane.profile?.id == id {
                pane.profile?.header = grid
                pane.profile?.picture = picture
            }
        case .noteEdited(let login, let edit, let base):
            return noteEdited(login: login, edit, base: base)
        case .noteConflict(let login, let mine, let theirs, let draft):
            confirmation = .noteConflict(login: login, mine: mine, theirs: theirs, draft: draft)
            notice = draft.map { draftNotice("your text is kept in ", $0) } ?? "your text could not be kept in a file: m saves it"
        case .noteSaved(let login, let text):
            noteSaved(login: login, text: text)
        case .noteFailed(let reason), .notice(let reason):
            notice = reason
        case .rateLimitExhausted(let until):
            return pause(until: until)
        case .searchIndexLoaded:
            return isFiltering ? reloadWindow() : []
        case .databaseChanged:
            var effects = requestCount()
            if let profile = pane.profile { effects.append(.loadCachedProfile(id: profile.id, login: profile.login)) }
            return effects + reloadWindow()
        }
        return []
    }

    private mutating func fired(_ timer: BrowserTimer, at time: Double) -> [BrowserEffect] {
        switch timer {
        case .scrollPause:
            if window.lastKeyAt.map({ time - $0 >= Self.fastScrollInterval }) ?? true { window.fastScrolling = false }
            return []
        case .rest(let generation):
            guard pane.profile?.generation == generation else { return [] }
            return paneRested()
        case .retry(let generation):
            guard generation == network.retryGeneration else { return [] }
            return retryNetwork()
        case .avatarRetry(let generation):
            guard generation == avatars.retryGeneration else { return [] }
            avatars.retryPending = false
            return retryAvatars()
        case .noticeShown(let generation):
            // A question's notice (a conflict's draft path) and the only word on an empty
            // screen stay.
            guard generation == noticeGeneration, confirmation == nil, knownUsers > 0 else { return [] }
            notice = nil
            return []
        }
    }

    private mutating func pageFetched(
        _ users: [UserDetails], reachedEnd: Bool, isFirst: Bool, pageSize: Int?, rateLimit: RateLimit?
    ) -> [BrowserEffect] {
        if let rateLimit { network.rateLimit = rateLimit }
        var effects: [BrowserEffect] = []
        if !isFiltering {
            let oldTotal = counting.total ?? 0
            counting.total = oldTotal + users.count
            // A page lands after the window's last user when the walk leads; on a home that
            // searches filled (`n`), among or above the cached users: the window is read again
            // around the selection, which stays on its user.
            let after = (users.first?.user.id ?? .max) > (window.users.last?.user.id ?? 0)
            if window.end == oldTotal, after {
                window.users += users
            } else if !users.isEmpty, let id = selected?.user.id {
                effects += load(.around(id: id, count: Self.chunk))
            }
        }
        counting.pageSize = pageSize ?? counting.pageSize  // the store's, after the save (SyncState.pageSize(settingFrom:))
        // The first page on an empty list gives it a selection: no arrival of the user's.
        if counting.askedAt == 0, let id = selected?.user.id { counting.askedAt = id }
        // `n`'s page is said (on a home searches filled, even the first: its user knows the keys).
        if counting.askedByKey, let first = users.first?.user.id, let last = users.last?.user.id {
            notice = "a page of GitHub's users list: \(users.count) users, ids \(first)–\(last) · n fetches the next"
        } else if isFirst {
            notice = "Welcome to ghusers! Everything fetched works offline. j/k move, Enter opens a profile, ? help."
        }
        if reachedEnd {
            counting.paging = .ended
            if !counting.endAnnounced || counting.askedByKey && users.isEmpty {
                notice = "end of GitHub's users list: no users after the last one the list gave"
            }
            counting.endAnnounced = true
        } else {
            counting.paging = .idle
        }
        counting.askedByKey = false
        // The saved page may have replaced users (a login taken over) and other processes may
        // have added pages: the count is read again.
        return effects + requestCount() + networkRecovered()
    }

    /// A count of the cache, unless one is in flight: then one more after it (a count of a
    /// million rows takes longer than the watcher's interval; counts never queue up).
    mutating func requestCount() -> [BrowserEffect] {
        guard counting.count == .idle else {
            counting.count = .runningThenAgain
            return []
        }
        counting.count = .running
        return [.count]
    }

    private mutating func countDone() -> [BrowserEffect] {
        let again = counting.count == .runningThenAgain
        counting.count = .idle
        return again ? requestCount() : []
    }

    /// Sets the list's length, keeping the selection in it.
    mutating func setTotal(_ count: Int) {
        counting.total = count
        window.cursor = min(window.cursor, max(0, count - 1))
    }

    /// Changes the size or the pane (`change`), keeping the first user on screen there and the
    /// selection visible: the number of users a line holds may change with it.
    mutating func relayout(_ change: (inout BrowserModel) -> Void) {
        let first = window.top * perLine
        change(&self)
        window.top = first / perLine
        keepCursorVisible()
    }

    /// Marks the user `id` seen in the window (the list dims them at once).
    mutating func markSeenInWindow(_ id: Int64) {
        if let offset = window.offset(of: id) { window.users[offset].seen = true }
    }
}
