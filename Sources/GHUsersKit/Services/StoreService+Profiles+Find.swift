extension StoreService.Profiles {
    /// Reads a cached profile by login, without regard to case.
    public struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The cached profile of `login`, or `nil` when the profile was never fetched.
        public func callAsFunction(login: String) throws -> CachedProfile? {
            try database.read { db in try CachedProfile.find(db, login: login) }
        }

        /// The cached profile of the user with id `id`, or `nil`.
        public func callAsFunction(id: Int64) throws -> CachedProfile? {
            try database.read { db in try CachedProfile.find(db, id: id) }
        }
    }
}
