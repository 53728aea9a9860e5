import GRDB

extension StoreService.Users {
    /// Looks a cached user up by login, without regard to case.
    public struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The cached user named `login`, or `nil`.
        public func callAsFunction(login: String) throws -> UserDetails? {
            try database.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT \(UserDetails.selection) FROM user LEFT JOIN note ON note.user_id = user.id
                        WHERE user.login = ?
                        """, arguments: [login]
                ).map(UserDetails.init(row:))
            }
        }
    }
}
