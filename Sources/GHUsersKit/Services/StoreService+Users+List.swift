import GRDB

extension StoreService.Users {
    /// Streams cached users in id order: one row in memory at a time, whatever the table's size.
    public struct List: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Calls `each` for every cached user with an id above `after` and at most `through`, at
        /// most `limit` of them (`nil`: all), in id order, inside one read transaction (a
        /// consistent snapshot).
        public func callAsFunction(
            after: Int64 = 0, through: Int64 = .max, limit: Int? = nil, _ each: (UserDetails) throws -> Void
        ) throws {
            try database.read { db in try UserDetails.stream(db, after: after, through: through, limit: limit, each) }
        }

        /// Streams the cached users after `after`, at most `limit`, each with its cached profile
        /// when it has one (`list --json`): one join, one row in memory at a time.
        public func withProfiles(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails, CachedProfile?) throws -> Void) throws {
            try database.read { db in try CachedProfile.stream(db, after: after, limit: limit, each) }
        }
    }
}
