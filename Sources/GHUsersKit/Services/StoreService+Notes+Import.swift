import Foundation
import GRDB

extension StoreService.Notes {
    /// Imports an archive of notes in one transaction: all of it or nothing.
    ///
    /// An entry matches a local note by the user's id when the archive knows it, else by login.
    /// Importing the same archive twice changes nothing the second time. A conflict (a
    /// different local note) is resolved by the ``NotesConflictStrategy`` and always reported.
    public struct Import: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Imports `archive`.
        public func callAsFunction(
            _ archive: NotesArchive, onConflict strategy: NotesConflictStrategy = .merge, now: Date = Date()
        ) throws -> NotesImportReport {
            try database.write { db in
                var report = NotesImportReport()
                for entry in archive.notes {
                    guard Login.isValid(entry.login), !entry.note.isEmpty, entry.note.utf8.count <= Note.maximumBytes,
                        !Note.hasNUL(entry.note)
                    else {
                        report.rejected.append(String(entry.login.prefix(60)))
                        continue
                    }
                    let updatedAt = entry.updatedAt ?? now
                    guard let local = try Self.localNote(db, for: entry) else {
                        // An entry goes to its account by id if cached, else to its login's user;
                        // but never to another account that took its login over: then it stays
                        // keyed by its own id. Otherwise it waits for its login.
                        var user = try entry.id.flatMap { try User.identity(db, id: $0) }
                        var userID = user?.id
                        if user == nil, let holder = try User.identity(db, login: entry.login) {
                            if let id = entry.id, holder.id != id {
                                userID = id
                            } else {
                                user = holder
                                userID = holder.id
                            }
                        }
                        try Note(login: user?.login ?? entry.login, userID: userID, text: entry.note, updatedAt: updatedAt).insert(db)
                        report.added += 1
                        continue
                    }
                    if local.note.text == entry.note {
                        report.unchanged += 1
                        continue
                    }
                    let resolved: String
                    switch strategy {
                    case .keep:
                        report.conflicts.append("\(local.note.login): kept the local note")
                        report.unchanged += 1
                        continue
                    case .replace:
                        resolved = entry.note
                        report.conflicts.append("\(local.note.login): replaced the local note")
                    case .merge:
                        if local.note.text.contains(entry.note) {
                            report.unchanged += 1
                            continue
                        }
                        resolved = local.note.text + "\n\n" + entry.note
                        report.conflicts.append("\(local.note.login): merged both notes")
                    }
                    var note = local.note
                    (note.text, note.updatedAt) = (resolved, now)
                    try note.update(rowID: local.rowID, db)
                    report.updated += 1
                }
                return report
            }
        }

        private static func localNote(_ db: Database, for entry: NotesArchive.Entry) throws -> (rowID: Int64, note: Note)? {
            if let id = entry.id {
                if let found = try Note.find(db, userID: id) { return found }
                // The login's note is this entry's only if it belongs to no other account.
                guard let found = try Note.find(db, login: entry.login), found.note.userID == nil || found.note.userID == id else {
                    return nil
                }
                return found
            }
            return try Note.find(db, login: entry.login)
        }
    }
}
