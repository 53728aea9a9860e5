import Foundation

// MARK: - Profiles prefetch

extension CombinedService {
    /// What `profiles prefetch` did.
    public struct PrefetchSummary: Sendable, Hashable {
        /// Profiles saved (over GraphQL and over REST).
        public var saved = 0
        /// Of those, organizations stored partial (GraphQL has no followers, following, gists,
        /// company or bio for them).
        public var partial = 0
        /// Accounts found under a new login (followed by node id or account id).
        public var renamed = 0
        /// Accounts GitHub no longer has, marked gone.
        public var gone = 0
        /// GraphQL requests sent, and the points they cost.
        public var graphQLRequests = 0
        public var points = 0
        /// REST requests sent (users without a node id, ids GraphQL could not resolve, `--rest`).
        public var restRequests = 0
        /// Users still pending when the run ended.
        public var left = 0

        /// Creates an empty summary.
        public init() {}
    }

    /// Where a prefetch stands, for a progress line.
    public struct PrefetchProgress: Sendable {
        public var done: Int
        public var total: Int
        /// The last rate limit of the road taken (`graphql`, or `core` with `--rest`).
        public var rateLimit: RateLimit?
    }

    /// Fetches the profile of every cached user that has none (with `stale`, also those older
    /// than ``Configuration/profileMaxAge``), at most `limit`, 100 to a GraphQL request by node
    /// id; users without a node id, and ids GraphQL cannot resolve, over REST (a renamed
    /// account is followed, one gone is marked). Each batch is saved in one transaction; no
    /// user is marked seen. `overREST`: every profile over REST, one request each (no token
    /// needed).
    ///
    /// - Throws: ``ProfilesPrefetchError/needsToken(profiles:)`` without a token (before any
    ///   request), ``ProfilesPrefetchError/stopped(_:resource:reset:)`` at a used-up rate limit
    ///   (what was saved stays; the next run goes on with the users still pending).
    nonisolated(nonsending) public func prefetchProfiles(
        stale: Bool = false, limit: Int? = nil, overREST: Bool = false, now: Date = Date(),
        progress: (PrefetchProgress) -> Void = { _ in }
    ) async throws -> PrefetchSummary {
        guard !configuration.offline else { throw CombinedServiceError.offline("profiles prefetch") }
        let pending = StoreService.Profiles.Pending(database: database)
        let staleBefore = stale ? now.addingTimeInterval(-configuration.profileMaxAge) : nil
        let total = min(try pending.count(staleBefore: staleBefore), limit ?? .max)
        var summary = PrefetchSummary()
        guard total > 0 else { return summary }
        if !overREST, token.wrappedValue == nil { throw ProfilesPrefetchError.needsToken(profiles: total) }
        let client = try network(for: "profiles prefetch")
        let graphQL = HTTPService.Users.FetchProfiles(client: client, url: site.graphQLURL)
        let rest = HTTPService.Users.FetchProfile(client: client)
        var after: Int64 = 0
        var done = 0
        var lastLimit: RateLimit?
        progress(PrefetchProgress(done: 0, total: total, rateLimit: nil))
        while done < total {
            let users = try pending(after: after, limit: min(ProfilesQuery.batchSize, total - done), staleBefore: staleBefore)
            guard let last = users.last else { break }
            after = last.id
            let byNode = overREST ? [] : users.filter { !($0.nodeID ?? "").isEmpty }
            var overRESTUsers = overREST ? users : users.filter { ($0.nodeID ?? "").isEmpty }
            var road = RateLimit.graphQL
            do {
                if !byNode.isEmpty {
                    let batch = try await graphQL(nodeIDs: byNode.compactMap(\.nodeID))
                    summary.graphQLRequests += 1
                    summary.points += batch.cost ?? 0
                    let (saved, renamed) = try StoreService.Profiles.SaveBatch(database: database)(
                        batch.fetched, users: Dictionary(byNode.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
                        rateLimit: batch.rateLimit, now: now)
                    summary.saved += saved
                    summary.renamed += renamed
                    summary.partial += batch.fetched.count(where: \.partial)
                    lastLimit = batch.rateLimit ?? lastLimit
                    let unresolved = Set(batch.unresolved)
                    overRESTUsers += byNode.filter { unresolved.contains($0.nodeID ?? "") }
                }
                road = RateLimit.core
                for user in overRESTUsers {
                    lastLimit = try await fetchOverREST(user, rest: rest, summary: &summary, now: now) ?? lastLimit
                }
            } catch GitHubAPIError.rateLimited(let reset) {
                let known = (try? StoreService.Sync.RateLimits(database: database)())?.first { $0.resource == road }
                record(RateLimit(limit: known?.limit ?? 0, remaining: 0, reset: reset, resource: road))
                summary.left = total - done
                throw ProfilesPrefetchError.stopped(summary, resource: road, reset: reset)
            }
            done += users.count
            progress(PrefetchProgress(done: done, total: total, rateLimit: lastLimit))
        }
        summary.left = total - done
        return summary
    }

    /// One profile over REST, never marking the user seen: by login, then by account id when
    /// the login is gone (a renamed account is saved under its new login; one gone from GitHub
    /// is marked gone, as `profile` does). Returns the response's rate limit.
    private func fetchOverREST(
        _ user: User, rest: HTTPService.Users.FetchProfile, summary: inout PrefetchSummary, now: Date
    ) async throws -> RateLimit? {
        var fetched: HTTPService.Users.FetchProfile.Result
        do {
            summary.restRequests += 1
            fetched = try await rest(login: user.login, etag: nil)
        } catch GitHubAPIError.notFound {
            do {
                summary.restRequests += 1
                fetched = try await rest(id: user.id)
            } catch GitHubAPIError.notFound {
                try StoreService.Users.MarkGone(database: database)(id: user.id)
                summary.gone += 1
                return nil
            }
        }
        guard case .profile(let account, let profile, let etag, let rateLimit) = fetched else { return nil }
        try StoreService.Profiles.Save(database: database)(user: account, profile: profile, etag: etag, rateLimit: rateLimit, now: now)
        summary.saved += 1
        if account.login != user.login { summary.renamed += 1 }
        return rateLimit
    }
}
