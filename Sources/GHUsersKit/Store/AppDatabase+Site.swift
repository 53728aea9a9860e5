import Foundation
import GRDB

// MARK: - Site

extension AppDatabase {
    /// What a site's database holds, for `status`: its recorded API root and its counts.
    package struct SiteSummary: Sendable, Hashable {
        /// The API root recorded in the file; `nil` when none is recorded yet.
        package var apiRoot: String?
        /// Users, profiles, notes, seen users and pages.
        package var statistics: StoreStatistics
    }

    /// The API root recorded in the database, `nil` before the first ``claim(_:)``.
    package func recordedSite() throws -> String? {
        try read { try String.fetchOne($0, sql: "SELECT api_root FROM site") }
    }

    /// Makes sure the database holds `site`'s data: records its API root on first use (one
    /// `SELECT` on every later open, no write).
    ///
    /// A GHE.com tenant's file recorded under the root ghusers once made of its host
    /// (``GitHubSite/formerGHEComSite``) is the tenant's: its root is corrected.
    ///
    /// - Throws: ``StoreError/otherSite(path:apiRoot:)`` when another API root is recorded.
    package func claim(_ site: GitHubSite) throws {
        var recorded = try recordedSite() ?? write { db -> String in
            try db.execute(sql: "INSERT OR IGNORE INTO site (id, api_root) VALUES (1, ?)", arguments: [site.apiRoot])
            return try String.fetchOne(db, sql: "SELECT api_root FROM site") ?? site.apiRoot
        }
        if let former = site.formerGHEComSite, recorded == former.apiRoot {
            try write { db in try db.execute(sql: "UPDATE site SET api_root = ?", arguments: [site.apiRoot]) }
            recorded = site.apiRoot
        }
        guard recorded == site.apiRoot else { throw StoreError.otherSite(path: path, apiRoot: recorded) }
    }

    /// Whether the database holds anything the user or GitHub said: a cached user, a note
    /// (notes may be on users not cached), a page or a rate limit (GitHub's answer that the
    /// budget is used up is kept for the next command). `true` when it cannot be read: a
    /// site's folder is removed only when this says `false` (``SiteFolder``).
    package func holdsData() async -> Bool {
        (try? await read { db in
            try StoreService.Users.holdsAny(db) || StoreService.Notes.holdsAny(db) || StoreService.Sync.holdsAny(db)
        }) ?? true
    }

    /// Reads the site and counts of the database at `url` without writing to it, or `nil` when
    /// it cannot be read.
    package static func summary(at url: URL) -> SiteSummary? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        let database = AppDatabase(current: queue)
        guard let statistics = try? database.read(StoreStatistics.init) else { return nil }
        return SiteSummary(apiRoot: (try? database.recordedSite()) ?? nil, statistics: statistics)
    }
}
