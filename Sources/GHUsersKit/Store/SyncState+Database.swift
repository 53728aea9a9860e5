import Foundation
import GRDB

// MARK: - Database

/// Every statement on the `sync_state` table (one row, id 1): the `StoreService.Sync`
/// operations and the page save run these, inside the transactions they hold.
extension SyncState {
    /// The table's columns.
    enum Columns {
        static let pageSize = "page_size"
        static let cursor = "cursor"
        static let endReached = "end_reached"
        static let lastSyncAt = "last_sync_at"
        static let welcomed = "welcomed"
        static let refreshSince = "refresh_since"
    }

    /// The state (a fresh one when the row is missing).
    static func read(_ db: Database) throws -> SyncState {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM sync_state WHERE id = 1") else {
            return SyncState(endReached: false, welcomed: false)
        }
        return SyncState(
            pageSize: row[Columns.pageSize], cursor: row[Columns.cursor], endReached: row[Columns.endReached],
            lastSyncAt: (row[Columns.lastSyncAt] as Double?).map(Date.init(timeIntervalSince1970:)),
            welcomed: row[Columns.welcomed], rateLimit: try rateLimits(db).first { $0.resource == RateLimit.core },
            refreshSince: row[Columns.refreshSince])
    }

    /// Where the next `refresh` starts: `since`, or the list's start (`nil`).
    static func storeRefreshSince(_ since: Int64?, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET refresh_since = ?", arguments: [since])
    }

    /// Marks the welcome as shown; `true` only the first time, even when processes race.
    static func markWelcomed(_ db: Database) throws -> Bool {
        try db.execute(sql: "UPDATE sync_state SET welcomed = 1 WHERE welcomed = 0")
        return db.changesCount > 0
    }

    /// Stores the last rate limit the API reported, over the last one of its resource (`core`
    /// when the response named none).
    static func record(_ rateLimit: RateLimit, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO rate_limit (resource, "limit", remaining, reset) VALUES (?, ?, ?, ?)
                """,
            arguments: [
                rateLimit.resource.flatMap { $0.isEmpty ? nil : String($0.prefix(40)) } ?? RateLimit.core, rateLimit.limit,
                rateLimit.remaining, rateLimit.reset.timeIntervalSince1970,
            ])
    }

    /// The last rate limit of each resource, by resource name.
    static func rateLimits(_ db: Database) throws -> [RateLimit] {
        try Row.fetchAll(db, sql: #"SELECT resource, "limit", remaining, reset FROM rate_limit ORDER BY resource"#).map { row in
            RateLimit(limit: row[1], remaining: row[2], reset: Date(timeIntervalSince1970: row[3]), resource: row[0])
        }
    }

    /// Stores the page size derived from the first page, within ``pageSizes``.
    static func storePageSize(_ size: Int, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET page_size = ?", arguments: [clampedPageSize(size)])
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

    /// A page was saved at `now` without moving the cursor (a refresh).
    static func touch(at now: Date, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET last_sync_at = ?", arguments: [now.timeIntervalSince1970])
    }
}
