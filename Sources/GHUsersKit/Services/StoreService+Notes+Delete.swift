extension StoreService.Notes {
    /// Deletes the note on a user.
    public struct Delete: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Deletes the note on `login`; returns whether there was one.
        @discardableResult
        public func callAsFunction(login: String) throws -> Bool {
            try database.write { db in
                guard let existing = try Note.find(db, login: login) else { return false }
                try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [existing.rowID])
                return true
            }
        }
    }
}
