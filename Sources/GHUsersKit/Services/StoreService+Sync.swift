import Foundation
import GRDB

extension StoreService.Sync {
    /// Reads the pagination and rate-limit state.
    package struct State: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The current state.
        package func callAsFunction() throws -> SyncState {
            try database.read { db in try SyncState.read(db) }
        }
    }
}

extension StoreService.Sync {
    /// Reads what is known of a cached page: where it ends and its ETag.
    package struct Page: Sendable {
        /// A cached page.
        package struct Info: Sendable, Hashable {
            /// The id of the page's last item: the next page's `since`.
            package var lastID: Int64
            /// The page's `ETag`, to revalidate it.
            package var etag: String?
            /// ``TokenSource/fingerprint(_:)`` of the token whose answer carried the ETag.
            package var etagToken: String? = nil
        }

        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The page asked for with `since` (0 for the first), or `nil`.
        package func callAsFunction(since: Int64) throws -> Info? {
            try database.read { db in
                try Row.fetchOne(db, sql: "SELECT last_id, etag, etag_token FROM page WHERE since = ?", arguments: [since])
                    .map { Info(lastID: $0[0], etag: $0[1], etagToken: $0[2]) }
            }
        }

        /// How many cached pages start at `since` or after (the requests a refresh from there
        /// makes), and how many of them hold an ETag from the token of `fingerprint`.
        package func count(from since: Int64, fingerprint: String) throws -> (pages: Int, withETag: Int) {
            try database.read { db in
                let row = try Row.fetchOne(
                    db, sql: "SELECT count(*), count(CASE WHEN etag IS NOT NULL AND etag_token IS ? THEN 1 END) FROM page WHERE since >= ?",
                    arguments: [fingerprint.isEmpty ? nil : fingerprint, since])
                return (row?[0] ?? 0, row?[1] ?? 0)
            }
        }
    }
}

extension StoreService.Sync {
    /// Reads the last rate limit of each resource GitHub reported (`core`, `graphql`), for
    /// `status`.
    package struct RateLimits: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The rate limits, by resource name.
        package func callAsFunction() throws -> [RateLimit] {
            try database.read { db in try SyncState.rateLimits(db) }
        }
    }
}

extension StoreService.Sync {
    /// Remembers the last rate limit the API reported, for `ghusers status`.
    package struct RecordRateLimit: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Stores `rateLimit`.
        package func callAsFunction(_ rateLimit: RateLimit) throws {
            try database.write { db in try SyncState.record(rateLimit, db) }
        }
    }
}

extension StoreService.Sync {
    /// Records where the next `refresh` starts: where this one stopped (the rate limit,
    /// `--pages`), or the list's start once one went through.
    package struct RefreshProgress: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The next refresh starts at `since` (`nil`: at the start).
        package func callAsFunction(_ since: Int64?) throws {
            try database.write { db in try SyncState.storeRefreshSince(since, db) }
        }
    }
}

extension StoreService.Sync {
    /// Counts users, profiles, notes, seen users and pages.
    package struct Statistics: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The counts, from one snapshot.
        package func callAsFunction() throws -> StoreStatistics {
            try database.read { db in
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT count(*) FROM user), (SELECT count(*) FROM profile),
                               (SELECT count(*) FROM note), (SELECT count(*) FROM user WHERE seen),
                               (SELECT count(*) FROM page)
                        """)!
                return StoreStatistics(users: row[0], profiles: row[1], notes: row[2], seen: row[3], pages: row[4])
            }
        }
    }
}

extension StoreService.Sync {
    /// Whether a token may read `User.email` over GraphQL, remembered per token (by
    /// ``TokenSource/fingerprint(_:)``, never the token), so that `profiles prefetch` asks a
    /// token that may not only once.
    package struct TokenEmail: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// What is known of `fingerprint`: `nil` when nothing is.
        package func readsEmail(fingerprint: String) throws -> Bool? {
            try database.read { db in
                try Bool.fetchOne(db, sql: "SELECT reads_email FROM graphql_token WHERE fingerprint = ?", arguments: [fingerprint])
            }
        }

        /// Remembers whether `fingerprint` may read emails.
        package func remember(fingerprint: String, readsEmail: Bool) throws {
            guard !fingerprint.isEmpty else { return }
            try database.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO graphql_token (fingerprint, reads_email) VALUES (?, ?)",
                    arguments: [fingerprint, readsEmail])
            }
        }
    }
}

extension StoreService.Sync {
    /// Records that the one-time welcome was shown.
    package struct MarkWelcomed: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Marks the welcome as shown; returns `true` only the first time, even when processes race.
        package func callAsFunction() throws -> Bool {
            try database.write { db in try SyncState.markWelcomed(db) }
        }
    }
}
