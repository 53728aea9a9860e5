import Foundation

// MARK: - Status

extension CombinedService {
    /// What `status` shows.
    public struct Status: Sendable {
        /// Where the files are.
        package var paths: GHUsersPaths
        /// Counts of users, profiles, notes, seen users and pages.
        public var statistics: StoreStatistics
        /// Pagination and the last REST (`core`) rate limit.
        public var sync: SyncState
        /// The last rate limit of each resource (`core`, `graphql`), by name.
        public var rateLimits: [RateLimit]
        /// The other sites kept in the same home, by API root.
        public var otherSites: [OtherSite]
    }

    /// Another site kept in the same home.
    public struct OtherSite: Sendable, Hashable {
        /// Its folder's name (``GitHubSite/key``).
        public var key: String
        /// Its API root as recorded in its database; the folder's name when none is recorded.
        public var apiRoot: String
        /// Its counts.
        public var statistics: StoreStatistics
    }

    /// Counts and state of the cache, and the counts of the other sites in the home.
    public func status() async throws -> Status {
        let (statistics, sync, rateLimits) = try await database.read { db in
            (try StoreStatistics(db), try StoreService.Sync.state(db), try StoreService.Sync.rateLimits(db))
        }
        return Status(paths: configuration.paths, statistics: statistics, sync: sync, rateLimits: rateLimits, otherSites: otherSites())
    }

    /// The other sites of the home: every `sites/KEY/ghusers.sqlite` but this one's, read
    /// without writing, sorted by API root. A file that cannot be read is left out, and so is
    /// a site that holds nothing (a mistyped `--api-url` can leave an empty file behind).
    func otherSites() -> [OtherSite] {
        let paths = configuration.paths
        guard let site = paths.site,
            let keys = try? FileManager.default.contentsOfDirectory(atPath: paths.sitesDirectory.path)
        else { return [] }
        return keys.filter { $0 != site.key }.compactMap { key -> OtherSite? in
            let file = paths.sitesDirectory.appendingPathComponent(key, isDirectory: true).appendingPathComponent("ghusers.sqlite")
            guard FileManager.default.fileExists(atPath: file.path), let summary = AppDatabase.summary(at: file),
                summary.statistics.users + summary.statistics.notes + summary.statistics.pages > 0
            else { return nil }
            return OtherSite(key: key, apiRoot: summary.apiRoot ?? key, statistics: summary.statistics)
        }.sorted { $0.apiRoot < $1.apiRoot }
    }
}
