import GRDB

extension StoreService.Users {
    /// How many cached users have an id at most a given one: the position of a user in the
    /// whole cached list, which does not move between pages. One `COUNT` over the primary key.
    public struct Rank: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The number of cached users whose id is at most `id` (0 for `id` 0).
        public func callAsFunction(through id: Int64) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [id]) ?? 0
            }
        }
    }
}
