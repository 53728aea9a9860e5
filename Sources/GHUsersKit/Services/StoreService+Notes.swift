import Foundation
import GRDB

extension StoreService.Notes {
    /// Writes the note on a user, replacing any earlier one, which is kept in the note's history
    /// (`ghusers note LOGIN --history`). Works for users not cached yet: the note is attached to
    /// the user's id as soon as the user is seen.
    package struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `text` (not empty) as the note on `login` (a valid login) and returns it.
        ///
        /// - Parameter base: when given, the note an editor was opened on (`.some(nil)`: none);
        ///   the save goes ahead only if the note is still that, in the same transaction.
        /// - Throws: ``NoteConflict`` when the note is no longer `base`.
        @discardableResult
        package func callAsFunction(login: String, text: String, base: String?? = nil, now: Date = Date()) throws -> Note {
            precondition(!text.isEmpty, "empty notes are refused before they reach the store")
            let text = Note.normalized(text)
            return try database.write { db in
                let existing = try Note.find(db, login: login)
                if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
                let user = try User.identity(db, login: login)
                // A note that waits for its account keeps that account's id.
                let note = Note(login: user?.login ?? login, userID: user?.id ?? existing?.note.userID, text: text, updatedAt: now)
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

extension StoreService.Notes {
    /// Reads the note on a user.
    package struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The note on `login`, or `nil`.
        package func callAsFunction(login: String) throws -> Note? {
            try database.read { db in try Note.find(db, login: login)?.note }
        }

        /// The texts the note on `login` had before, the most recently replaced first (an edit,
        /// a delete, an import of a newer note each keep the text they replace).
        package func history(login: String) throws -> [Note] {
            try database.read { db in
                let userID = try User.identity(db, login: login)?.id ?? Note.find(db, login: login)?.note.userID
                return try Note.history(db, login: login, userID: userID)
            }
        }
    }
}

extension StoreService.Notes {
    /// Deletes the note on a user.
    package struct Delete: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Deletes the note on `login`, keeping its text in the note's history; returns whether
        /// there was one.
        ///
        /// - Parameter base: when given, the note the user decided to delete; the delete goes
        ///   ahead only if the note is still that. - Throws: ``NoteConflict`` otherwise.
        @discardableResult
        package func callAsFunction(login: String, base: String? = nil, now: Date = Date()) throws -> Bool {
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

extension StoreService.Notes {
    /// Streams every note, sorted by login without regard to case (stable across runs).
    package struct Export: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Calls `each` for every note, in one read transaction.
        package func callAsFunction(_ each: (Note) throws -> Void) throws {
            try database.read { db in try Note.all(db, each) }
        }
    }
}

extension StoreService.Notes {
    /// Imports an archive of notes in one transaction: all of it or nothing.
    ///
    /// An entry matches a local note by the user's id when the archive knows it, else by login.
    /// Importing the same archive twice changes nothing the second time. A conflict (a
    /// different local note) is resolved by the ``NotesConflictStrategy`` and always reported;
    /// a local text replaced is kept in the note's history.
    package struct Import: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Imports `archive`.
        package func callAsFunction(
            _ archive: NotesArchive, onConflict strategy: NotesConflictStrategy = .newest, now: Date = Date()
        ) throws -> NotesImportReport {
            try database.write { db in
                var report = NotesImportReport()
                for var entry in archive.notes {
                    entry.note = Note.normalized(entry.note)
                    if let problem = Self.problem(entry) {
                        report.rejected.append("\(entry.login.prefix(60)): \(problem)")
                        continue
                    }
                    let updatedAt = entry.updatedAt ?? now
                    guard var local = try Self.localNote(db, for: entry) else {
                        let account = try Self.account(db, for: entry)
                        try Note(login: account?.login ?? entry.login, userID: account?.id, text: entry.note, updatedAt: updatedAt).insert(db)
                        report.added += 1
                        continue
                    }
                    // A note written for the login before its account was known takes the
                    // account the entry names, so that the account's other exports find it.
                    if local.note.userID == nil, entry.id != nil, let account = try Self.account(db, for: entry) {
                        (local.note.userID, local.note.login) = (account.id, account.login)
                        try local.note.update(rowID: local.rowID, db)
                    }
                    if local.note.text == entry.note {
                        report.unchanged += 1
                        continue
                    }
                    let resolved: String
                    var date = now
                    switch strategy {
                    case .newest:
                        // An entry without a date (an export of long ago) is older than any note.
                        let theirs = entry.updatedAt ?? Date(timeIntervalSince1970: 0)
                        // Within one second (the archive keeps seconds) neither is the newer: both
                        // homes keep the same one, the greater text.
                        let tie = theirs.timeIntervalSince1970.rounded(.down) == local.note.updatedAt.timeIntervalSince1970.rounded(.down)
                        guard Self.isNewer(entry.note, theirs, than: local.note) else {
                            report.conflicts.append("\(local.note.login): kept the local note, " + (tie ? "written in the same second (both homes keep this one)" : "the newer"))
                            report.unchanged += 1
                            continue
                        }
                        resolved = entry.note
                        date = updatedAt
                        report.conflicts.append(
                            "\(local.note.login): took the imported note, " + (tie ? "written in the same second (both homes keep this one)" : "the newer")
                                + " (the local one is in `ghusers note \(local.note.login) --history`)")
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
                        // The imported note already holds the local one (it was merged there):
                        // take it, rather than paste the local text in a second time.
                        resolved = entry.note.contains(local.note.text) ? entry.note : local.note.text + "\n\n" + entry.note
                        report.conflicts.append("\(local.note.login): merged both notes")
                    }
                    try local.note.keepInHistory(replacedAt: now, db)
                    var note = local.note
                    (note.text, note.updatedAt) = (resolved, date)
                    try note.update(rowID: local.rowID, db)
                    report.updated += 1
                }
                return report
            }
        }

        /// The account `entry` belongs to. With an id, that account, cached (under its login now)
        /// or not (then its note waits for it under the entry's login, keyed by the id, so that
        /// exports of one account under two logins make one note, and never the note of another
        /// account that took the login over). Without one, the cached user of its login, if any
        /// (else the note waits for its login).
        private static func account(_ db: Database, for entry: NotesArchive.Entry) throws -> (id: Int64, login: String)? {
            try entry.id.map { id in try User.identity(db, id: id) ?? (id: id, login: entry.login) } ?? User.identity(db, login: entry.login)
        }

        /// Why `entry` cannot be imported, or `nil`.
        private static func problem(_ entry: NotesArchive.Entry) -> String? {
            if !Login.isValid(entry.login) { return "not a GitHub login" }
            if entry.note.isEmpty { return "the note is empty" }
            if entry.note.utf8.count > Note.maximumBytes { return "the note is over 1 MiB, the most a note may hold" }
            if Note.hasNUL(entry.note) { return "the note holds a NUL character" }
            return nil
        }

        /// Whether `text` written at `date` wins over `local`: written in a later second (the
        /// archive keeps whole seconds), or in the same second and the greater text, so that
        /// both homes pick the same one.
        static func isNewer(_ text: String, _ date: Date, than local: Note) -> Bool {
            let theirs = date.timeIntervalSince1970.rounded(.down)
            let ours = local.updatedAt.timeIntervalSince1970.rounded(.down)
            return theirs != ours ? theirs > ours : text > local.text
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
