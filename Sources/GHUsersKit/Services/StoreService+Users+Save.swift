import Foundation
import GRDB

extension StoreService.Users {
    /// Saves a page of users with the pagination state it implies, in one transaction: the
    /// users, the page's ETag and next cursor, the page size and the cursor move together or not
    /// at all, so a crash never leaves half a page or a skipped user.
    public struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `page`, fetched with `request` and answered with `etag`. An empty page marks the
        /// end of the list.
        public func callAsFunction(_ page: UsersPage, request: UsersPageRequest, etag: String?, now: Date = Date()) throws {
            try database.write { db in
                try User.upsert(page.users, db, now: now)
                if let first = page.users.first?.id, let last = page.users.last?.id {
                    try User.attachNotes(db, ids: min(first, last)...max(first, last))
                }
                if let cursor = page.cursor, cursor > request.since {
                    try db.execute(
                        sql: """
                            INSERT INTO page (since, last_id, item_count, etag, fetched_at) VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (since) DO UPDATE SET last_id = excluded.last_id,
                                item_count = excluded.item_count, etag = excluded.etag, fetched_at = excluded.fetched_at
                            """, arguments: [request.since, cursor, page.itemCount, etag, now.timeIntervalSince1970])
                }
                if let pageSize = request.pageSize {
                    try db.execute(sql: "UPDATE sync_state SET page_size = ?", arguments: [min(max(pageSize, 1), 100)])
                }
                if request.movesCursor {
                    if let cursor = page.cursor, cursor > request.since {
                        try db.execute(
                            sql: "UPDATE sync_state SET cursor = ?, end_reached = 0, last_sync_at = ?",
                            arguments: [cursor, now.timeIntervalSince1970])
                    } else {
                        try db.execute(
                            sql: "UPDATE sync_state SET end_reached = 1, last_sync_at = ?",
                            arguments: [now.timeIntervalSince1970])
                    }
                } else {
                    try db.execute(sql: "UPDATE sync_state SET last_sync_at = ?", arguments: [now.timeIntervalSince1970])
                }
            }
        }
    }
}
