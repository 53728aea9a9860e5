import Foundation

extension CombinedService {
    /// What `search --online` did.
    public struct OnlineSearchSummary: Sendable, Hashable {
        /// How many accounts GitHub counts for the whole query (`userCount`), once asked.
        public var gitHubCount: Int?
        /// Accounts kept (with their profiles).
        public var kept = 0
        /// Of GitHub's count, what was not kept, each named (kept and these add up to the count
        /// once the search is done): accounts GitHub gave that ghusers could not keep, accounts
        /// past the 1,000 GitHub gives of one second, and the rest, counted but never given.
        public var refused = 0
        public var pastCap = 0
        public var notGiven = 0
        /// Everything GitHub counted that was not kept.
        public var missed: Int { refused + pastCap + notGiven }

        /// `; of GitHub's 3289, 2400 counted but never given · 3 given but not kept`, or `""`.
        public var shortfall: String {
            let parts = [
                notGiven > 0 ? "\(notGiven) counted but never given" : nil,
                refused > 0 ? "\(refused) given but not kept (refused or nulled)" : nil,
                pastCap > 0 ? "\(pastCap) past the 1,000 GitHub gives of one second" : nil,
            ].compactMap { $0 }
            // GitHub's count is its estimate: what came may be more.
            let over = gitHubCount.map { kept + refused + pastCap - $0 } ?? 0
            let more = over > 0 ? "; \(over) more than GitHub's count of \(gitHubCount ?? 0), its estimate" : ""
            return (parts.isEmpty ? "" : "; of GitHub's \(gitHubCount ?? kept + missed), " + parts.joined(separator: " · ")) + more
        }
        /// Requests sent and the points GitHub said they cost (`rateLimit { cost }`).
        public var requests = 0
        public var points = 0
        /// Pages GitHub timed out on (a 502 or 504 after its 10 s), each asked again smaller.
        public var timeouts = 0
        /// The GraphQL rate limit after the last request.
        public var rateLimit: RateLimit?
        /// Whether this run went on from a stopped one.
        public var resumed = false
        /// Accounts this run kept without a known email (a token that may not read them; the
        /// ones the query's `in:email` needs are completed over REST), and the token's scopes as
        /// GitHub named them (`X-OAuth-Scopes`; `nil` for a token without scopes).
        public var noEmail = 0
        public var scopes: String?
        /// What changed since the query's last complete run (``KeptQuery``): set once this run
        /// is complete, `nil` while it is not.
        public var changes: QueryChanges?

        /// `340 of 1234 accounts kept (resumed) · 12 requests · 48 points`.
        public var counts: String {
            let of = gitHubCount.map { " of \($0)" } ?? ""
            return "\(kept)\(of) account\(kept == 1 ? "" : "s") kept\(resumed ? " (resumed)" : "") · "
                + "\(requests) request\(requests == 1 ? "" : "s") · \(points) point\(points == 1 ? "" : "s")"
        }
    }

    /// The first instant `search --online` asks from: before GitHub's first account (mojombo,
    /// id 1, joined in October 2007).
    static let searchEpoch: Int64 = 1_167_609_600  // 2007-01-01T00:00:00Z

    /// Asks GitHub's user search `form` (``SearchQuery/gitHubForm(_:)``) and keeps every
    /// account it answers, each with its profile, as `profiles prefetch` gives it; nothing of
    /// the users-list walk moves (no cursor, no page row, no one marked gone).
    ///
    /// GitHub gives at most 1,000 results a query (``UsersSearchQuery``), so the query is asked
    /// in windows of join time that GitHub answers whole: sorted by join date, oldest first
    /// (`sort:joined-asc`, GitHub Docs, "Sorting search results"), from `created:FROM..`.
    /// GraphQL's search has no `incomplete_results`, a page can come short and `userCount` is
    /// GitHub's estimate (../shared/fixtures/github/SOURCES.md), so neither decides: a window is
    /// at the cap when its pages asked reach position 1,000 (the sum of their `first`, whatever
    /// came), and the next starts at the second its last account joined (the accounts of that
    /// second already kept are not kept twice); the search is done when GitHub says there is no
    /// next page before the cap. Every request is a page of up to 100 accounts with their
    /// profiles (4 points; 50, then 25, after GitHub timed out on one): about 25 accounts a point. A second that alone holds more than 1,000 accounts
    /// gives its 1,000, and the rest is counted by one count-only query of that second. The
    /// order is checked: a window whose accounts go back in time is asked again
    /// (``OnlineSearchError/outOfOrder(_:query:window:second:)``). Done, what was kept and
    /// what was not add up to GitHub's count, each named (``OnlineSearchSummary``).
    ///
    /// Where it stands is kept in the database after every page, so a run stopped (Ctrl-C, a
    /// used-up rate limit, the network) goes on from the same page when the same query runs
    /// again; a finished run leaves nothing, and running it again updates every account.
    ///
    /// - Throws: ``OnlineSearchError`` (no token, nothing for GitHub to ask, the rate limit,
    ///   accounts out of order, another failure), with what was kept.
    nonisolated(nonsending) public func searchOnline(
        _ form: SearchQuery.GitHubForm, now: Date = Date(), progress: (OnlineSearchSummary) -> Void = { _ in }
    ) async throws -> OnlineSearchSummary {
        guard !configuration.offline else { throw CombinedServiceError.offline("search --online") }
        guard form.asksGitHub else { throw OnlineSearchError.nothingToAsk(local: form.local) }
        guard await token.value != nil else { throw OnlineSearchError.needsToken(variables: TokenSource(site: site, environment: [:]).variables) }
        let client = try await network(for: "search --online")
        let search = HTTPService.Users.Search(client: client, url: site.graphQLURL)
        let fingerprint = TokenSource.fingerprint(await token.value)
        var email = try await EmailScope(database: database, fingerprint: fingerprint)
        let lower = max(form.created?.lowerBound ?? .min, Self.searchEpoch)
        let upper = form.created.map(\.upperBound)
        let key = Self.key(form)
        let database = database
        /// Records where the search stands (`nil`: it ended).
        func place(_ state: StoreService.Searches.Progress?) async throws {
            try await database.write { db in try StoreService.Searches.record(state, of: key, now: now, db) }
        }
        let found = try await database.read { db in try StoreService.Searches.progress(of: key, db) }
        var state = found ?? StoreService.Searches.Progress(from: lower, upper: upper)
        if found == nil { try await database.write { db in try StoreService.KeptQueries.beginRun(key, db) } }
        var summary = OnlineSearchSummary(gitHubCount: state.gitHubCount, kept: state.kept, refused: state.refused, pastCap: state.pastCap, resumed: found != nil)
        func tally() {
            (summary.gitHubCount, summary.kept, summary.refused, summary.pastCap) = (state.gitHubCount, state.kept, state.refused, state.pastCap)
        }

        let time = Timestamp.iso8601(seconds:)
        var sizing = BatchSizing()
        /// The next page of the window, and how many places it asked: 100, or fewer after
        /// GitHub timed out (``BatchSizing``); one that times out at ``UsersSearchQuery/smallestPage``
        /// ends the run, which the same command resumes.
        func ask() async throws -> (page: HTTPService.Users.Search.Page, first: Int) {
            let query = (form.query.isEmpty ? "" : form.query + " ") + "sort:joined-asc created:\(time(state.from))..\(state.upper.map(time) ?? "*")"
            let cursor = state.cursor
            let asked = email.requests
            defer { summary.requests += email.requests - asked }
            while true {
                let first = sizing.size
                let page: HTTPService.Users.Search.Page
                do {
                    page = try await email.run { withEmail in
                        let page = try await search(query, after: cursor, withEmail: withEmail, first: first)
                        // A page asked again without emails: the one before it cost points too.
                        summary.points += page.receipt.cost ?? 0
                        return (page, page.receipt.evidence)
                    }
                } catch GitHubAPIError.server(let status, _) where (status == 502 || status == 504) && first > UsersSearchQuery.smallestPage {
                    summary.timeouts += 1
                    sizing.timedOut(splittingTo: first / 2)
                    continue
                }
                sizing.answered()
                summary.rateLimit = page.receipt.rateLimit ?? summary.rateLimit
                summary.scopes = page.receipt.scopes ?? summary.scopes
                return (page, first)
            }
        }

        /// GitHub's count of `query` alone: one request, one point.
        func countOnly(_ query: String) async throws -> Int {
            let page = try await search(query, withEmail: false, count: true)
            summary.requests += 1
            summary.points += page.receipt.cost ?? 0
            summary.rateLimit = page.receipt.rateLimit ?? summary.rateLimit
            return page.userCount
        }

        /// Accounts kept without a field the query asks GitHub about (``SearchQuery/GitHubForm/asksFields``).
        var incomplete: [User] = []
        let asked = form.asksFields
        progress(summary)
        do {
            while true {
                let (page, first) = try await ask()
                if state.cursor == nil {
                    state.windowCount = page.userCount
                    if state.gitHubCount == nil { state.gitHubCount = page.userCount }
                }
                state.windowAsked += first
                // Windows start at the second their last account joined, so a window whose
                // accounts went back in time would skip some in silence: it is asked again.
                if let second = Self.outOfOrder(page, after: state.tailSecond ?? state.from) {
                    let window = state.from
                    state.kept -= state.windowKept
                    state.refused -= state.windowRefused
                    state.restartWindow()
                    tally()
                    try await place(state)
                    throw OnlineSearchError.outOfOrder(summary, query: form.query, window: window, second: second)
                }
                let skip = Set(state.skip)
                let accounts = page.accounts.filter { !skip.contains($0.user.id) }
                let users = accounts.map(\.user)
                summary.noEmail += try await save(
                    accounts.map(\.fetched), users: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { $1 }), rateLimit: page.receipt.rateLimit,
                    now: now, saving: users
                ).noEmail
                try await database.write { db in try StoreService.KeptQueries.add(users.map(\.id), to: key, db) }
                state.kept += accounts.count
                state.windowKept += accounts.count
                state.refused += page.refused.count
                state.windowRefused += page.refused.count
                incomplete += accounts.filter { !$0.fetched.unknown.isDisjoint(with: asked) }.map(\.user)
                state.windowReceived += page.accounts.count + page.refused.count
                for (_, fetched) in page.accounts {
                    guard let joined = Self.joined(fetched) else { continue }
                    if joined != state.tailSecond { (state.tailSecond, state.tail) = (joined, []) }
                    state.tail.append(fetched.id)
                }
                // Neither GitHub's count nor a full page decides: the positions asked do. A page
                // can come short, and the count is GitHub's estimate.
                var done = false
                if let next = page.next, state.windowAsked < UsersSearchQuery.cap {
                    state.cursor = next
                } else if state.windowAsked >= UsersSearchQuery.cap {
                    // The window reached GitHub's cap: the next starts where its accounts ended.
                    guard let tail = state.tailSecond else {
                        throw GitHubAPIError.invalidResponse(
                            "GitHub gave \(UsersSearchQuery.cap) places of “\(form.query)” from \(time(state.from)) without one account's join date, so the next window cannot be placed")
                    }
                    if tail > state.from {
                        (state.from, state.skip) = (tail, state.tail)
                    } else {
                        // One second holds more than GitHub gives: what it holds past them is
                        // counted, once, and the next second is next.
                        let second = (form.query.isEmpty ? "" : form.query + " ") + "created:\(time(state.from))..\(time(state.from))"
                        let count = try await countOnly(second)
                        state.pastCap += max(0, count - state.windowReceived)
                        (state.from, state.skip) = (state.from + 1, [])
                    }
                    state.restartWindow()
                    // A next window past the query's last second has nothing to ask.
                    done = state.upper.map { state.from > $0 } ?? false
                } else {
                    // GitHub says there is no next page before the cap.
                    done = true
                }
                if done {
                    tally()
                    summary.notGiven = max(0, (state.gitHubCount ?? 0) - state.kept - state.refused - state.pastCap)
                    try await place(nil)
                    break
                }
                tally()
                try await place(state)
                progress(summary)
            }
        } catch GitHubAPIError.rateLimited(let reset) {
            await record(RateLimit(limit: summary.rateLimit?.limit ?? 0, remaining: 0, reset: reset, resource: RateLimit.graphQL))
            throw OnlineSearchError.stopped(summary, reset: reset)
        } catch let error as GitHubAPIError {
            throw OnlineSearchError.failed(summary, error)
        }
        await record(summary.rateLimit)
        try await complete(incomplete, emails: asked.contains(.email), client: client, summary: &summary, now: now)
        summary.changes = try await completeKept(form, key: key, client: client, summary: &summary, now: now)
        progress(summary)
        return summary
    }

    /// The second `fetched` joined GitHub, if its profile says.
    static func joined(_ fetched: HTTPService.Users.FetchProfiles.Fetched) -> Int64? {
        fetched.profile.createdAt.flatMap(Timestamp.date(iso8601:)).map { Int64($0.timeIntervalSince1970) }
    }

    /// The second at which `page`'s accounts, asked `sort:joined-asc`, go back in time (before
    /// `after`, the window's last so far, or before the account before), or `nil` when in order.
    static func outOfOrder(_ page: HTTPService.Users.Search.Page, after: Int64?) -> Int64? {
        var last = after ?? .min
        for (_, fetched) in page.accounts {
            guard let joined = joined(fetched) else { continue }
            if joined < last { return joined }
            last = joined
        }
        return nil
    }

    /// GitHub's search knows an organization's followers and an account's public email;
    /// GraphQL gives neither the first nor, to a token without `user:email`, the second (the
    /// sources are beside ``Profile/Field/spec``; REST's "Get a user" gives both). A query
    /// that asks about them (`followers:`, `in:email`) completes the accounts it kept without
    /// them over REST (`GET /users/{login}`, one request each, as `profiles prefetch
    /// --complete`), so that the same query offline gives GitHub's answer. A failure leaves
    /// them unknown.
    private func complete(_ accounts: [User], emails: Bool, client: GitHubClient, summary: inout OnlineSearchSummary, now: Date) async throws {
        guard !accounts.isEmpty else { return }
        let rest = HTTPService.Users.FetchProfile(client: client)
        var completed = PrefetchSummary()
        defer { summary.requests += completed.restRequests }
        for account in accounts {
            do {
                let saved = completed.saved
                _ = try await fetchOverREST(account, rest: rest, summary: &completed, now: now)
                // REST gives a user's public email (or none, known): one fewer unknown.
                if emails, account.type == "User", completed.saved > saved { summary.noEmail = max(0, summary.noEmail - 1) }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                return
            }
        }
    }
}
