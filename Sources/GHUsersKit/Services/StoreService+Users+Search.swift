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
            let phrase = Self.phrase(query)
            let like = "%" + Self.escapeLike(query) + "%"
            try database.read { db in
                let exact = try Row.fetchCursor(
                    db,
                    sql: """
                        \(UserDetails.selectWithNotes)
                        WHERE user.login = ?
                        """, arguments: [query])
                while let row = try exact.next() { try each(.user(UserDetails(row: row))) }

                let contains = Self.contains(query)
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        \(UserDetails.selectWithNotes)
                        WHERE \(contains.condition) ORDER BY user.id
                        """, arguments: contains.arguments)
                while let row = try rows.next() { try each(.user(UserDetails(row: row))) }

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

        /// The condition on `user LEFT JOIN note` that matches the users, other than the one
        /// whose login equals `query`, whose login or note contains `query`: the FTS5 trigram
        /// indexes for 3 or more characters, `LIKE` below.
        static func contains(_ query: String) -> (condition: String, arguments: StatementArguments) {
            let exclude = "user.login <> ?"
            if query.unicodeScalars.count >= 3 {
                let phrase = Self.phrase(query)
                return (
                    """
                    user.id IN (
                        SELECT rowid FROM user_fts WHERE user_fts MATCH ?
                        UNION
                        SELECT note.user_id FROM note_fts JOIN note ON note.id = note_fts.rowid
                        WHERE note_fts MATCH ? AND note.user_id IS NOT NULL
                    ) AND \(exclude)
                    """, [phrase, phrase, query]
                )
            }
            // The notes' matches as one list, made once: then the scan of the users tests its
            // login and a set, and looks a note up only for the rows it returns (a join tested
            // per row made a scan with no match 4 times slower at a million users).
            let like = "%" + escapeLike(query) + "%"
            return (
                """
                (user.login LIKE ? ESCAPE '\\'
                    OR user.id IN (SELECT user_id FROM note WHERE text LIKE ? ESCAPE '\\' AND user_id IS NOT NULL))
                AND \(exclude)
                """, [like, like, query]
            )
        }

        /// `query` as an FTS5 phrase (quoted, inner quotes doubled).
        static func phrase(_ query: String) -> String {
            "\"" + query.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
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
