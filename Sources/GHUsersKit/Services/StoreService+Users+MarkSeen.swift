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
            try database.write { db in try Self.markSeen(id: id, db) }
        }

        /// The same, inside a transaction the caller holds.
        static func markSeen(id: Int64, _ db: Database) throws {
            try db.execute(sql: "UPDATE user SET seen = 1 WHERE id = ? AND seen = 0", arguments: [id])
        }
    }
}
