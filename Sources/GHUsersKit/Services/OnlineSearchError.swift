import Foundation

/// Why `search --online` stopped before GitHub's answer was all kept. What was kept stays, and
/// the same query run again goes on with the windows still to ask.
public enum OnlineSearchError: Error, Sendable {
    /// GitHub's search over GraphQL needs a token; `variables` are the site's token variables.
    case needsToken(variables: [String])
    /// GitHub's query is empty: it would ask for every account.
    case nothingToAsk(local: [String])
    /// The GraphQL rate limit is used up until `reset`.
    case stopped(CombinedService.OnlineSearchSummary, reset: Date)
    /// GitHub failed otherwise (the network, a refused query).
    case failed(CombinedService.OnlineSearchSummary, GitHubAPIError)
    /// GitHub's accounts of `query`'s window from `window` (seconds since 1970), asked by join
    /// date, went back in time at `second`: what the window kept is forgotten as kept (its
    /// accounts stay cached) and the same command asks that window again.
    case outOfOrder(CombinedService.OnlineSearchSummary, query: String, window: Int64, second: Int64)
}

extension OnlineSearchError: LocalizedError {

    public var errorDescription: String? {
        switch self {
        case .needsToken(let variables):
            "GitHub's search over GraphQL needs a token (\(variables.joined(separator: " or ")), or `gh auth login`); "
                + "without one, `ghusers search QUERY` answers from the cache"
        case .nothingToAsk(let local):
            "nothing in the query is GitHub's to ask"
                + (local.isEmpty ? "" : " (\(local.joined(separator: " ")) only the cache can answer)")
                + "; add a term or one of GitHub's qualifiers ("
                + SearchSyntax.entries.filter { if case .never = $0.gitHub { false } else { $0.name != "in" } }.map { $0.name + ":" }.joined(separator: " ") + ")"
        case .stopped(let summary, let reset):
            "the GraphQL rate limit is used up until \(GitHubAPIError.format(reset)) after \(summary.kept) accounts; "
                + "run the same `ghusers search --online` again then to go on where it stopped"
        case .failed(let summary, let error):
            "\(error.errorDescription ?? error.failureReason); \(summary.kept) accounts kept before it: "
                + "run the same `ghusers search --online` again to go on where it stopped"
        case .outOfOrder(let summary, let query, let window, let second):
            "GitHub's accounts for “\(query)” joined from \(Timestamp.iso8601(seconds: window)) came out of join order (one joined \(Timestamp.iso8601(seconds: second))), "
                + "so windows could skip accounts; \(summary.kept) accounts kept before that window: "
                + "run the same `ghusers search --online` again to ask that window again"
        }
    }
}
