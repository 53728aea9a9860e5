import Foundation

// MARK: - Kept queries

extension CombinedService {
    /// The key a query is kept and resumed by: GitHub's part of it with its join-time bounds
    /// (``SearchQuery/GitHubForm``: its local-only words apart).
    static func key(_ form: SearchQuery.GitHubForm) -> String {
        let lower = max(form.created?.lowerBound ?? .min, searchEpoch)
        return form.query + " created:\(lower)..\(form.created.map { String($0.upperBound) } ?? "*")"
    }

    /// Every kept query, the last run first.
    public func keptQueries() async throws -> [KeptQuery] {
        try await database.read(StoreService.KeptQueries.all)
    }

    /// The kept query `form` asks GitHub, or `nil`.
    public func keptQuery(_ form: SearchQuery.GitHubForm) async throws -> KeptQuery? {
        try await database.read { db in try StoreService.KeptQueries.find(Self.key(form), db) }
    }

    /// Forgets the kept query `form`; its accounts stay cached. Whether it was kept.
    public func forget(_ form: SearchQuery.GitHubForm) async throws -> Bool {
        try await database.write { db in try StoreService.KeptQueries.forget(Self.key(form), db) }
    }

    /// The accounts GitHub gave in the last complete run of `form`.
    public func members(of form: SearchQuery.GitHubForm) async throws -> Set<Int64> {
        Set(try await database.read { db in try StoreService.KeptQueries.members(Self.key(form), db) })
    }

    /// Completes the run of `form` (kept by `key`): the accounts of the last run that this one
    /// did not find are asked by id, 100 to a GraphQL request (`nodes`; one GitHub no longer
    /// resolves then over REST, which marks a deleted one gone), so that why each left is
    /// known; then the run's members replace the last run's, and what changed is returned.
    func completeKept(
        _ form: SearchQuery.GitHubForm, key: String, client: GitHubClient, summary: inout OnlineSearchSummary, now: Date
    ) async throws -> QueryChanges {
        let leaving = try await database.read { db -> [User] in
            guard let ids = try StoreService.KeptQueries.leaving(key, db), !ids.isEmpty else { return [] }
            return try StoreService.Search.users(ids, db).map(\.user)
        }
        if !leaving.isEmpty {
            var queries = try await ProfileQueries(
                fetch: HTTPService.Users.FetchProfiles(client: client, url: site.graphQLURL), database: database,
                fingerprint: TokenSource.fingerprint(client.configuration.token))
            var prefetch = PrefetchSummary()
            var sizing = BatchSizing()
            let rest = HTTPService.Users.FetchProfile(client: client)
            for start in stride(from: 0, to: leaving.count, by: ProfilesQuery.batchSize) {
                let batch = leaving[start..<min(leaving.count, start + ProfilesQuery.batchSize)]
                let byNode = batch.filter { !($0.nodeID ?? "").isEmpty }
                var overREST = batch.filter { ($0.nodeID ?? "").isEmpty }
                if !byNode.isEmpty { overREST += try await prefetchOverGraphQL(byNode, queries: &queries, sizing: &sizing, summary: &prefetch, now: now) }
                for user in overREST { _ = try await fetchOverREST(user, rest: rest, summary: &prefetch, now: now) }
            }
            summary.requests += queries.requests + prefetch.restRequests
            summary.points += prefetch.points
        }
        let (count, requests, points) = (summary.gitHubCount, summary.requests, summary.points)
        let fields = SearchQuery(form.query).namedFields
        return try await database.write { db in
            try StoreService.KeptQueries.complete(
                key, query: form.query, gitHubCount: count, requests: requests, points: points, fields: fields, now: now, db)
        }
    }
}

// MARK: - Cost before spending

extension CombinedService {
    /// What `search --online` of a query would cost, asked with one count-only request (one
    /// point) and keeping nothing.
    public struct OnlineSearchPlan: Sendable, Hashable {
        /// GitHub's count of the query (its estimate).
        public var gitHubCount: Int
        /// GraphQL requests and points: pages of 100 accounts with their profiles, 4 points each
        /// (what GitHub charged such pages, Docs/BENCHMARKS.md), one more page a window of
        /// 1,000; GitHub's timeouts make pages of 50, which double both.
        public var requests: Int
        public var points: Int
        /// REST requests to complete the emails the query asks about and the token may not read
        /// over GraphQL (one an account); `nil` when it is not known whether it may.
        public var restRequests: Int?
        /// The GraphQL rate limit after the count: what is left of the hour.
        public var rateLimit: RateLimit?
        /// The count request's points.
        public var spent: Int
        /// About how long the run takes: a request at a time, about 2 s each, and the hours
        /// to wait where the points left run out.
        public var seconds: Int
    }

    /// Asks GitHub's count of `form` (one request, one point) and works out what its run would
    /// cost; keeps nothing, not even the count.
    ///
    /// - Throws: as ``searchOnline(_:now:progress:)`` before its first request.
    nonisolated(nonsending) public func planOnline(_ form: SearchQuery.GitHubForm) async throws -> OnlineSearchPlan {
        guard !configuration.offline else { throw CombinedServiceError.offline("search --online --dry-run") }
        guard form.asksGitHub else { throw OnlineSearchError.nothingToAsk(local: form.local) }
        guard await token.value != nil else { throw OnlineSearchError.needsToken(variables: TokenSource(site: site, environment: [:]).variables) }
        let client = try await network(for: "search --online --dry-run")
        let search = HTTPService.Users.Search(client: client, url: site.graphQLURL)
        let lower = max(form.created?.lowerBound ?? .min, Self.searchEpoch)
        let window = "created:\(Timestamp.iso8601(seconds: lower))..\(form.created.map { Timestamp.iso8601(seconds: $0.upperBound) } ?? "*")"
        let page = try await search((form.query.isEmpty ? "" : form.query + " ") + window, withEmail: false, count: true)
        let count = page.userCount
        let pages = max(1, (count + 99) / 100 + count / UsersSearchQuery.cap)
        let fingerprint = TokenSource.fingerprint(client.configuration.token)
        let readsEmail = try await database.read { db in try StoreService.Sync.readsEmail(fingerprint: fingerprint, db) }
        let rest = form.asksFields.contains(.email) ? readsEmail.map { $0 ? 0 : count } : 0
        let points = pages * 4
        var seconds = pages * 2 + (rest ?? count) / 4
        if let limit = page.receipt.rateLimit, points > limit.remaining, limit.limit > 0 {
            seconds += Int(max(0, limit.reset.timeIntervalSinceNow)) + (points - limit.remaining) / limit.limit * 3_600
        }
        return OnlineSearchPlan(
            gitHubCount: count, requests: pages, points: points, restRequests: rest, rateLimit: page.receipt.rateLimit,
            spent: page.receipt.cost ?? 1, seconds: seconds)
    }
}
