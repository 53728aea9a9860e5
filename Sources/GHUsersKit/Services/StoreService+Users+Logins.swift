import GRDB

extension StoreService.Users {
    /// Logins that start with a prefix, case-insensitively, in login order: cached users and
    /// notes on users not cached yet. What shell completion offers for `profile` and `note`.
    ///
    /// Two range scans of `login`'s NOCASE indexes (the user table's UNIQUE one and `note_login`),
    /// each stopped at the limit: about a millisecond on a million users, whatever the prefix.
    public struct Logins: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// At most `limit` logins starting with `prefix` (200 by default), sorted without
        /// regard to case, each once.
        public func callAsFunction(prefix: String, limit: Int = 200) throws -> [String] {
            // Logins are ASCII letters, digits and '-', all below '~': `prefix~` bounds the range.
            let arguments: StatementArguments = [prefix, prefix + "~", limit]
            let (users, notes) = try database.read { db in
                let users = try String.fetchAll(
                    db, sql: "SELECT login FROM user WHERE login >= ? AND login < ? ORDER BY login LIMIT ?", arguments: arguments)
                let notes = try String.fetchAll(
                    db, sql: "SELECT DISTINCT login FROM note WHERE login >= ? AND login < ? ORDER BY login LIMIT ?",
                    arguments: arguments)
                return (users, notes)
            }
            var seen = Set<String>()
            let merged = (users + notes).filter { seen.insert($0.lowercased()).inserted }
            return Array(merged.sorted { $0.lowercased() < $1.lowercased() }.prefix(limit))
        }
    }
}
