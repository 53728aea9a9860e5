import Foundation

/// GitHub's primary rate limit as its `x-ratelimit-*` headers state it.
public struct RateLimit: Codable, Sendable, Hashable {
    /// Requests allowed in the window (`x-ratelimit-limit`).
    public var limit: Int
    /// Requests left in the window (`x-ratelimit-remaining`).
    public var remaining: Int
    /// When the window resets (`x-ratelimit-reset`, epoch seconds).
    public var reset: Date
    /// The bucket, usually `core` (`x-ratelimit-resource`).
    public var resource: String?

    /// The REST API's bucket (GitHub Docs, "Rate limits for the REST API": `x-ratelimit-resource`).
    public static let core = "core"
    /// The GraphQL API's bucket, counted in points (GitHub Docs, "Rate limits and query limits
    /// for the GraphQL API": `x-ratelimit-resource: graphql`).
    public static let graphQL = "graphql"

    /// Creates a rate limit.
    public init(limit: Int, remaining: Int, reset: Date, resource: String? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.resource = resource
    }

    /// Reads the limit from response headers; `nil` when any of the three main headers is
    /// missing or malformed.
    package init?(headers: HTTPHeaderFields) {
        guard let limit = headers["x-ratelimit-limit"].flatMap({ Int($0) }),
            let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0) }),
            let reset = headers["x-ratelimit-reset"].flatMap({ TimeInterval($0) })
        else { return nil }
        self.init(
            limit: limit, remaining: remaining, reset: Date(timeIntervalSince1970: reset),
            resource: headers["x-ratelimit-resource"])
    }
}
