import GRDB

extension StoreService.Sync {
    /// Whether a token may read `User.email` over GraphQL, remembered per token (by
    /// ``TokenSource/fingerprint(_:)``, never the token), so that `profiles prefetch` asks a
    /// token that may not only once.
    public struct TokenEmail: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// What is known of `fingerprint`: `nil` when nothing is.
        public func readsEmail(fingerprint: String) throws -> Bool? {
            try database.read { db in
                try Bool.fetchOne(db, sql: "SELECT reads_email FROM graphql_token WHERE fingerprint = ?", arguments: [fingerprint])
            }
        }

        /// Remembers whether `fingerprint` may read emails.
        public func remember(fingerprint: String, readsEmail: Bool) throws {
            guard !fingerprint.isEmpty else { return }
            try database.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO graphql_token (fingerprint, reads_email) VALUES (?, ?)",
                    arguments: [fingerprint, readsEmail])
            }
        }
    }
}
