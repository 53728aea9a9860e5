import Foundation

// MARK: - Pages

extension CombinedService {
    /// One page that `nextPage` fetched and saved.
    public struct PageOutcome: Sendable {
        /// The saved users with their notes and seen marks, in id order.
        public var users: [UserDetails]
        /// Items of the page that were invalid and skipped.
        public var skipped: Int
        /// Whether this page was empty: the end of the list.
        public var reachedEnd: Bool
        /// Whether this was the first page ever stored (show the welcome).
        public var isFirstStore: Bool
        /// The `since` the page was asked with (`nil` for the very first page).
        public var since: Int64?
        /// The page size once this page is saved (`nil` until a full batch came).
        public var pageSize: Int?
    }

    /// Fetches and saves up to `pages` pages after the cursor, calling `onPage` after each save.
    /// Stops early at the end of the list.
    ///
    /// Each page's cursor is read, its request sent and its answer saved in one turn of the
    /// request queue, which is also one turn of the cross-process lock: a second `next-page`
    /// (a cron job beside you) waits, then reads the cursor this one left and fetches the pages
    /// after it, never the same ones (Docs/ARCHITECTURE.md, "a page a turn").
    nonisolated(nonsending) public func nextPage(pages: Int = 1, onPage: nonisolated(nonsending) (PageOutcome) async throws -> Void) async throws {
        let fetch = HTTPService.Users.Fetch(client: try await network(for: "next-page"))
        let database = database
        let fingerprint = TokenSource.fingerprint(fetch.client.configuration.token)
        for _ in 0..<max(1, pages) {
            try Task.checkCancellation()  // Ctrl-C between two pages: the saved ones stand
            let kept = try await observingRateLimit {
                try await fetch.inTurn(
                    // What to ask is SyncState's rule (nextPerPage); what the answer sets, the store's.
                    prepare: {
                        let current = try await database.read(StoreService.Sync.state)
                        return (current.cursor, current.nextPerPage)
                    },
                    keep: { result, since in
                        guard case .page(let page, let etag, let rateLimit) = result else {
                            throw GitHubAPIError.invalidResponse("304 to a request without an ETag")
                        }
                        let request = UsersPageRequest(since: since ?? 0, movesCursor: true, tokenFingerprint: fingerprint)
                        let saved = try await database.write { db in
                            try StoreService.Sync.savePage(page, request: request, etag: etag, rateLimit: rateLimit, db)
                        }
                        return (page, since, saved)
                    })
            }
            let (page, since, saved) = kept
            try await onPage(
                PageOutcome(
                    users: saved.users, skipped: page.skipped, reachedEnd: page.isEmpty, isFirstStore: saved.isFirstStore,
                    since: since, pageSize: saved.state.pageSize))
            if page.isEmpty { return }
        }
    }

    /// What `refresh` did.
    public struct RefreshSummary: Sendable, Codable, Hashable {
        /// Pages asked for.
        public var pages: Int
        /// Pages the server said were unchanged (`304`).
        public var notModified: Int
        /// Pages that changed and were saved again.
        public var updated: Int
        /// Users saved from the changed pages.
        public var users: Int
        /// The `since` it started at: 0, or where the refresh before it stopped.
        public var from: Int64 = 0
        /// Where the next refresh starts (it stopped at `--pages` or the rate limit); `nil`
        /// when this one went through to the cursor.
        public var next: Int64? = nil

        enum CodingKeys: String, CodingKey {
            case pages, updated, users, from, next
            case notModified = "not_modified"
        }
    }

    /// What a refresh is about to do, said before its first request.
    public struct RefreshPlan: Sendable, Hashable {
        /// Where it starts: 0, or where the refresh before it stopped.
        public var from: Int64
        /// The requests it may make: one per cached page from there.
        public var pages: Int
        /// Of those, the pages that hold an ETag from this token's answers, which may come back
        /// `304`.
        public var revalidatable: Int
        /// Whether a token is sent: only then is a `304` free (GitHub Docs, "Best practices for
        /// using the REST API": not counted "when … made while correctly authorized";
        /// unauthenticated 304s were measured to count, wakatime/macos-wakatime #172).
        public var authorized: Bool
        /// The rate limit the last answer reported, if any.
        public var rateLimit: RateLimit?
    }

    /// Revalidates cached pages with conditional requests, from where the last refresh stopped
    /// (else the start), at most `pages` of them (`nil`: up to the cursor), calling `onPlan`
    /// before the first request. Changed users are updated, accounts no longer listed marked
    /// gone; notes and seen marks are kept; the cursor does not move back. An ETag is sent only
    /// to the token whose answer carried it (GitHub's ETags differ per token).
    ///
    /// - Throws: ``CombinedServiceError/refreshStopped(_:reset:)`` at a primary rate limit, with
    ///   what was done and where the next refresh goes on.
    public func refresh(pages: Int? = nil, onPlan: (RefreshPlan) -> Void = { _ in }) async throws -> RefreshSummary {
        let state = try await database.read(StoreService.Sync.state)
        guard let cursor = state.cursor else { throw CombinedServiceError.nothingToRefresh }
        let client = try await network(for: "refresh")
        let fetch = HTTPService.Users.Fetch(client: client)
        let fingerprint = TokenSource.fingerprint(client.configuration.token)
        var since = state.refreshSince.flatMap { $0 < cursor ? $0 : nil } ?? 0
        let counts = try await database.read { [since] db in try StoreService.Sync.pageCount(from: since, fingerprint: fingerprint, db) }
        onPlan(
            RefreshPlan(
                from: since, pages: min(pages ?? .max, counts.pages), revalidatable: counts.withETag,
                authorized: !fingerprint.isEmpty, rateLimit: state.rateLimit))
        var summary = RefreshSummary(pages: 0, notModified: 0, updated: 0, users: 0, from: since)
        /// The next refresh starts at `since` (`nil`: at the start).
        func progress(_ since: Int64?) async throws {
            try await database.write { db in try StoreService.Sync.storeRefreshSince(since, db) }
        }
        while since < cursor {
            if let pages, summary.pages >= pages {
                summary.next = since
                try await progress(since)
                return summary
            }
            let cached = try await database.read { [since] db in try StoreService.Sync.page(since: since, db) }
            let etag = cached.flatMap { $0.etagToken == (fingerprint.isEmpty ? nil : fingerprint) ? $0.etag : nil }
            let result: HTTPService.Users.Fetch.Result
            do {
                result = try await observingRateLimit {
                    try await fetch(since: since == 0 ? nil : since, perPage: state.nextPerPage, etag: etag)
                }
            } catch GitHubAPIError.rateLimited(let reset) {
                summary.next = since
                try await progress(since)
                throw CombinedServiceError.refreshStopped(summary, reset: reset)
            }
            summary.pages += 1
            switch result {
            case .notModified(let rateLimit):
                await record(rateLimit)
                summary.notModified += 1
                guard let cached else { throw GitHubAPIError.invalidResponse("304 for a page that is not cached") }
                since = cached.lastID
            case .page(let page, let etag, let rateLimit):
                let request = UsersPageRequest(since: since, movesCursor: false, tokenFingerprint: fingerprint)
                try await database.write { db in try StoreService.Sync.savePage(page, request: request, etag: etag, rateLimit: rateLimit, db) }
                summary.updated += 1
                summary.users += page.users.count
                guard let next = page.cursor, next > since else {
                    try await progress(nil)
                    return summary
                }
                since = next
            }
        }
        try await progress(nil)
        return summary
    }
}
