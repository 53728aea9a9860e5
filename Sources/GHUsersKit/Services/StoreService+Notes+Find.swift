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
    }
}
