import GRDB

extension StoreService.Sync {
    /// Records that the one-time welcome was shown.
    public struct MarkWelcomed: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Marks the welcome as shown; returns `true` only the first time, even when processes race.
        public func callAsFunction() throws -> Bool {
            try database.write { db in try SyncState.markWelcomed(db) }
        }
    }
}
