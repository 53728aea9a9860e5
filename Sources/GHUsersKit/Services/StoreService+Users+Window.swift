import GRDB

extension StoreService.Users {
    /// Reads a window of cached users by keyset (never `OFFSET`): the first or last `count`, or
    /// `count` after or before an id, in id order, and the number of cached users. What the
    /// browser reads a million-row table with, a few screens at a time.
    public struct Window: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Up to `count` users with ids above `id`, in id order.
        public func after(_ id: Int64, count: Int) throws -> [UserDetails] {
            try fetch("WHERE user.id > ? ORDER BY user.id LIMIT ?", [id, count])
        }

        /// Up to `count` users with ids below `id`, in id order.
        public func before(_ id: Int64, count: Int) throws -> [UserDetails] {
            try fetch("WHERE user.id < ? ORDER BY user.id DESC LIMIT ?", [id, count]).reversed()
        }

        /// The last `count` users, in id order.
        public func last(count: Int) throws -> [UserDetails] {
            try fetch("ORDER BY user.id DESC LIMIT ?", [count]).reversed()
        }

        /// The last `count` users, in id order, and how many users are cached, read in one
        /// transaction (so the users' positions agree with the count).
        public func lastWithTotal(count: Int) throws -> (users: [UserDetails], total: Int) {
            try database.read { db in
                let users = try Row.fetchAll(
                    db, sql: "\(UserDetails.selectWithNotes) ORDER BY user.id DESC LIMIT ?",
                    arguments: [count]
                ).map(UserDetails.init(row:))
                let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
                return (users.reversed(), total)
            }
        }

        /// How many users are cached.
        public func count() throws -> Int {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0 }
        }

        private func fetch(_ clause: String, _ arguments: StatementArguments) throws -> [UserDetails] {
            try database.read { db in
                try Row.fetchAll(
                    db, sql: "\(UserDetails.selectWithNotes) " + clause,
                    arguments: arguments
                ).map(UserDetails.init(row:))
            }
        }
    }
}
