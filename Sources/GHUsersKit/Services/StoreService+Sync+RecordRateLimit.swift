import GRDB

extension StoreService.Sync {
    /// Remembers the last rate limit the API reported, for `ghusers status`.
    public struct RecordRateLimit: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Stores `rateLimit`.
        public func callAsFunction(_ rateLimit: RateLimit) throws {
            try database.write { db in try Self.record(rateLimit, db) }
        }

        /// Stores `rateLimit` inside a transaction the caller holds.
        static func record(_ rateLimit: RateLimit, _ db: Database) throws {
            try db.execute(
                sql: "UPDATE sync_state SET rate_limit = ?, rate_remaining = ?, rate_reset = ?, rate_resource = ?",
                arguments: [
                    rateLimit.limit, rateLimit.remaining, rateLimit.reset.timeIntervalSince1970, rateLimit.resource,
                ])
        }
    }
}
