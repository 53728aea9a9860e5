import GRDB

extension StoreService.Sync {
    /// Reads what is known of a cached page: where it ends and its ETag.
    public struct Page: Sendable {
        /// A cached page.
        public struct Info: Sendable, Hashable {
            /// The id of the page's last item: the next page's `since`.
            public var lastID: Int64
            /// The page's `ETag`, to revalidate it.
            public var etag: String?
            /// ``TokenSource/fingerprint(_:)`` of the token whose answer carried the ETag.
            public var etagToken: String? = nil
        }

        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The page asked for with `since` (0 for the first), or `nil`.
        public func callAsFunction(since: Int64) throws -> Info? {
            try database.read { db in
                try Row.fetchOne(db, sql: "SELECT last_id, etag, etag_token FROM page WHERE since = ?", arguments: [since])
                    .map { Info(lastID: $0[0], etag: $0[1], etagToken: $0[2]) }
            }
        }

        /// How many cached pages start at `since` or after (the requests a refresh from there
        /// makes), and how many of them hold an ETag from the token of `fingerprint`.
        public func count(from since: Int64, fingerprint: String) throws -> (pages: Int, withETag: Int) {
            try database.read { db in
                let row = try Row.fetchOne(
                    db, sql: "SELECT count(*), count(CASE WHEN etag IS NOT NULL AND etag_token IS ? THEN 1 END) FROM page WHERE since >= ?",
                    arguments: [fingerprint.isEmpty ? nil : fingerprint, since])
                return (row?[0] ?? 0, row?[1] ?? 0)
            }
        }
    }
}
