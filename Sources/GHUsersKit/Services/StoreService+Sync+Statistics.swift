import GRDB

extension StoreService.Sync {
    /// Counts users, profiles, notes, seen users and pages.
    public struct Statistics: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The counts, from one snapshot.
        public func callAsFunction() throws -> StoreStatistics {
            try database.read { db in
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT count(*) FROM user), (SELECT count(*) FROM profile),
                               (SELECT count(*) FROM note), (SELECT count(*) FROM user WHERE seen),
                               (SELECT count(*) FROM page)
                        """)!
                return StoreStatistics(users: row[0], profiles: row[1], notes: row[2], seen: row[3], pages: row[4])
            }
        }
    }
}
