// MARK: - Status

extension CombinedService {
    /// What `status` shows.
    public struct Status: Sendable {
        /// Where the files are.
        public var paths: GHUsersPaths
        /// Counts of users, profiles, notes, seen users and pages.
        public var statistics: StoreStatistics
        /// Pagination and the last rate limit.
        public var sync: SyncState
    }

    /// Counts and state of the cache.
    public func status() throws -> Status {
        Status(
            paths: configuration.paths, statistics: try StoreService.Sync.Statistics(database: database)(),
            sync: try StoreService.Sync.State(database: database)())
    }
}
