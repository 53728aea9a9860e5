import Foundation

/// When and how long to wait before trying a failed request again.
///
/// The schedule is exponential with "equal jitter": before retry *n* (1-based) it waits
/// `d/2 + random(0..<d/2)` where `d = min(maxDelay, baseDelay × factor^(n-1))`. With the defaults
/// (base 0.5 s, factor 2, cap 30 s, 5 attempts) a request that keeps failing is tried at about
/// 0, 0.5, 1.5, 3.5 and 7.5 s (±jitter) and fails after roughly 8–15 s.
///
/// What is retried: connection failures, timeouts, lost connections, 5xx, 429, secondary rate
/// limits and responses that cannot be decoded. `Retry-After` replaces the computed delay. A
/// primary rate limit is waited out only if it resets within ``maxWait``; otherwise, like any
/// server-requested wait longer than ``maxWait``, it fails at once. 400, 401, 403 (not a rate
/// limit), 404, 410 and 422 are never retried.
package struct RetryPolicy: Sendable, Hashable {
    /// The first delay before jitter: 0.5 s.
    package var baseDelay: Duration = .milliseconds(500)
    /// Growth per retry: 2.
    package var factor: Double = 2
    /// The longest computed delay: 30 s.
    package var maxDelay: Duration = .seconds(30)
    /// Attempts in all, the first included: 5.
    package var maxAttempts: Int = 5
    /// The longest wait a server may ask for (`Retry-After`, a rate-limit reset): 60 s.
    package var maxWait: Duration = .seconds(60)
    /// `--wait` (and `browse`): a host that cannot be reached (refused, no name, no answer in
    /// time) is tried again without limit, each delay still capped; an answer cut short is not
    /// such a failure and keeps ``maxAttempts``.
    package var waitsForNetwork: Bool = false
    /// The wait after a first secondary rate limit without `Retry-After`, as GitHub asks: 60 s
    /// ("wait for at least one minute before retrying"), doubled on each further one in a row
    /// ("increase the time between retries exponentially, and throw an error after a specific
    /// number of retries": GitHub Docs, "Best practices for using the REST API").
    package var secondaryLimitDelay: Duration = .seconds(60)
    /// How many secondary limits in a row are waited out before the request fails: 1 for a
    /// one-shot command (then it exits 6 saying when to try again), 5 while waiting for the
    /// network (`--wait`, `browse`): 60, 120, 240, 480 and 960 s, about half an hour.
    package var secondaryLimitWaits: Int { waitsForNetwork ? 5 : 1 }
    /// Whether a request that got no answer in time is tried again: yes, but not an avatar
    /// download, whose host that hangs would hold the one-at-a-time queue twice as long.
    package var retriesTimeouts = true
    /// Whether a 502 or 504 is tried again as any server error: yes, but not a GraphQL query,
    /// which GitHub ends after 10 seconds with one (GitHub Docs, "Rate limits and query limits
    /// for the GraphQL API", "Timeouts"): the same query would time out again, and each timeout
    /// costs points; its caller asks fewer ids instead.
    package var retriesGatewayTimeouts = true

    /// The default policy.
    package init() {}

    /// The delay before retry number `retry` (1 for the first retry), `jitter` in `0..<1`.
    package func backoff(retry: Int, jitter: Double) -> Duration {
        let exponent = Double(max(0, retry - 1))
        let uncapped = baseDelay.seconds * pow(factor, exponent)
        let full = min(maxDelay.seconds, uncapped)
        let half = full / 2
        return .seconds(half + half * min(max(jitter, 0), 0.999_999))
    }

    /// The wait after the `count`th secondary rate limit in a row without `Retry-After`:
    /// ``secondaryLimitDelay`` doubled for each before it.
    package func secondaryLimitDelay(count: Int) -> Duration {
        secondaryLimitDelay * (1 << min(max(0, count - 1), 20))
    }

    /// What to do after attempt number `attempt` (1-based) failed with `error`;
    /// `lostInARow`: how many attempts in a row, this one included, got an answer cut short;
    /// `secondaryInARow`: how many were secondary rate limits (``RetryController`` counts both;
    /// `attempt` when not given).
    package func decision(
        after error: any Error, attempt: Int, now: Date, jitter: Double, lostInARow: Int? = nil, secondaryInARow: Int? = nil
    ) -> RetryDecision {
        guard let error = error as? GitHubAPIError else { return .fail }
        let withinAttempts = attempt < maxAttempts
        switch error {
        case .unreachable, .timedOut, .connectionLost:
            if case .timedOut = error, !retriesTimeouts { return .fail }
            // Without limit only while the host cannot be reached: a host that answers and cuts
            // every answer short is not a network that will come back, so while waiting, cut
            // answers get ``maxAttempts`` in a row (counted apart from an outage's tries before).
            if case .connectionLost = error {
                guard waitsForNetwork ? (lostInARow ?? attempt) < maxAttempts : withinAttempts else { return .fail }
            } else {
                guard withinAttempts || waitsForNetwork else { return .fail }
            }
            return .retry(after: backoff(retry: attempt, jitter: jitter))
        case .server(let status, let retryAfter):
            guard withinAttempts, retriesGatewayTimeouts || (status != 502 && status != 504) else { return .fail }
            return honour(retryAfter, otherwise: backoff(retry: attempt, jitter: jitter))
        case .secondaryRateLimit(let retryAfter):
            let count = secondaryInARow ?? attempt
            guard count <= secondaryLimitWaits else { return .fail }
            // `Retry-After` is GitHub's own word: waited out while waiting for the network; a
            // one-shot command waits no longer than ``maxWait``.
            if let retryAfter, waitsForNetwork { return .retry(after: retryAfter) }
            return honour(retryAfter, otherwise: secondaryLimitDelay(count: count))
        case .rateLimited(let reset):
            guard withinAttempts else { return .fail }
            let wait = Duration.seconds(max(0, reset.timeIntervalSince(now)) + 1)
            return wait <= maxWait ? .retry(after: wait) : .fail
        case .invalidResponse:
            guard withinAttempts else { return .fail }
            return .retry(after: backoff(retry: attempt, jitter: jitter))
        case .notFound, .unauthorized, .forbidden, .insufficientScopes, .unexpectedStatus, .rejectedData, .bodyTooLarge, .badRedirect:
            return .fail
        }
    }

    private func honour(_ requested: Duration?, otherwise computed: Duration) -> RetryDecision {
        guard let requested else { return .retry(after: computed) }
        return requested <= maxWait ? .retry(after: requested) : .fail
    }
}

/// The outcome of ``RetryPolicy/decision(after:attempt:now:jitter:)``.
package enum RetryDecision: Sendable, Hashable {
    /// Try again after waiting this long.
    case retry(after: Duration)
    /// Give up and report the error.
    case fail
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
