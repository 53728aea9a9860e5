import Foundation
import GRDB

extension StoreService.Notes {
    /// Writes the note on a user, replacing any earlier one. Works for users not cached yet: the
    /// note is attached to the user's id as soon as the user is seen.
    public struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `text` (not empty) as the note on `login` (a valid login) and returns it.
        ///
        /// - Parameter base: when given, the note an editor was opened on (`.some(nil)`: none);
        ///   the save goes ahead only if the note is still that, in the same transaction.
        /// - Throws: ``NoteConflict`` when the note is no longer `base`.
        @discardableResult
        public func callAsFunction(login: String, text: String, base: String?? = nil, now: Date = Date()) throws -> Note {
            precondition(!text.isEmpty, "empty notes are refused before they reach the store")
            return try database.write { db in
                let existing = try Note.find(db, login: login)
                if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
                let user = try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE login = ?", arguments: [login])
                let userID: Int64? = user?[0]
                let currentLogin: String = user?[1] ?? login
                if let existing {
                    try db.execute(
                        sql: "UPDATE note SET text = ?, updated_at = ?, user_id = ?, login = ? WHERE id = ?",
                        arguments: [text, now.timeIntervalSince1970, userID, currentLogin, existing.rowID])
                } else {
                    // A note kept under this login for another account (renamed, its login taken
                    // over) stays, keyed by that account's id.
                    try db.execute(
                        sql: "INSERT INTO note (login, user_id, text, updated_at) VALUES (?, ?, ?, ?)",
                        arguments: [currentLogin, userID, text, now.timeIntervalSince1970])
                }
                return Note(login: currentLogin, userID: userID, text: text, updatedAt: now)
            }
        }
    }
}
