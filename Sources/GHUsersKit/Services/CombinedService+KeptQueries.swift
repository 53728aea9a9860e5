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
        let fields = Set(SearchQuery(form.query).qualifiers.flatMap { $0.test.alternatives.compactMap(\.field) })
        return try await database.write { db in
            try StoreService.KeptQueries.complete(
                key, query: form.query, gitHubCount: count, requests: requests, points: points, fields: fields, now: now, db)
        }
    }
}
