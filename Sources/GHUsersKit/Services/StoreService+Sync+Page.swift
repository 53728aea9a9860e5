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
        }

        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// The page asked for with `since` (0 for the first), or `nil`.
        public func callAsFunction(since: Int64) throws -> Info? {
            try database.read { db in
                try Row.fetchOne(db, sql: "SELECT last_id, etag FROM page WHERE since = ?", arguments: [since])
                    .map { Info(lastID: $0[0], etag: $0[1]) }
            }
        }
    }
}
