import Foundation
import GRDB

extension StoreService.Users {
    /// Searches logins and notes locally, without regard to case; never the network.
    ///
    /// Order: the user whose login equals the query, then every user whose login or note
    /// contains it, in id order, then notes on users not cached yet. A query of 3 or more
    /// characters uses the FTS5 trigram indexes (`user_fts`, `note_fts`): milliseconds at a
    /// million users. Shorter queries cannot use a trigram index and scan with `LIKE`.
    /// Results are streamed: one row in memory at a time.
    public struct Search: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Calls `each` for every match of `query` (not empty), in the order above.
        public func callAsFunction(_ query: String, _ each: (SearchResult) throws -> Void) throws {
            let usesIndex = query.unicodeScalars.count >= 3
            let phrase = "\"" + query.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            let like = "%" + Self.escapeLike(query) + "%"
            try database.read { db in
                let exact = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(UserDetails.selection) FROM user LEFT JOIN note ON note.user_id = user.id
                        WHERE user.login = ?
                        """, arguments: [query])
                while let row = try exact.next() { try each(.user(UserDetails(row: row))) }

                let contains: RowCursor
                if usesIndex {
                    contains = try Row.fetchCursor(
                        db,
                        sql: """
                            SELECT \(UserDetails.selection) FROM user LEFT JOIN note ON note.user_id = user.id
                            WHERE user.id IN (
                                SELECT rowid FROM user_fts WHERE user_fts MATCH ?1
                                UNION
                                SELECT note.user_id FROM note_fts JOIN note ON note.id = note_fts.rowid
                                WHERE note_fts MATCH ?1 AND note.user_id IS NOT NULL
                            ) AND user.login <> ?2
                            ORDER BY user.id
                            """, arguments: [phrase, query])
                } else {
                    contains = try Row.fetchCursor(
                        db,
                        sql: """
                            SELECT \(UserDetails.selection) FROM user LEFT JOIN note ON note.user_id = user.id
                            WHERE (user.login LIKE ?1 ESCAPE '\\' OR note.text LIKE ?1 ESCAPE '\\') AND user.login <> ?2
                            ORDER BY user.id
                            """, arguments: [like, query])
                }
                while let row = try contains.next() { try each(.user(UserDetails(row: row))) }

                let textMatch =
                    usesIndex ? "note.id IN (SELECT rowid FROM note_fts WHERE note_fts MATCH ?2)" : "note.text LIKE ?1 ESCAPE '\\'"
                let orphans = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT login, text, updated_at FROM note
                        WHERE user_id IS NULL AND (login LIKE ?1 ESCAPE '\\' OR \(textMatch))
                        ORDER BY login = ?3 DESC, login
                        """, arguments: [like, phrase, query])
                while let row = try orphans.next() {
                    try each(
                        .note(
                            Note(
                                login: row[0], userID: nil, text: row[1],
                                updatedAt: Date(timeIntervalSince1970: row[2]))))
                }
            }
        }

        static func escapeLike(_ text: String) -> String {
            var escaped = ""
            for character in text {
                if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }
}
