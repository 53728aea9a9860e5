import GRDB

extension StoreService.Sync {
    /// Reads the last rate limit of each resource GitHub reported (`core`, `graphql`), for
    /// `status`.
    public struct RateLimits: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The rate limits, by resource name.
        public func callAsFunction() throws -> [RateLimit] {
            try database.read { db in try SyncState.rateLimits(db) }
        }
    }
}
