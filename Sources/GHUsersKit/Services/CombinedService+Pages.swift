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
    }

    /// Fetches and saves up to `pages` pages after the cursor, calling `onPage` after each save.
    /// Stops early at the end of the list.
    public func nextPage(pages: Int = 1, onPage: (PageOutcome) throws -> Void) async throws {
        let fetch = HTTPService.Users.Fetch(client: try network(for: "next-page"))
        let save = StoreService.Users.Save(database: database)
        // Read once; each save returns the state it leaves.
        var state = try StoreService.Sync.State(database: database)()
        for _ in 0..<max(1, pages) {
            // The page size is decided here and only here (SyncState.nextPerPage).
            let perPage = state.nextPerPage
            let isFirst = perPage == nil
            let since = isFirst ? nil : state.cursor ?? 0
            let result = try await observingRateLimit { try await fetch(since: since, perPage: perPage, etag: nil) }
            guard case .page(let page, let etag, let rateLimit) = result else {
                throw GitHubAPIError.invalidResponse("304 to a request without an ETag")
            }
            let request = UsersPageRequest(
                since: since ?? 0, pageSize: isFirst && !page.isEmpty ? page.itemCount : nil, movesCursor: true)
            let saved = try save(page, request: request, etag: etag, rateLimit: rateLimit)
            state = saved.state
            try onPage(
                PageOutcome(
                    users: saved.users, skipped: page.skipped, reachedEnd: page.isEmpty, isFirstStore: saved.isFirstStore,
                    since: since))
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

        enum CodingKeys: String, CodingKey {
            case pages, updated, users
            case notModified = "not_modified"
        }
    }

    /// Revalidates cached pages from the start with conditional requests, at most `pages` of
    /// them (`nil`: every page up to the cursor). Changed users are updated; notes and seen
    /// marks are kept; the cursor does not move.
    public func refresh(pages: Int? = nil) async throws -> RefreshSummary {
        let state = try StoreService.Sync.State(database: database)()
        guard let pageSize = state.pageSize, let cursor = state.cursor else { throw CombinedServiceError.nothingToRefresh }
        let fetch = HTTPService.Users.Fetch(client: try network(for: "refresh"))
        var summary = RefreshSummary(pages: 0, notModified: 0, updated: 0, users: 0)
        var since: Int64 = 0
        while since < cursor, pages.map({ summary.pages < $0 }) ?? true {
            let cached = try StoreService.Sync.Page(database: database)(since: since)
            let result = try await observingRateLimit {
                try await fetch(since: since == 0 ? nil : since, perPage: pageSize, etag: cached?.etag)
            }
            summary.pages += 1
            switch result {
            case .notModified(let rateLimit):
                record(rateLimit)
                summary.notModified += 1
                guard let cached else { throw GitHubAPIError.invalidResponse("304 for a page that is not cached") }
                since = cached.lastID
            case .page(let page, let etag, let rateLimit):
                try StoreService.Users.Save(database: database)(
                    page, request: UsersPageRequest(since: since, pageSize: nil, movesCursor: false), etag: etag,
                    rateLimit: rateLimit)
                summary.updated += 1
                summary.users += page.users.count
                guard let next = page.cursor, next > since else { return summary }
                since = next
            }
        }
        return summary
    }
}
