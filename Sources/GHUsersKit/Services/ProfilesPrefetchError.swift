import Foundation

/// Why `profiles prefetch` stopped before every profile was fetched; what it saved stays.
public enum ProfilesPrefetchError: Error, Equatable {
    /// GraphQL needs a token and there is none: `profiles` profiles are pending; `variables`
    /// are the site's token variables (``TokenSource/variables``), and `restLimit` the REST
    /// requests an hour without a token that `--rest` would spend (`nil`: not known, as on an
    /// Enterprise Server whose limits are off).
    case needsToken(profiles: Int, variables: [String], restLimit: Int?)
    /// The rate limit of `resource` (`graphql`, or `core` over REST) is used up until `reset`,
    /// as GitHub said: what was done, and what is left for the next run.
    case stopped(CombinedService.PrefetchSummary, resource: String, reset: Date)
    /// GitHub failed otherwise (a secondary limit still there after the wait, the network, a
    /// refused query): what was done, and why it stopped.
    case failed(CombinedService.PrefetchSummary, GitHubAPIError)
}

extension ProfilesPrefetchError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .needsToken(let profiles, let variables, let restLimit):
            "GitHub's GraphQL API needs a token (\(variables.joined(separator: " or ")), or `gh auth login`); without one, "
                + "`ghusers profiles prefetch --rest` fetches the \(Self.count(profiles, "profile")) over REST, one request each"
                + (restLimit.map { limit in
                    "; GitHub allows \(limit) an hour without a token" + (profiles > limit && limit > 0 ? " (about \((profiles + limit - 1) / limit) hours)" : "")
                } ?? "; an Enterprise Server's limit without a token is its admin's")
        case .stopped(let summary, let resource, let reset):
            "the \(resource == RateLimit.graphQL ? "GraphQL" : "REST") rate limit is used up until \(GitHubAPIError.format(reset)) "
                + "after \(Self.count(summary.saved, "profile")) (\(summary.left) left); "
                + "run `ghusers profiles prefetch` again then to go on where it stopped"
        case .failed(let summary, let error):
            "\(Self.reason(error)); \(Self.count(summary.saved, "profile")) saved before it (\(summary.left) left): "
                + "run `ghusers profiles prefetch` again to go on where it stopped"
        }
    }

    /// What failed: in a few words where the advice is this command's own (run it again),
    /// GitHub's whole sentence where the token or the data is at fault.
    private static func reason(_ error: GitHubAPIError) -> String {
        switch error {
        case .unreachable, .timedOut, .connectionLost, .server, .secondaryRateLimit, .invalidResponse: error.failureReason
        default: error.errorDescription ?? error.retryReason
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
