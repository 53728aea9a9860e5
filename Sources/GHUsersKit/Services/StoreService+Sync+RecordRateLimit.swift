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
            try database.write { db in try SyncState.record(rateLimit, db) }
        }
    }
}
