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

    /// A request failed for want of a network: the banner, and the first retry timer (the
    /// page fetch retries by itself; this one gives avatars their next try).
    mutating func networkFailed(_ reason: String) -> [BrowserEffect] {
        if case .rateLimited = connection { return [] }
        let wasDown = if case .down = connection { true } else { false }
        if wasDown && reason.isEmpty { return [] }  // no new reason: keep the one shown
        connection = .down(reason: reason.isEmpty ? "avatars cannot be downloaded" : reason)
        guard !wasDown else { return [] }
        retryAttempt = 1
        retryGeneration += 1
        return [.timer(.retry(retryGeneration), seconds: Self.retryDelay(attempt: retryAttempt))]
    }

    /// Something came over the network: the banner goes, avatars that failed for want of it are
    /// asked for again, a failed page is fetched again.
    mutating func networkRecovered() -> [BrowserEffect] {
        guard case .down = connection else { return [] }
        connection = .online
        retryAttempt = 0
        retryGeneration += 1
        forgetNetworkFailures()
        if case .failed = paging { paging = .idle }
        return [.networkBack]
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
            let waiting = paging == .loading || pane?.fetching == true || avatars.values.contains {
                if case .failed(network: true) = $0 { true } else if case .loading = $0 { true } else { false }
            }
            guard waiting else {
                connection = .online
                retryAttempt = 0
                return [.networkBack]
            }
            retryAttempt += 1
            retryGeneration += 1
            forgetNetworkFailures()
            if case .failed = paging { paging = .idle }
            return [.networkBack, .timer(.retry(retryGeneration), seconds: Self.retryDelay(attempt: retryAttempt))]
        }
    }

    /// `r`: try now; a failed page is fetched again.
    mutating func retryNow() -> [BrowserEffect] {
        switch connection {
        case .rateLimited(let until):
            notice = "rate limited until \(Self.clock(until)): GitHub takes no requests before then"
            return []
        case .down:
            let waiting = paging == .loading
            var effects = retryNetwork()
            if waiting { effects.append(.retryPageNow) }
            return effects
        case .online:
            if case .failed = paging { paging = .idle }
            return []
        }
    }

    /// Avatars that failed for want of a network are asked for again by the next scheduling
    /// (and no longer count as failed).
    private mutating func forgetNetworkFailures() {
        let before = avatars.count
        avatars = avatars.filter { _, slot in
            if case .failed(network: true) = slot { return false }
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
