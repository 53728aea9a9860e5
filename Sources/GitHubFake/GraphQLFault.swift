/// A misbehaviour the fake applies to an upcoming GraphQL query, queued with
/// ``GitHubFakeServer/inject(_:count:)`` or `POST /_fake/graphql-fault`, one per query in FIFO
/// order, apart from the REST faults (``Fault``).
public enum GraphQLFault: Sendable, Equatable, Codable {
    /// A secondary limit: its message and no `type`, in a 200 or a 403 (`status`), with
    /// `Retry-After` when given; no points are spent. GitHub Docs, "Rate limits and query
    /// limits for the GraphQL API", "Exceeding the rate limit": a secondary limit answers "a
    /// `200` or `403`" with "an error message that indicates that you hit a secondary rate
    /// limit"; the wording as clients met it (Azure/azure-rest-api-specs #36378).
    case secondaryRateLimit(status: Int, retryAfter: Int?)
    /// GitHub's query timeout: `status` (502 or 504) with its message, the query's points
    /// spent (GitHub Docs, same page, "Timeouts"; the message as in shurcooL/githubv4 #38).
    case timeout(status: Int)
}
