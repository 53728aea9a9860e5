import Foundation
import GRDB

/// The owner of the list walk's tables, which change together: `sync_state` (one row, id 1:
/// the cursor, the page size, the welcome), `page` (the cached pages of `GET /users`, with
/// their ETags), `rate_limit` (the last limit of each resource) and `graphql_token` (what each
/// token may read). Every statement on them is here; each runs inside a transaction its caller
/// holds.
extension StoreService.Sync {
    /// A cached page of `GET /users`.
    package struct Page: Sendable, Hashable {
        /// The id of the page's last item: the next page's `since`.
        package var lastID: Int64
        /// The page's `ETag`, to revalidate it.
        package var etag: String?
        /// ``TokenSource/fingerprint(_:)`` of the token whose answer carried the ETag.
        package var etagToken: String? = nil
    }

    /// What the store holds once a page is saved (``savePage(_:request:etag:rateLimit:now:_:)``).
    package struct Saved: Sendable, Hashable {
        /// The cached users with ids after the request's `since` and up to the page's cursor
        /// (the page's users, with their notes and seen marks), in id order; none for an empty
        /// page.
        package var users: [UserDetails]
        /// The pagination and rate-limit state after the save.
        package var state: SyncState
        /// Whether this save marked the one-time welcome as shown: the first page with users
        /// that moved the cursor, even when processes race.
        package var isFirstStore: Bool
    }

    // MARK: sync_state

    /// The state (a fresh one when the row is missing).
    package static func state(_ db: Database) throws -> SyncState {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM sync_state WHERE id = 1") else {
            return SyncState(endReached: false, welcomed: false)
        }
        return SyncState(
            pageSize: row["page_size"], cursor: row["cursor"], endReached: row["end_reached"],
            lastSyncAt: (row["last_sync_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            welcomed: row["welcomed"], rateLimit: try rateLimits(db).first { $0.resource == RateLimit.core },
            refreshSince: row["refresh_since"])
    }

    /// Where the next `refresh` starts: `since`, or the list's start (`nil`).
    package static func storeRefreshSince(_ since: Int64?, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET refresh_since = ?", arguments: [since])
    }

    /// Marks the welcome as shown; `true` only the first time, even when processes race.
    package static func markWelcomed(_ db: Database) throws -> Bool {
        try db.execute(sql: "UPDATE sync_state SET welcomed = 1 WHERE welcomed = 0")
        return db.changesCount > 0
    }

    /// A page was saved at `now`: the cursor moves to `cursor` (the list goes on), or the end of
    /// the list is reached (`nil`).
    static func advance(to cursor: Int64?, at now: Date, _ db: Database) throws {
        if let cursor {
            try db.execute(
                sql: "UPDATE sync_state SET cursor = ?, end_reached = 0, last_sync_at = ?", arguments: [cursor, now.timeIntervalSince1970])
        } else {
            try db.execute(sql: "UPDATE sync_state SET end_reached = 1, last_sync_at = ?", arguments: [now.timeIntervalSince1970])
        }
    }

    // MARK: rate_limit

    /// Stores the last rate limit the API reported, over the last one of its resource (`core`
    /// when the response named none); nothing for `nil`.
    package static func record(_ rateLimit: RateLimit?, _ db: Database) throws {
        guard let rateLimit else { return }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO rate_limit (resource, "limit", remaining, reset) VALUES (?, ?, ?, ?)
                """,
            arguments: [
                rateLimit.resource.flatMap { $0.isEmpty ? nil : String($0.prefix(40)) } ?? RateLimit.core, rateLimit.limit,
                rateLimit.remaining, rateLimit.reset.timeIntervalSince1970,
            ])
    }

    /// The last rate limit of each resource (`core`, `graphql`), by resource name.
    package static func rateLimits(_ db: Database) throws -> [RateLimit] {
        try Row.fetchAll(db, sql: #"SELECT resource, "limit", remaining, reset FROM rate_limit ORDER BY resource"#).map { row in
            RateLimit(limit: row[1], remaining: row[2], reset: Date(timeIntervalSince1970: row[3]), resource: row[0])
        }
    }

    // MARK: graphql_token

    /// Whether the token of `fingerprint` (``TokenSource/fingerprint(_:)``, never the token) may
    /// read `User.email` over GraphQL: `nil` when nothing is known.
    package static func readsEmail(fingerprint: String, _ db: Database) throws -> Bool? {
        try Bool.fetchOne(db, sql: "SELECT reads_email FROM graphql_token WHERE fingerprint = ?", arguments: [fingerprint])
    }

    /// Remembers whether the token of `fingerprint` may read emails, so that `profiles prefetch`
    /// asks a token that may not only once.
    package static func remember(fingerprint: String, readsEmail: Bool, _ db: Database) throws {
        guard !fingerprint.isEmpty else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO graphql_token (fingerprint, reads_email) VALUES (?, ?)", arguments: [fingerprint, readsEmail])
    }

    // MARK: page

    /// The cached page asked for with `since` (0 for the first), or `nil`.
    package static func page(since: Int64, _ db: Database) throws -> Page? {
        try Row.fetchOne(db, sql: "SELECT last_id, etag, etag_token FROM page WHERE since = ?", arguments: [since])
            .map { Page(lastID: $0[0], etag: $0[1], etagToken: $0[2]) }
    }

    /// How many cached pages start at `since` or after (the requests a refresh from there
    /// makes), and how many of them hold an ETag from the token of `fingerprint`.
    package static func pageCount(from since: Int64, fingerprint: String, _ db: Database) throws -> (pages: Int, withETag: Int) {
        let row = try Row.fetchOne(
            db, sql: "SELECT count(*), count(CASE WHEN etag IS NOT NULL AND etag_token IS ? THEN 1 END) FROM page WHERE since >= ?",
            arguments: [fingerprint.isEmpty ? nil : fingerprint, since])
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    /// Saves a page of `GET /users`, the users-list walk's step, fetched with `request` and
    /// answered with `etag` and `rateLimit`: the users (``StoreService/Users/Save``), the page's
    /// ETag and next cursor, the page size, the cursor, the accounts the list no longer holds
    /// marked gone, and the rate limit. The caller's transaction keeps them together, so a crash
    /// never leaves half a page or a skipped user. Reads back what the caller shows next
    /// (``Saved``), so nothing is read twice. An empty page marks the end of the list.
    @discardableResult
    package static func savePage(
        _ page: UsersPage, request: UsersPageRequest, etag: String?, rateLimit: RateLimit? = nil, now: Date = Date(), _ db: Database
    ) throws -> Saved {
        let before = try state(db)
        try StoreService.Users.Save(now: now)(page.users, db)
        if let cursor = page.cursor, cursor > request.since {
            try savePageRow(
                since: request.since, lastID: cursor, itemCount: page.itemCount, etag: etag,
                tokenFingerprint: request.tokenFingerprint, at: now, db)
        }
        // The accounts GitHub no longer lists: those cached in the page's range, and, when
        // the list ends with this page, those cached after it up to the cursor.
        let end = page.hasNext ? page.cursor : max(page.cursor ?? request.since, before.cursor ?? request.since)
        if let end, end > request.since {
            try StoreService.Users.markGone(after: request.since, through: end, listed: page.listedIDs, db)
        }
        if let pageSize = before.pageSize(settingFrom: page) {
            try db.execute(sql: "UPDATE sync_state SET page_size = ?", arguments: [SyncState.clampedPageSize(pageSize)])
        }
        var isFirstStore = false
        if request.movesCursor {
            let moved = page.cursor.flatMap { $0 > request.since ? $0 : nil }
            try advance(to: moved, at: now, db)
            if !page.users.isEmpty { isFirstStore = try markWelcomed(db) }
        } else {
            try db.execute(sql: "UPDATE sync_state SET last_sync_at = ?", arguments: [now.timeIntervalSince1970])
            // A refreshed page that reaches past the cursor (accounts deleted before it): the
            // list continues after what is now cached.
            if let cursor = page.cursor, let stored = before.cursor, cursor > stored { try advance(to: cursor, at: now, db) }
        }
        try record(rateLimit, db)
        var users: [UserDetails] = []
        if let cursor = page.cursor {
            try StoreService.Users.stream(after: request.since, through: cursor, db) { users.append($0) }
        }
        return Saved(users: users, state: try state(db), isFirstStore: isFirstStore)
    }

    /// Saves the page asked for with `since` and ending at `lastID`, then restores the partition
    /// after it.
    ///
    /// The rows of `page` are a partition of the cached id range: sorted by `since`, each row
    /// starts where the one before ends (`since` = the previous `last_id`), the first at 0 — no
    /// gap, no overlap. A page asked for again can end elsewhere than before: accounts deleted in
    /// its range make it reach further, accounts that reappear or a new page size make it stop
    /// sooner. Saving a page therefore removes the rows it now covers and moves the start of the
    /// next one to its end, forgetting that row's ETag (it was for another request).
    static func savePageRow(
        since: Int64, lastID: Int64, itemCount: Int, etag: String?, tokenFingerprint: String = "", at now: Date, _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO page (since, last_id, item_count, etag, etag_token, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (since) DO UPDATE SET last_id = excluded.last_id, item_count = excluded.item_count,
                    etag = excluded.etag, etag_token = excluded.etag_token, fetched_at = excluded.fetched_at
                """, arguments: [since, lastID, itemCount, etag, tokenFingerprint.isEmpty ? nil : tokenFingerprint, now.timeIntervalSince1970])
        // Rows the new page covers whole.
        try db.execute(sql: "DELETE FROM page WHERE since > ? AND last_id <= ?", arguments: [since, lastID])
        // The row after it, if it does not start where this page ends: it starts there now.
        guard
            let next = try Row.fetchOne(
                db, sql: "SELECT since, last_id FROM page WHERE since > ? ORDER BY since LIMIT 1", arguments: [since]),
            (next["since"] as Int64) != lastID
        else { return }
        let users = try StoreService.Users.count(after: lastID, through: next["last_id"], db)
        try db.execute(
            sql: "UPDATE page SET since = ?, item_count = ?, etag = NULL WHERE since = ?",
            arguments: [lastID, max(1, users), next["since"] as Int64])
    }

    /// Whether the page rows are a partition of `0...last` (for tests and `status`' checks):
    /// sorted, contiguous, starting at 0.
    static func pagesArePartition(_ db: Database) throws -> Bool {
        var expected: Int64 = 0
        for row in try Row.fetchAll(db, sql: "SELECT since, last_id FROM page ORDER BY since") {
            guard (row["since"] as Int64) == expected else { return false }
            expected = row["last_id"]
        }
        return true
    }

    /// Whether a page or a rate limit is kept (GitHub's answer that the budget is used up is
    /// kept for the next command).
    static func holdsAny(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM page) OR EXISTS (SELECT 1 FROM rate_limit)") ?? false
    }

    /// How many pages are cached.
    package static func pageCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM page") ?? 0
    }
}
