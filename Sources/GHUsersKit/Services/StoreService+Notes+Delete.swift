import Foundation

extension StoreService.Notes {
    /// Deletes the note on a user.
    public struct Delete: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Deletes the note on `login`, keeping its text in the note's history; returns whether
        /// there was one.
        ///
        /// - Parameter base: when given, the note the user decided to delete; the delete goes
        ///   ahead only if the note is still that. - Throws: ``NoteConflict`` otherwise.
        @discardableResult
        public func callAsFunction(login: String, base: String? = nil, now: Date = Date()) throws -> Bool {
            try database.write { db in
                let existing = try Note.find(db, login: login)
                if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
                guard let existing else { return false }
                try existing.note.keepInHistory(replacedAt: now, db)
                try Note.delete(rowID: existing.rowID, db)
                return true
            }
        }
    }
}
