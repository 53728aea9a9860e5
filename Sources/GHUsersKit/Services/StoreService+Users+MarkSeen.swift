import GRDB

extension StoreService.Users {
    /// Marks a user as seen: its profile was shown. Seen users are dimmed in lists.
    public struct MarkSeen: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Marks the user with `id` as seen.
        public func callAsFunction(id: Int64) throws {
            try database.write { db in try User.markSeen(id: id, db) }
        }
    }
}
