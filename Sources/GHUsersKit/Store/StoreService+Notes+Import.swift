import Foundation
import GRDB

/// `notes import`: the notes owner's statements composed into one import, inside the caller's
/// transaction (all of it or nothing). No SQL here.
extension StoreService.Notes {
    /// Imports `archive`.
    ///
    /// An entry matches a local note by the user's id when the archive knows it, else by login.
    /// Importing the same archive twice changes nothing the second time. A conflict (a
    /// different local note) is resolved by the ``NotesConflictStrategy`` and always reported;
    /// a local text replaced is kept in the note's history.
    package static func `import`(
        _ archive: NotesArchive, onConflict strategy: NotesConflictStrategy = .newest, now: Date = Date(), _ db: Database
    ) throws -> NotesImportReport {
        var report = NotesImportReport()
        for var entry in archive.notes {
            entry.note = Note.normalized(entry.note)
            if let problem = problem(entry) {
                report.rejected.append("\(entry.login.prefix(60)): \(problem)")
                continue
            }
            let updatedAt = entry.updatedAt ?? now
            guard var local = try localNote(for: entry, db) else {
                let owner = try account(for: entry, db)
                try insert(Note(login: owner?.login ?? entry.login, userID: owner?.id, text: entry.note, updatedAt: updatedAt), db)
                report.added += 1
                continue
            }
            // A note written for the login before its account was known takes the
            // account the entry names, so that the account's other exports find it.
            if local.note.userID == nil, entry.id != nil, let owner = try account(for: entry, db) {
                (local.note.userID, local.note.login) = (owner.id, owner.login)
                try update(local.note, rowID: local.rowID, db)
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
                guard isNewer(entry.note, theirs, than: local.note) else {
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
            try keepInHistory(local.note, replacedAt: now, db)
            var note = local.note
            (note.text, note.updatedAt) = (resolved, date)
            try update(note, rowID: local.rowID, db)
            report.updated += 1
        }
        return report
    }

    /// The account `entry` belongs to. With an id, that account, cached (under its login now)
    /// or not (then its note waits for it under the entry's login, keyed by the id, so that
    /// exports of one account under two logins make one note, and never the note of another
    /// account that took the login over). Without one, the cached user of its login, if any
    /// (else the note waits for its login).
    private static func account(for entry: NotesArchive.Entry, _ db: Database) throws -> (id: Int64, login: String)? {
        try entry.id.map { id in try StoreService.Users.identity(id: id, db) ?? (id: id, login: entry.login) }
            ?? StoreService.Users.identity(login: entry.login, db)
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

    private static func localNote(for entry: NotesArchive.Entry, _ db: Database) throws -> (rowID: Int64, note: Note)? {
        if let id = entry.id {
            if let found = try find(userID: id, db) { return found }
            // The login's note is this entry's only if it belongs to no other account.
            guard let found = try find(login: entry.login, db), found.note.userID == nil || found.note.userID == id else {
                return nil
            }
            return found
        }
        return try find(login: entry.login, db)
    }
}
