/// GitHub's primary rate limit: `limit` requests per window of `length` seconds (an hour; a
/// minute for search).
struct RateLimitWindow: Sendable {
    /// The values of the `x-ratelimit-*` headers.
    struct Snapshot: Sendable, Equatable {
        var limit: Int
        var remaining: Int
        var used: Int
        /// Epoch seconds at which the window resets.
        var reset: Int
    }

    /// What the window says about one request.
    enum Admission: Sendable, Equatable {
        /// Serve it; the snapshot is taken after counting it.
        case allowed(Snapshot)
        /// The window is exhausted: answer 403.
        case exhausted(Snapshot)
    }

    let limit: Int
    let length: Int
    private(set) var used = 0
    private(set) var reset: Int

    init(limit: Int, now: Int, length: Int = 3_600) {
        (self.limit, self.length) = (max(0, limit), length)
        self.reset = now + length
    }

    var snapshot: Snapshot {
        Snapshot(limit: limit, remaining: max(0, limit - used), used: used, reset: reset)
    }

    /// Admits a request, counting it when `counts` (a `304 Not Modified` does not count).
    mutating func admit(now: Int, counts: Bool) -> Admission {
        roll(now: now)
        guard used < limit else { return .exhausted(snapshot) }
        if counts { used += 1 }
        return .allowed(snapshot)
    }

    /// Spends `points` (a GraphQL query's cost), or none when fewer than that are left.
    mutating func spend(_ points: Int, now: Int) -> Admission {
        roll(now: now)
        guard used + points <= limit else { return .exhausted(snapshot) }
        used += points
        return .allowed(snapshot)
    }

    /// The current values, after starting a new window if the old one has ended.
    mutating func current(now: Int) -> Snapshot {
        roll(now: now)
        return snapshot
    }

    /// Starts a fresh window now.
    mutating func restart(now: Int) {
        used = 0
        reset = now + length
    }

    private mutating func roll(now: Int) {
        if now >= reset { restart(now: now) }
    }
}
