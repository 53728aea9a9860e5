import Foundation

extension BrowserModel {
    /// The longest wait between two tries of the network while it is down: 8 s (the retry
    /// policy's schedule, capped lower than for one-shot commands so that the browser notices
    /// the network's return soon).
    package static let retryCap = 8.0

    /// The wait before try number `attempt` (1-based) after the network went down: the retry
    /// policy's exponential schedule, capped at ``retryCap``, without jitter.
    package static func retryDelay(attempt: Int) -> Double {
        var policy = RetryPolicy()
        policy.maxDelay = .seconds(retryCap)
        return policy.backoff(retry: attempt, jitter: 0.5).seconds
    }

    /// How long a failed thumbnail waits before it is asked for again: 30 s (`r` asks at once).
    package static let avatarRetryDelay = 30.0

    /// An API request could not reach the API (`reason`): the banner, and the first retry timer
    /// (the page fetch retries by itself; this one ends the banner when nothing waits any more).
    mutating func networkFailed(_ reason: String) -> [BrowserEffect] {
        if network.isRateLimited { return [] }
        let wasDown = network.isDown
        network.connection = .down(reason: reason)
        guard !wasDown else { return [] }
        network.retryAttempt = 1
        network.retryGeneration += 1
        return [.timer(.retry(network.retryGeneration), seconds: Self.retryDelay(attempt: network.retryAttempt))]
    }

    /// The API answered: the banner goes, thumbnails that failed are asked for again, a failed
    /// page is fetched again.
    mutating func networkRecovered() -> [BrowserEffect] {
        guard network.isDown else { return [] }
        network.connection = .online
        network.retryAttempt = 0
        network.retryGeneration += 1
        forgetAvatarFailures()
        counting.forgetPageFailure()
        return [.networkBack]
    }

    /// The next page failed: cancelled (nothing happened), offline (the banner), rate limited
    /// (the pause), or a failure of that request (the retry row says why).
    mutating func pageFailed(_ failure: RequestFailure) -> [BrowserEffect] {
        switch failure {
        case .cancelled:
            if counting.paging == .loading {
                counting.paging = .idle
                counting.askedAt = nil
                counting.askedByKey = false
            }
            return []
        case .offline(let reason):
            counting.paging = .failed("GitHub cannot be reached (\(reason))")
            return networkFailed(reason)
        case .rateLimited(let until):
            counting.paging = .failed("rate limited until \(Self.clock(until))")
            return pause(until: until)
        case .failed(let reason):
            counting.paging = .failed(reason)
            return []
        }
    }

    /// A thumbnail failed: that row's state (marked on the thumbnail, counted in "failed"),
    /// asked for again after ``avatarRetryDelay`` when worth it; never the network's state.
    mutating func avatarFailed(_ id: Int64, retryable: Bool) -> [BrowserEffect] {
        guard case .loading = avatars.slots[id] else { return [] }
        avatars.slots[id] = .failed(retryable: retryable)
        guard retryable, !avatars.retryPending else { return [] }
        avatars.retryPending = true
        avatars.retryGeneration += 1
        return [.timer(.avatarRetry(avatars.retryGeneration), seconds: Self.avatarRetryDelay)]
    }

    /// Failed thumbnails are asked for again (those on screen at once, by the next scheduling),
    /// and the avatar pipeline may use every host again.
    mutating func retryAvatars() -> [BrowserEffect] {
        let before = avatars.failed
        forgetAvatarFailures()
        return avatars.failed == before ? [] : [.networkBack]
    }

    /// A rate limit: no API request until `until` (the page fetch and profiles wait; avatars
    /// are not API requests and go on).
    mutating func pause(until: Date) -> [BrowserEffect] {
        if case .rateLimited(let current) = network.connection, current >= until { return [] }  // timer already set
        network.connection = .rateLimited(until: until)
        network.retryGeneration += 1
        return [.timerAt(.retry(network.retryGeneration), date: until)]
    }

    /// A retry timer fired: after a rate limit, requests may go again; while the network is
    /// down, avatars get another try and the next timer is set, a little later.
    mutating func retryNetwork() -> [BrowserEffect] {
        switch network.connection {
        case .online:
            return []
        case .rateLimited:
            network.connection = .online
            counting.forgetPageFailure()
            if pane.isOpen { return paneRested() }
            return []
        case .down:
            // Nothing asks for the network any more (the pane closed, the page came from
            // elsewhere): nothing is failing, so the banner goes.
            let waiting = counting.paging == .loading || pane.profile?.fetching == true
            guard waiting else {
                network.connection = .online
                network.retryAttempt = 0
                return [.networkBack]
            }
            network.retryAttempt += 1
            network.retryGeneration += 1
            forgetAvatarFailures()
            counting.forgetPageFailure()
            return [.networkBack, .timer(.retry(network.retryGeneration), seconds: Self.retryDelay(attempt: network.retryAttempt))]
        }
    }

    /// `n`: one page of GitHub's users list after the walk's cursor, wherever the selection is:
    /// on a home that searches filled, the one way to walk the list (reaching the end fetches
    /// nothing there). One page a press; a press while one loads is said, not queued.
    mutating func fetchNextPage() -> [BrowserEffect] {
        if network.offline {
            notice = "offline by choice (--offline): no page of GitHub's users list is fetched"
            return []
        }
        if case .rateLimited(let until) = network.connection {
            notice = "rate limited until \(Self.clock(until)): GitHub takes no requests before then"
            return []
        }
        if counting.paging == .loading {
            notice = "a page of GitHub's users list is loading: n asks for the next once it is here"
            return []
        }
        counting.paging = .loading
        counting.askedAt = selected?.user.id ?? 0
        counting.askedByKey = true
        return [.fetchPage]
    }

    /// `r`: try now; a failed page and failed thumbnails are asked for again.
    mutating func retryNow() -> [BrowserEffect] {
        let avatarEffects = retryAvatars()
        switch network.connection {
        case .rateLimited(let until):
            notice = "rate limited until \(Self.clock(until)): GitHub takes no requests before then"
            return avatarEffects
        case .down:
            let waiting = counting.paging == .loading
            var effects = retryNetwork()
            if waiting { effects.append(.retryPageNow) }
            return effects + avatarEffects
        case .online:
            counting.forgetPageFailure()
            // A profile whose fetch failed while the API answered (a cut answer, a 5xx): again.
            if !network.offline, let profile = pane.profile, !profile.fetching, profile.message != nil {
                pane.profile?.message = nil
                pane.profile?.fetching = true
                return avatarEffects + [.fetchProfile(id: profile.id, login: profile.login)]
            }
            return avatarEffects
        }
    }

    /// Thumbnails that failed and are worth another try, and those not cached in a session off
    /// the network (`avatars prefetch` in another shell may have cached them since), are asked
    /// for again by the next scheduling (and no longer count as failed or not cached).
    private mutating func forgetAvatarFailures() {
        avatars.slots = avatars.slots.filter { _, slot in
            switch slot {
            case .failed(retryable: true), .notCached: false
            default: true
            }
        }
    }

    /// `date` as the local time of day, HH:MM.
    package static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
