import Foundation
import GRDB

extension StoreService.Notes {
    /// Writes the note on a user, replacing any earlier one, which is kept in the note's history
    /// (`ghusers note LOGIN --history`). Works for users not cached yet: the note is attached to
    /// the user's id as soon as the user is seen.
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
            let text = Note.normalized(text)
            return try database.write { db in
                let existing = try Note.find(db, login: login)
                if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
                let user = try User.identity(db, login: login)
                let note = Note(login: user?.login ?? login, userID: user?.id, text: text, updatedAt: now)
                if let existing {
                    if existing.note.text != text { try existing.note.keepInHistory(replacedAt: now, db) }
                    try note.update(rowID: existing.rowID, db)
                } else {
                    // A note kept under this login for another account (renamed, its login taken
                    // over) stays, keyed by that account's id.
                    try note.insert(db)
                }
                return note
            }
        }
    }
}
