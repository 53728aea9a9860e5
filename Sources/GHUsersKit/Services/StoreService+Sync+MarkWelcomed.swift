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
            try database.write { db in try Self.markWelcomed(db) }
        }

        /// The same, inside a transaction the caller holds.
        static func markWelcomed(_ db: Database) throws -> Bool {
            try db.execute(sql: "UPDATE sync_state SET welcomed = 1 WHERE welcomed = 0")
            return db.changesCount > 0
        }
    }
}
