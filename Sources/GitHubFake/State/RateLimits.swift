/// GitHub's primary rate limits: one window for every request without a token, and one per
/// token.
///
/// GitHub Docs, "Rate limits for the REST API"
/// (https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api): "The
/// primary rate limit for unauthenticated requests is 60 requests per hour" and a personal
/// token's requests "count towards your personal rate limit of 5,000 requests per hour". The
/// captured unauthenticated `GET /users` (Resources' `users-since-0`, headers in
/// ../shared/fixtures/github/users-since-0.captured.headers.json) says `x-ratelimit-limit: 60`.
struct RateLimits: Sendable {
    /// The window of requests without a token.
    private(set) var anonymous: RateLimitWindow
    /// The windows of tokens, by `Authorization` value.
    private var byToken: [String: RateLimitWindow] = [:]
    private let tokenLimit: Int
    private let length: Int

    init(anonymousLimit: Int, tokenLimit: Int, now: Int, length: Int = 3_600) {
        anonymous = RateLimitWindow(limit: anonymousLimit, now: now, length: length)
        (self.tokenLimit, self.length) = (tokenLimit, length)
    }

    /// Admits a request made with `token` (an `Authorization` value; `nil` without one),
    /// counting it when `counts`.
    mutating func admit(token: String?, now: Int, counts: Bool) -> RateLimitWindow.Admission {
        guard let token else { return anonymous.admit(now: now, counts: counts) }
        var window = byToken[token] ?? RateLimitWindow(limit: tokenLimit, now: now, length: length)
        let admission = window.admit(now: now, counts: counts)
        byToken[token] = window
        return admission
    }

    /// Spends `points` of the window of `token` (GraphQL's points).
    mutating func spend(token: String, points: Int, now: Int) -> RateLimitWindow.Admission {
        var window = byToken[token] ?? RateLimitWindow(limit: tokenLimit, now: now, length: length)
        let admission = window.spend(points, now: now)
        byToken[token] = window
        return admission
    }

    /// The current values of the window of `token` (the anonymous one for `nil`).
    mutating func current(token: String?, now: Int) -> RateLimitWindow.Snapshot {
        guard let token else { return anonymous.current(now: now) }
        var window = byToken[token] ?? RateLimitWindow(limit: tokenLimit, now: now, length: length)
        let snapshot = window.current(now: now)
        byToken[token] = window
        return snapshot
    }

    /// Starts every window afresh now.
    mutating func restart(now: Int) {
        anonymous.restart(now: now)
        byToken = [:]
    }
}
