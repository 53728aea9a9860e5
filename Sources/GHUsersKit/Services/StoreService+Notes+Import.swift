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
                    guard Login.isValid(entry.login), !entry.note.isEmpty, entry.note.utf8.count <= Note.maximumBytes else {
                        report.rejected.append(String(entry.login.prefix(60)))
                        continue
                    }
                    let updatedAt = (entry.updatedAt ?? now).timeIntervalSince1970
                    guard let local = try Self.localNote(db, for: entry) else {
                        // An entry goes to its account by id if cached, else to its login's user;
                        // but never to another account that took its login over: then it stays
                        // keyed by its own id. Otherwise it waits for its login.
                        var user = try entry.id.flatMap { try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE id = ?", arguments: [$0]) }
                        var userID: Int64? = user?[0]
                        if user == nil, let holder = try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE login = ?", arguments: [entry.login]) {
                            if let id = entry.id, (holder[0] as Int64) != id {
                                userID = id
                            } else {
                                user = holder
                                userID = holder[0]
                            }
                        }
                        try db.execute(
                            sql: "INSERT INTO note (login, user_id, text, updated_at) VALUES (?, ?, ?, ?)",
                            arguments: [user?[1] ?? entry.login, userID, entry.note, updatedAt])
                        report.added += 1
                        continue
                    }
                    if local.text == entry.note {
                        report.unchanged += 1
                        continue
                    }
                    let resolved: String
                    switch strategy {
                    case .keep:
                        report.conflicts.append("\(local.login): kept the local note")
                        report.unchanged += 1
                        continue
                    case .replace:
                        resolved = entry.note
                        report.conflicts.append("\(local.login): replaced the local note")
                    case .merge:
                        if local.text.contains(entry.note) {
                            report.unchanged += 1
                            continue
                        }
                        resolved = local.text + "\n\n" + entry.note
                        report.conflicts.append("\(local.login): merged both notes")
                    }
                    try db.execute(
                        sql: "UPDATE note SET text = ?, updated_at = ? WHERE id = ?",
                        arguments: [resolved, now.timeIntervalSince1970, local.rowID])
                    report.updated += 1
                }
                return report
            }
        }

        private static func localNote(_ db: Database, for entry: NotesArchive.Entry) throws -> (rowID: Int64, login: String, text: String)? {
            if let id = entry.id {
                if let row = try Row.fetchOne(db, sql: "SELECT id, login, text FROM note WHERE user_id = ?", arguments: [id]) {
                    return (row[0], row[1], row[2])
                }
                // The login's note is this entry's only if it belongs to no other account.
                guard let found = try Note.find(db, login: entry.login), found.note.userID == nil || found.note.userID == id else {
                    return nil
                }
                return (found.rowID, found.note.login, found.note.text)
            }
            return try Note.find(db, login: entry.login).map { ($0.rowID, $0.note.login, $0.note.text) }
        }
    }
}
