import Foundation
import GRDB

extension StoreService.Sync {
    /// Reads the pagination and rate-limit state.
    public struct State: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The current state.
        public func callAsFunction() throws -> SyncState {
            try database.read { db in try Self.read(db) }
        }

        /// The state, inside a transaction the caller holds.
        static func read(_ db: Database) throws -> SyncState {
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT page_size, cursor, end_reached, last_sync_at, welcomed,
                           rate_limit, rate_remaining, rate_reset, rate_resource
                    FROM sync_state WHERE id = 1
                    """)
            guard let row else { return SyncState(endReached: false, welcomed: false) }
            var rateLimit: RateLimit?
            if let limit: Int = row[5], let remaining: Int = row[6], let reset: Double = row[7] {
                rateLimit = RateLimit(
                    limit: limit, remaining: remaining, reset: Date(timeIntervalSince1970: reset), resource: row[8])
            }
            return SyncState(
                pageSize: row[0], cursor: row[1], endReached: row[2],
                lastSyncAt: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)),
                welcomed: row[4], rateLimit: rateLimit)
        }
    }
}
