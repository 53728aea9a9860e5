import Foundation
import GRDB

extension StoreService.Users {
    /// Saves a page of users with the pagination state it implies, in one transaction: the
    /// users, the page's ETag and next cursor, the page size, the cursor and the rate limit move
    /// together or not at all, so a crash never leaves half a page or a skipped user. The same
    /// transaction reads back what the caller shows next (``Saved``), so nothing is read twice.
    public struct Save: Sendable {
        /// What the store holds once a page is saved, read in the saving transaction.
        public struct Saved: Sendable, Hashable {
            /// The cached users with ids after the request's `since` and up to the page's cursor
            /// (the page's users, with their notes and seen marks), in id order; none for an empty
            /// page.
            public var users: [UserDetails]
            /// The pagination and rate-limit state after the save.
            public var state: SyncState
            /// Whether this save marked the one-time welcome as shown: the first page with users
            /// that moved the cursor, even when processes race.
            public var isFirstStore: Bool
        }

        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `page`, fetched with `request` and answered with `etag` and `rateLimit`. An
        /// empty page marks the end of the list.
        @discardableResult
        public func callAsFunction(
            _ page: UsersPage, request: UsersPageRequest, etag: String?, rateLimit: RateLimit? = nil, now: Date = Date()
        ) throws -> Saved {
            try database.write { db in
                let before = try SyncState.read(db)
                try User.upsert(page.users, db, now: now)
                if let first = page.users.first?.id, let last = page.users.last?.id {
                    try User.attachNotes(db, ids: min(first, last)...max(first, last))
                }
                if let cursor = page.cursor, cursor > request.since {
                    try PageTable.save(
                        since: request.since, lastID: cursor, itemCount: page.itemCount, etag: etag,
                        tokenFingerprint: request.tokenFingerprint, at: now, db)
                }
                // The accounts GitHub no longer lists: those cached in the page's range, and, when
                // the list ends with this page, those cached after it up to the cursor.
                let end = page.hasNext ? page.cursor : max(page.cursor ?? request.since, before.cursor ?? request.since)
                if let end, end > request.since {
                    try User.markGone(db, after: request.since, through: end, listed: page.listedIDs)
                }
                if let pageSize = before.pageSize(settingFrom: page) { try SyncState.storePageSize(pageSize, db) }
                var isFirstStore = false
                if request.movesCursor {
                    let moved = page.cursor.flatMap { $0 > request.since ? $0 : nil }
                    try SyncState.advance(to: moved, at: now, db)
                    if !page.users.isEmpty { isFirstStore = try SyncState.markWelcomed(db) }
                } else {
                    try SyncState.touch(at: now, db)
                    // A refreshed page that reaches past the cursor (accounts deleted before it):
                    // the list continues after what is now cached.
                    if let cursor = page.cursor, let stored = before.cursor, cursor > stored { try SyncState.advance(to: cursor, at: now, db) }
                }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                var users: [UserDetails] = []
                if let cursor = page.cursor {
                    try UserDetails.stream(db, after: request.since, through: cursor) { users.append($0) }
                }
                return Saved(users: users, state: try SyncState.read(db), isFirstStore: isFirstStore)
            }
        }
    }
}
