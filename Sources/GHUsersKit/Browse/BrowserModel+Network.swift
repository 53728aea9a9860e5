import Foundation

extension BrowserModel {
    /// The longest wait between two tries of the network while it is down: 8 s (the retry
    /// policy's schedule, capped lower than for one-shot commands so that the browser notices
    /// the network's return soon).
    public static let retryCap = 8.0

    /// The wait before try number `attempt` (1-based) after the network went down: the retry
    /// policy's exponential schedule, capped at ``retryCap``, without jitter.
    public static func retryDelay(attempt: Int) -> Double {
        var policy = RetryPolicy()
        policy.maxDelay = .seconds(retryCap)
        return policy.backoff(retry: attempt, jitter: 0.5).seconds
    }

    /// How long a failed thumbnail waits before it is asked for again: 30 s (`r` asks at once).
    public static let avatarRetryDelay = 30.0

    /// An API request could not reach the API (`reason`): the banner, and the first retry timer
    /// (the page fetch retries by itself; this one ends the banner when nothing waits any more).
    mutating func networkFailed(_ reason: String) -> [BrowserEffect] {
        if case .rateLimited = connection { return [] }
        let wasDown = if case .down = connection { true } else { false }
        connection = .down(reason: reason)
        guard !wasDown else { return [] }
        retryAttempt = 1
        retryGeneration += 1
        return [.timer(.retry(retryGeneration), seconds: Self.retryDelay(attempt: retryAttempt))]
    }

    /// The API answered: the banner goes, thumbnails that failed are asked for again, a failed
    /// page is fetched again.
    mutating func networkRecovered() -> [BrowserEffect] {
        guard case .down = connection else { return [] }
        connection = .online
        retryAttempt = 0
        retryGeneration += 1
        forgetAvatarFailures()
        if case .failed = paging { paging = .idle }
        return [.networkBack]
    }

    /// The next page failed: cancelled (nothing happened), offline (the banner), rate limited
    /// (the pause), or a failure of that request (the retry row says why).
    mutating func pageFailed(_ failure: RequestFailure) -> [BrowserEffect] {
        switch failure {
        case .cancelled:
            if paging == .loading { paging = .idle }
            return []
        case .offline(let reason):
            paging = .failed("GitHub cannot be reached (\(reason))")
            return networkFailed(reason)
        case .rateLimited(let until):
            paging = .failed("rate limited until \(Self.clock(until))")
            return pause(until: until)
        case .failed(let reason):
            paging = .failed(reason)
            return []
        }
    }

    /// A thumbnail failed: that row's state (marked on the thumbnail, counted in "failed"),
    /// asked for again after ``avatarRetryDelay`` when worth it; never the network's state.
    mutating func avatarFailed(_ id: Int64, retryable: Bool) -> [BrowserEffect] {
        guard case .loading = avatars[id] else { return [] }
        avatars[id] = .failed(retryable: retryable)
        avatarsFailed += 1
        guard retryable, !avatarRetryPending else { return [] }
        avatarRetryPending = true
        avatarRetryGeneration += 1
        return [.timer(.avatarRetry(avatarRetryGeneration), seconds: Self.avatarRetryDelay)]
    }

    /// Failed thumbnails are asked for again (those on screen at once, by the next scheduling),
    /// and the avatar pipeline may use every host again.
    mutating func retryAvatars() -> [BrowserEffect] {
        let before = avatarsFailed
        forgetAvatarFailures()
        return avatarsFailed == before ? [] : [.networkBack]
    }

    /// A rate limit: no API request until `until` (the page fetch and profiles wait; avatars
    /// are not API requests and go on).
    mutating func pause(until: Date) -> [BrowserEffect] {
        if case .rateLimited(let current) = connection, current >= until { return [] }  // timer already set
        connection = .rateLimited(until: until)
        retryGeneration += 1
        return [.timerAt(.retry(retryGeneration), date: until)]
    }

    /// A retry timer fired: after a rate limit, requests may go again; while the network is
    /// down, avatars get another try and the next timer is set, a little later.
    mutating func retryNetwork() -> [BrowserEffect] {
        switch connection {
        case .online:
            return []
        case .rateLimited:
            connection = .online
            if case .failed = paging { paging = .idle }
            if pane != nil { return paneRested() }
            return []
        case .down:
            // Nothing asks for the network any more (the pane closed, the page came from
            // elsewhere): nothing is failing, so the banner goes.
            let waiting = paging == .loading || pane?.fetching == true
            guard waiting else {
                connection = .online
                retryAttempt = 0
                return [.networkBack]
            }
            retryAttempt += 1
            retryGeneration += 1
            forgetAvatarFailures()
            if case .failed = paging { paging = .idle }
            return [.networkBack, .timer(.retry(retryGeneration), seconds: Self.retryDelay(attempt: retryAttempt))]
        }
    }

    /// `r`: try now; a failed page and failed thumbnails are asked for again.
    mutating func retryNow() -> [BrowserEffect] {
        let avatarEffects = retryAvatars()
        switch connection {
        case .rateLimited(let until):
            notice = "rate limited until \(Self.clock(until)): GitHub takes no requests before then"
            return avatarEffects
        case .down:
            let waiting = paging == .loading
            var effects = retryNetwork()
            if waiting { effects.append(.retryPageNow) }
            return effects + avatarEffects
        case .online:
            if case .failed = paging { paging = .idle }
            return avatarEffects
        }
    }

    /// Thumbnails that failed and are worth another try are asked for again by the next
    /// scheduling (and no longer count as failed).
    private mutating func forgetAvatarFailures() {
        let before = avatars.count
        avatars = avatars.filter { _, slot in
            if case .failed(retryable: true) = slot { return false }
            return true
        }
        avatarsFailed = max(0, avatarsFailed - (before - avatars.count))
    }

    /// `date` as the local time of day, HH:MM.
    public static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
