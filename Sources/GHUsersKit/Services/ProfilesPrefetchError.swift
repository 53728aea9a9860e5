import Foundation

/// Why `profiles prefetch`, or a profile it left partial, could not do what was asked.
public enum ProfilesPrefetchError: Error, Equatable {
    /// GraphQL needs a token and there is none: `profiles` profiles are pending, and `--rest`
    /// would fetch them one request each.
    case needsToken(profiles: Int)
    /// The rate limit of `resource` (`graphql`, or `core` over REST) is used up until `reset`:
    /// what was done, and what is left for the next run.
    case stopped(CombinedService.PrefetchSummary, resource: String, reset: Date)
    /// `profile --json` of a profile whose fields are partly unknown (an organization
    /// prefetched over GraphQL), and the network could not complete it.
    case partialProfile(login: String)
}

extension ProfilesPrefetchError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .needsToken(let profiles):
            // GitHub Docs, "Rate limits for the REST API": 60 requests an hour without a token.
            "GitHub's GraphQL API needs a token (GH_TOKEN, GITHUB_TOKEN or `gh auth login`); without one, "
                + "`ghusers profiles prefetch --rest` fetches the \(profiles) profile\(profiles == 1 ? "" : "s") over REST: "
                + "\(profiles) request\(profiles == 1 ? "" : "s") of the 60 an hour GitHub allows without a token"
                + (profiles > 60 ? " (about \((profiles + 59) / 60) hours)" : "")
        case .stopped(let summary, let resource, let reset):
            "the \(resource == RateLimit.graphQL ? "GraphQL" : "REST") rate limit is used up until \(GitHubAPIError.format(reset)) "
                + "after \(summary.saved) profile\(summary.saved == 1 ? "" : "s") (\(summary.left) left); "
                + "run `ghusers profiles prefetch` again then to go on where it stopped"
        case .partialProfile(let login):
            "the cached profile of \(login) is partial (an organization prefetched over GraphQL: its followers, following, "
                + "gists, company and bio are unknown); run `ghusers profile \(login)` while connected to complete it"
        }
    }
}
