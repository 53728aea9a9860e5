import Foundation
import GRDB

// MARK: - Profiles prefetch

extension CombinedService {
    /// What `profiles prefetch` did.
    public struct PrefetchSummary: Sendable, Hashable {
        /// Profiles saved (over GraphQL and over REST).
        public var saved = 0
        /// Of those, profiles with fields unknown (``CachedProfile/unknown``) besides an email:
        /// an organization's followers, fields GitHub nulled with an error.
        public var partial = 0
        /// Accounts found under a new login (followed by node id or account id).
        public var renamed = 0
        /// Accounts GitHub no longer has, marked gone.
        public var gone = 0
        /// Accounts GitHub would not give (`FORBIDDEN` behind SAML or an IP allow list, another
        /// error, invalid data, a query that timed out on one id): left pending for a later run.
        public var kept = 0
        /// Why the first of them was kept, in GitHub's words.
        public var keptReason: String?
        /// GraphQL queries GitHub ended with a 502 or 504 (a timeout), each asked again smaller.
        public var timeouts = 0
        /// GraphQL requests sent, and the points GitHub said they cost (`rateLimit { cost }`).
        public var graphQLRequests = 0
        public var points = 0
        /// REST requests sent (users without a node id, ids GraphQL could not resolve, `--rest`).
        public var restRequests = 0
        /// Users still pending when the run ended.
        public var left = 0
        /// Whether emails were asked over GraphQL (`false`: the token may not read them, and
        /// they stay unknown); `nil` when no GraphQL query was sent.
        public var emailsAsked: Bool?
        /// Profiles saved without a known email, and the token's scopes as GitHub named them
        /// (`X-OAuth-Scopes`; `nil` for a token without scopes, or no answer).
        public var noEmail = 0
        public var scopes: String?
        /// The rate limit of the road taken after the last request, as GitHub's headers said.
        public var rateLimit: RateLimit?

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
    /// account is followed, one gone is marked). Each answer is saved in one transaction; no
    /// user is marked seen. `overREST`: every profile over REST, one request each (no token
    /// needed).
    ///
    /// GitHub as it answers (``HTTPService/Users/FetchProfiles``): `email` is asked only of a
    /// token that may read it (``ProfileQueries``); a node GitHub will not give stays pending
    /// and the rest of its batch is saved; a query that timed out is asked again at most once,
    /// then in halves (100, 50, 25, …), and a single id that still times out stays pending.
    ///
    /// - Throws: ``ProfilesPrefetchError/needsToken(profiles:variables:restLimit:)`` without a
    ///   token (before any request), ``ProfilesPrefetchError/stopped(_:resource:reset:)`` at a
    ///   used-up rate limit, ``ProfilesPrefetchError/failed(_:_:)`` when GitHub fails otherwise;
    ///   what was saved stays, and the next run goes on with the users still pending.
    /// `complete`: instead, every cached profile with fields unknown (an email the token could
    /// not read over GraphQL, an organization's followers, which GraphQL has not), over REST,
    /// one request each; what is completed leaves the selection, so a run stopped goes on where
    /// it stopped.
    nonisolated(nonsending) public func prefetchProfiles(
        stale: Bool = false, limit: Int? = nil, overREST: Bool = false, complete: Bool = false, now: Date = Date(),
        progress: (PrefetchProgress) -> Void = { _ in }
    ) async throws -> PrefetchSummary {
        let overREST = overREST || complete
        guard !configuration.offline else { throw CombinedServiceError.offline("profiles prefetch") }
        let database = database
        let staleBefore = stale ? now.addingTimeInterval(-configuration.profileMaxAge) : nil
        func pendingCount() async throws -> Int {
            try await database.read { db in try StoreService.Profiles.pendingCount(staleBefore: staleBefore, incomplete: complete, db) }
        }
        let pending = try await pendingCount()
        let total = min(pending, limit ?? .max)
        var summary = PrefetchSummary()
        guard total > 0 else { return summary }
        if !overREST, await token.value == nil {
            throw ProfilesPrefetchError.needsToken(profiles: total, variables: TokenSource(site: site, environment: [:]).variables, restLimit: knownRESTLimit())
        }
        let client = try await network(for: "profiles prefetch")
        let fingerprint = TokenSource.fingerprint(await token.value)
        var queries = try await ProfileQueries(
            fetch: HTTPService.Users.FetchProfiles(client: client, url: site.graphQLURL),
            database: database, fingerprint: fingerprint)
        let rest = HTTPService.Users.FetchProfile(client: client)
        var after: Int64 = 0
        var done = 0
        var sizing = BatchSizing()
        progress(PrefetchProgress(done: 0, total: total, rateLimit: nil))
        func ended() async -> PrefetchSummary {
            summary.graphQLRequests = queries.requests
            if queries.requests > 0 { summary.emailsAsked = queries.readsEmail ?? true }
            summary.left = (try? await pendingCount()) ?? total - done
            return summary
        }
        while done < total {
            let batch = min(overREST ? ProfilesQuery.batchSize : sizing.size, total - done)
            let users = try await database.read { [after] db in
                try StoreService.Profiles.pending(after: after, limit: batch, staleBefore: staleBefore, incomplete: complete, db)
            }
            guard let last = users.last else { break }
            after = last.id
            let byNode = overREST ? [] : users.filter { !($0.nodeID ?? "").isEmpty }
            var overRESTUsers = overREST ? users : users.filter { ($0.nodeID ?? "").isEmpty }
            var road = RateLimit.graphQL
            do {
                if !byNode.isEmpty {
                    overRESTUsers += try await prefetchOverGraphQL(byNode, queries: &queries, sizing: &sizing, summary: &summary, now: now)
                }
                road = RateLimit.core
                for user in overRESTUsers {
                    summary.rateLimit = try await fetchOverREST(user, rest: rest, summary: &summary, now: now) ?? summary.rateLimit
                }
            } catch GitHubAPIError.rateLimited(let reset) {
                // GitHub said the hourly budget is spent: remembered for `status`.
                let known = (try? await database.read(StoreService.Sync.rateLimits))?.first { $0.resource == road }
                await record(RateLimit(limit: known?.limit ?? 0, remaining: 0, reset: reset, resource: road))
                let soFar = await ended()
                throw ProfilesPrefetchError.stopped(soFar, resource: road, reset: reset)
            } catch let error as GitHubAPIError {
                let soFar = await ended()
                throw ProfilesPrefetchError.failed(soFar, error)
            }
            done += users.count
            progress(PrefetchProgress(done: done, total: total, rateLimit: summary.rateLimit))
        }
        return await ended()
    }

    /// The REST limit an hour without a token on this site: GitHub's documented 60 on
    /// github.com and GHE.com ("Rate limits for the REST API"); `nil` elsewhere, an Enterprise
    /// Server whose limits are its admin's (off by default). Not the last limit the headers
    /// said: that may have been a token's.
    private func knownRESTLimit() -> Int? {
        site.takesGitHubTokens ? 60 : nil
    }

    /// How many ids a query asks (or accounts a search page): 100, halved when GitHub times out
    /// on a query (a timeout is rarely one batch's alone: the same fields of the next 100
    /// accounts take as long), and doubled again after ``growAfter`` queries in a row answered
    /// at the smaller size.
    struct BatchSizing {
        var size = ProfilesQuery.batchSize
        var answeredInARow = 0
        static let growAfter = 8

        mutating func timedOut(splittingTo half: Int) {
            size = min(size, half)
            answeredInARow = 0
        }

        mutating func answered() {
            answeredInARow += 1
            if answeredInARow >= Self.growAfter, size < ProfilesQuery.batchSize {
                size = min(ProfilesQuery.batchSize, size * 2)
                answeredInARow = 0
            }
        }
    }

    /// One batch over GraphQL, saved; returns the users to ask over REST (ids GitHub resolved
    /// to nothing). A 502 or 504 (GitHub's 10-second query timeout) is asked once more, then
    /// the batch is split in halves, each asked the same way (and the next batches are read at
    /// that size, ``BatchSizing``); one id that still times out is left pending.
    func prefetchOverGraphQL(
        _ users: [User], queries: inout ProfileQueries, sizing: inout BatchSizing, summary: inout PrefetchSummary, now: Date
    ) async throws -> [User] {
        var timeouts = 0
        while true {
            let batch: HTTPService.Users.FetchProfiles.Batch
            do {
                batch = try await queries(users.compactMap(\.nodeID))
            } catch GitHubAPIError.server(let status, _) where status == 502 || status == 504 {
                summary.timeouts += 1
                timeouts += 1
                if timeouts < 2 { continue }
                guard users.count > 1 else {
                    summary.kept += 1
                    summary.keptReason = summary.keptReason ?? "GitHub's query timed out twice on this one account (\(status))"
                    return []
                }
                let half = (users.count + 1) / 2
                sizing.timedOut(splittingTo: half)
                let first = try await prefetchOverGraphQL(Array(users[..<half]), queries: &queries, sizing: &sizing, summary: &summary, now: now)
                return try await first
                    + prefetchOverGraphQL(Array(users[half...]), queries: &queries, sizing: &sizing, summary: &summary, now: now)
            }
            sizing.answered()
            summary.points += batch.receipt.cost ?? 0
            summary.rateLimit = batch.receipt.rateLimit ?? summary.rateLimit
            let (saved, renamed, partial, noEmail) = try await save(
                batch.fetched, users: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
                rateLimit: batch.receipt.rateLimit, now: now)
            summary.saved += saved
            summary.renamed += renamed
            summary.partial += partial
            summary.noEmail += noEmail
            summary.scopes = batch.receipt.scopes ?? summary.scopes
            summary.kept += batch.kept.count
            summary.keptReason = summary.keptReason ?? batch.kept.sorted { $0.key < $1.key }.first.map(\.value)
            let unresolved = Set(batch.unresolved)
            return users.filter { unresolved.contains($0.nodeID ?? "") }
        }
    }

    /// One profile over REST, never marking the user seen: by login, then by account id when
    /// the login is gone (a renamed account is saved under its new login; one gone from GitHub
    /// is marked gone, as `profile` does). Returns the response's rate limit.
    func fetchOverREST(
        _ user: User, rest: HTTPService.Users.FetchProfile, summary: inout PrefetchSummary, now: Date
    ) async throws -> RateLimit? {
        var fetched: HTTPService.Users.FetchProfile.Result
        do {
            // A login that is none GitHub could give (a database edited by hand) is never sent:
            // the account is asked by its id instead.
            guard Login.isValid(user.login) else { throw GitHubAPIError.notFound }
            summary.restRequests += 1
            fetched = try await rest(login: user.login, etag: nil)
        } catch GitHubAPIError.notFound {
            do {
                summary.restRequests += 1
                fetched = try await rest(id: user.id)
            } catch GitHubAPIError.notFound {
                try await database.write { db in try StoreService.Users.markGone(id: user.id, db) }
                summary.gone += 1
                return nil
            }
        }
        guard case .profile(let account, let profile, let etag, let rateLimit) = fetched else { return nil }
        try await save(user: account, profile: profile, etag: etag, rateLimit: rateLimit, now: now)
        summary.saved += 1
        if account.login != user.login { summary.renamed += 1 }
        return rateLimit
    }

    /// Saves one GraphQL batch of profiles in one transaction: a batch is kept whole or not at
    /// all, so an interrupted `profiles prefetch` keeps every batch it finished. Never marks a
    /// user seen.
    ///
    /// Each profile of `fetched` is saved for its cached user in `users` (by id; an account not
    /// among them is skipped), following renames (the user takes its new login and page; its
    /// note and seen mark follow the id), taking the node id GitHub answered (the next format
    /// in place of a legacy one), and `rateLimit` is recorded. A field the answer leaves
    /// unknown keeps the value a cached profile knew, and the cached ETag stays
    /// (``StoreService/Profiles/merged(_:unknown:userID:_:)``). `found`: accounts to save first
    /// (a search's, which may not be cached yet), each then one of `users`. Returns how many
    /// profiles were saved, how many of them were renamed, how many have fields unknown besides
    /// an email, and how many have no known email (a token that may not read emails leaves
    /// every user's unknown: said apart, with the command that fetches them).
    func save(
        _ fetched: [HTTPService.Users.FetchProfiles.Fetched], users: [Int64: User], rateLimit: RateLimit?, now: Date,
        saving found: [User] = []
    ) async throws -> (saved: Int, renamed: Int, partial: Int, noEmail: Int) {
        try await database.write { db in try Self.save(fetched, users: users, rateLimit: rateLimit, now: now, saving: found, db) }
    }

    /// ``save(_:users:rateLimit:now:saving:)`` inside the caller's transaction.
    package static func save(
        _ fetched: [HTTPService.Users.FetchProfiles.Fetched], users: [Int64: User], rateLimit: RateLimit?, now: Date = Date(),
        saving found: [User] = [], _ db: Database
    ) throws -> (saved: Int, renamed: Int, partial: Int, noEmail: Int) {
        do {
            let save = StoreService.Users.Save(now: now)
            try save(found, db)
            var (saved, renamed, partial, noEmail) = (0, 0, 0, 0)
            for account in fetched {
                guard var user = users[account.id] else { continue }
                if user.login != account.login {
                    user.login = account.login
                    user.htmlURL = account.htmlURL ?? user.htmlURL
                    user.nodeID = account.currentNodeID ?? user.nodeID
                    try save([user], db)
                    renamed += 1
                } else if let nodeID = account.currentNodeID, nodeID != user.nodeID {
                    try StoreService.Users.setNodeID(nodeID, id: user.id, db)
                }
                try StoreService.Users.markGone(id: user.id, gone: false, db)
                let merged = try StoreService.Profiles.merged(account.profile, unknown: account.unknown, userID: user.id, db)
                try StoreService.Profiles.save(merged.profile, userID: user.id, etag: merged.etag, now: now, unknown: merged.unknown, db)
                saved += 1
                if !merged.unknown.subtracting([.email]).isEmpty { partial += 1 }
                if merged.unknown.contains(.email) { noEmail += 1 }
            }
            try StoreService.Sync.record(rateLimit, db)
            return (saved, renamed, partial, noEmail)
        }
    }
}
