import GRDB

extension StoreService.Sync {
    /// Records where the next `refresh` starts: where this one stopped (the rate limit,
    /// `--pages`), or the list's start once one went through.
    public struct RefreshProgress: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The next refresh starts at `since` (`nil`: at the start).
        public func callAsFunction(_ since: Int64?) throws {
            try database.write { db in try SyncState.storeRefreshSince(since, db) }
        }
    }
}
