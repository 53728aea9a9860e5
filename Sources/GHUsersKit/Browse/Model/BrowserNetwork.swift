import Foundation

/// The network as `browse` shows it (the banner, the status bar's "offline" and "rate"): the
/// session's choice to stay off it, whether the GitHub API can be reached, the last rate limit
/// seen, and the retry timer while it cannot.
package struct BrowserNetwork: Sendable {
    /// Whether the GitHub API can be reached, as far as the browser knows: only requests to
    /// the API root (pages, profiles) are evidence; avatars, on their own hosts, are not.
    package enum Connection: Hashable, Sendable {
        case online
        /// API requests fail for want of a network (`reason`: DNS, refused, timeout); the
        /// browser tries again on the retry schedule and recovers by itself.
        case down(reason: String)
        /// A rate limit: no API request until `until`.
        case rateLimited(until: Date)
    }

    /// The session stays off the network (`--offline`).
    package var offline: Bool
    package var connection = Connection.online
    /// The rate limit as last seen (stored or answered).
    package var rateLimit: RateLimit?
    /// Retries since the network went down (the delay grows with it) and the generation of the
    /// retry timer (an older timer is stale).
    package var retryAttempt = 0
    package var retryGeneration = 0

    /// A network state for a session that is `offline` or not, online until told otherwise.
    package init(offline: Bool) {
        self.offline = offline
    }

    /// Whether a rate limit holds API requests back.
    package var isRateLimited: Bool {
        if case .rateLimited = connection { true } else { false }
    }

    /// Whether API requests fail for want of a network.
    package var isDown: Bool {
        if case .down = connection { true } else { false }
    }
}
