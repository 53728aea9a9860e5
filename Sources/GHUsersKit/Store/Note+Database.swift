import Foundation
import GRDB

// MARK: - Database

extension Note {
    /// Finds the note for `login`: the note on the cached user of that login if there is one,
    /// else a note written for that login before its user was known.
    static func find(_ db: Database, login: String) throws -> (rowID: Int64, note: Note)? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT note.id, note.login, note.user_id, note.text, note.updated_at FROM note
                WHERE note.user_id = (SELECT id FROM user WHERE login = ?1)
                   OR (note.login = ?1 AND note.user_id IS NULL)
                ORDER BY note.user_id IS NULL
                LIMIT 1
                """, arguments: [login])
        guard let row else { return nil }
        return (
            row[0],
            Note(login: row[1], userID: row[2], text: row[3], updatedAt: Date(timeIntervalSince1970: row[4]))
        )
    }
}
