import GRDB

extension StoreService.Users {
    /// Reads a window of a local search's users, in ``Search``'s order (the user whose login
    /// equals the query, then users whose login or note contains it, by id), a few screens at a
    /// time: what `browse` filters with as the query is typed. Keyset reads on the id, never
    /// `OFFSET`; each read stops once it has `count` rows, so a one-letter query over a million
    /// users answers as soon as the first screens are found. Notes on users not cached yet are
    /// not users and are left to `ghusers search`.
    public struct SearchWindow: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Up to `count` matches of `query` after the match with id `id` (`nil`: from the first,
        /// the exact login included; `0`: after the exact login).
        public func after(_ query: String, id: Int64?, count: Int) throws -> [UserDetails] {
            try database.read { db in
                var users = id == nil ? try exact(query, db) : []
                users += try contains(query, "AND user.id > ? ORDER BY user.id LIMIT ?", [id ?? 0, count - users.count], db)
                return users
            }
        }

        /// Up to `count` matches of `query` before the match with id `id` (which is not the
        /// exact login), in order.
        public func before(_ query: String, id: Int64, count: Int) throws -> [UserDetails] {
            try database.read { db in
                var users = Array(try contains(query, "AND user.id < ? ORDER BY user.id DESC LIMIT ?", [id, count], db).reversed())
                if users.count < count { users = try exact(query, db) + users }
                return users
            }
        }

        /// The users with ids `ids`, in that order (those no longer cached are left out): the
        /// window of matches that ``SearchIndex`` found, read by primary key, one prepared
        /// statement for all (a statement of `IN` with as many arguments is prepared afresh each
        /// time, and SQLite's parser cost more than the rows).
        ///
        /// Throws ``StoreError/interrupted`` once `isCancelled` says so, asked before each row:
        /// `sqlite3_interrupt` cannot stop it, since it only reaches a statement that is running,
        /// and each of these ends within microseconds (https://sqlite.org/c3ref/interrupt.html).
        public func users(_ ids: [Int64], isCancelled: () -> Bool = { false }) throws -> [UserDetails] {
            guard !ids.isEmpty else { return [] }
            return try database.read { db in
                let statement = try db.cachedStatement(sql: "\(UserDetails.selectWithNotes) WHERE user.id = ?")
                return try ids.compactMap { id in
                    if isCancelled() { throw StoreError.interrupted }
                    // A cursor's row is read in place, while the cursor lives; `fetchOne` would
                    // copy every column first.
                    let rows = try Row.fetchCursor(statement, arguments: [id])
                    guard let row = try rows.next() else { return nil }
                    return UserDetails(row: row)
                }
            }
        }

        private func exact(_ query: String, _ db: Database) throws -> [UserDetails] {
            let parsed = SearchQuery(query)
            guard let login = parsed.exactLogin else { return [] }
            var arguments: StatementArguments = [String(decoding: login, as: UTF8.self)]
            let qualified = Qualified.condition(parsed.qualifiers, &arguments)
            return try Row.fetchAll(db, sql: "\(UserDetails.selectWithNotes) WHERE user.login = ? AND \(qualified)", arguments: arguments)
                .map(UserDetails.init(row:))
        }

        private func contains(_ query: String, _ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [UserDetails] {
            let contains = Search.contains(SearchQuery(query), scanning: true)
            return try Row.fetchAll(
                db,
                sql: "\(UserDetails.selectWithNotes) WHERE \(contains.condition) \(clause)",
                arguments: contains.arguments + arguments
            ).map(UserDetails.init(row:))
        }
    }
}
