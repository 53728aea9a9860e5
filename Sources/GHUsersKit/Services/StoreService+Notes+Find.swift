extension StoreService.Notes {
    /// Reads the note on a user.
    public struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The note on `login`, or `nil`.
        public func callAsFunction(login: String) throws -> Note? {
            try database.read { db in try Note.find(db, login: login)?.note }
        }

        /// The texts the note on `login` had before, the most recently replaced first (an edit,
        /// a delete, an import of a newer note each keep the text they replace).
        public func history(login: String) throws -> [Note] {
            try database.read { db in
                let userID = try User.identity(db, login: login)?.id ?? Note.find(db, login: login)?.note.userID
                return try Note.history(db, login: login, userID: userID)
            }
        }
    }
}
