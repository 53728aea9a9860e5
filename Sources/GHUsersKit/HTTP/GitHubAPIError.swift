import Foundation

/// Everything that can go wrong talking to the GitHub API, in the terms a retry decision and
/// a user need.
public enum GitHubAPIError: Error, Equatable {
    /// No connection could be made.
    case unreachable(String)
    /// The server did not answer in time.
    case timedOut
    /// The connection closed before a whole response arrived.
    case connectionLost(String)
    /// A 5xx answer; `retryAfter` from its `Retry-After` header.
    case server(status: Int, retryAfter: Duration?)
    /// GitHub's secondary (abuse) rate limit: any 429 that is not the primary limit, or a 403
    /// that says so or carries `Retry-After`.
    case secondaryRateLimit(retryAfter: Duration?)
    /// The primary rate limit is used up until `reset`.
    case rateLimited(reset: Date)
    /// 404.
    case notFound
    /// 401: the token is missing, wrong or expired.
    case unauthorized(String)
    /// 403 for another reason than a rate limit.
    case forbidden(String)
    /// A GraphQL query asked a field the token's scopes do not reach (`INSUFFICIENT_SCOPES`):
    /// GitHub refused the whole query.
    case insufficientScopes(String)
    /// Any other status that is not a success.
    case unexpectedStatus(Int)
    /// A success whose body is not what the API promises (not JSON, an HTML error page, ...).
    case invalidResponse(String)
    /// A well-formed response whose data breaks the API's rules (an invalid login, a non-http(s)
    /// avatar URL): refused, and not retried, since asking again gives the same answer.
    case rejectedData(String)
    /// The body was larger than allowed.
    case bodyTooLarge(limit: Int)
    /// More than five redirects, or a redirect without a usable `Location`.
    case badRedirect

    /// Whether the error means the network, not the server, failed us.
    public var isNetworkFailure: Bool {
        switch self {
        case .unreachable, .timedOut, .connectionLost: true
        default: false
        }
    }

    init(_ error: TransportError) {
        switch error {
        case .unreachable(let reason): self = .unreachable(reason)
        case .timedOut: self = .timedOut
        case .connectionLost(let reason): self = .connectionLost(reason)
        case .bodyTooLarge(let limit): self = .bodyTooLarge(limit: limit)
        }
    }
}

extension GitHubAPIError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreachable(let reason):
            "cannot reach the GitHub API (\(reason)); check your connection and try again"
        case .timedOut:
            "the GitHub API did not answer in time; try again later"
        case .connectionLost(let reason):
            "the connection to the GitHub API was lost (\(reason)); try again"
        case .server(let status, _):
            "the GitHub API answered \(status) (a server error) on every attempt; try again later"
        case .secondaryRateLimit(let retryAfter):
            "GitHub's secondary rate limit was hit"
                + (retryAfter.map { "; it asks to wait \(Self.seconds($0)) s before trying again" } ?? "; try again in a few minutes (GitHub asks for a longer wait after each)")
        case .rateLimited(let reset):
            "GitHub's API rate limit is used up until \(Self.format(reset)); try again then, or set a token for a higher limit (GH_TOKEN for github.com, GH_ENTERPRISE_TOKEN elsewhere)"
        case .notFound:
            "not found on GitHub"
        case .unauthorized(let message):
            "GitHub refused the token (\(message)); check GH_TOKEN or GITHUB_TOKEN (github.com), GH_ENTERPRISE_TOKEN or GITHUB_ENTERPRISE_TOKEN (other hosts), or `gh auth status`"
        case .forbidden(let message):
            "GitHub refused the request: \(message)"
        case .insufficientScopes(let message):
            "GitHub refused the query for the token's scopes: \(message)"
        case .unexpectedStatus(let status):
            "the GitHub API answered with an unexpected status \(status)"
        case .invalidResponse(let reason):
            "the GitHub API sent a response that is not valid (\(reason)); try again later"
        case .rejectedData(let reason):
            "the GitHub API sent data that ghusers refuses (\(reason))"
        case .bodyTooLarge(let limit):
            "the GitHub API sent a response larger than \(limit / 1_048_576) MiB; refused"
        case .badRedirect:
            "the GitHub API redirected too often or without a location"
        }
    }

    /// The description for a request that was sent with a token (`tokenSent`) or without one:
    /// a 401 without a token asks for one rather than saying a token was refused, and the
    /// advice to set a token for a higher limit goes only to those who have none. A 401 comes
    /// without a token where an endpoint or a private-mode server requires one ("Requires
    /// authentication": GitHub Docs, "Troubleshooting the REST API"); a token's own limit is
    /// 5,000 an hour against 60 without ("Rate limits for the REST API").
    public func description(tokenSent: Bool) -> String {
        switch self {
        case .unauthorized(let message) where !tokenSent:
            "GitHub asks for a token (\(message)); set GH_TOKEN (github.com) or GH_ENTERPRISE_TOKEN (other hosts), or run `gh auth login`"
        case .rateLimited(let reset) where tokenSent:
            "GitHub's API rate limit for your token is used up until \(Self.format(reset)); try again then"
        default:
            errorDescription ?? retryReason
        }
    }

    /// Why a request is being tried again, in a few words for a line that goes on "; retrying
    /// in 2.0 s": the failure of one try, where ``errorDescription`` words the last.
    /// What failed, in a few words and without advice, for a line that already says what is
    /// done about it ("showing the profile cached at …").
    public var failureReason: String {
        switch self {
        case .unreachable(let reason): "GitHub cannot be reached: \(reason)"
        default: retryReason
        }
    }

    public var retryReason: String {
        switch self {
        case .server(let status, _): "GitHub answered \(status)"
        case .secondaryRateLimit: "GitHub's secondary rate limit was hit"
        case .rateLimited: "GitHub's rate limit is used up"
        case .invalidResponse: "the response was not valid"
        case .timedOut: "GitHub did not answer in time"
        case .connectionLost: "the connection was lost"
        default: "cannot reach GitHub"
        }
    }

    /// A time as users read it: local time with its zone, e.g. `2026-11-22 14:05:09 UTC`.
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss zzz"
        return formatter.string(from: date)
    }

    static func seconds(_ duration: Duration) -> Int64 {
        duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0)
    }
}
