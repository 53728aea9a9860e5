import GRDB

extension StoreService.Users {
    /// Finds the cached account of a login, and marks an account gone (or back).
    ///
    /// GitHub answers 404 for the login of an account that was renamed (the old name is free
    /// for anyone, GitHub Docs "Changing your username") and for one that was deleted or
    /// suspended. The cached id tells the two apart: `GET /user/{id}` still answers a renamed
    /// account.
    public struct MarkGone: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The id of the cached user whose login is `login`, without regard to case.
        public func accountID(login: String) throws -> Int64? {
            try database.read { db in try User.identity(db, login: login)?.id }
        }

        /// Marks the user `id` gone (`true`) or back.
        public func callAsFunction(id: Int64, gone: Bool = true) throws {
            try database.write { db in try User.markGone(id: id, gone, db) }
        }
    }
}
