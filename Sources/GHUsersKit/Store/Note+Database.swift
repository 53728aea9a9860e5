import Foundation
import GRDB

/// The `note` table's SQL, with its columns read by name: finding, writing and listing notes.
/// Elsewhere on purpose: moving a waiting note onto its user when the user is saved
/// (``User/attachNotes(_:ids:)``, part of the page save) and the search's conditions. A note
/// is keyed by its row id; ``Note`` itself carries no id.
extension Note {
    /// The columns a ``Note`` is read from, with the row id first.
    private static let selection = "note.id, note.login, note.user_id, note.text, note.updated_at"

    private init(row: Row) {
        self.init(login: row["login"], userID: row["user_id"], text: row["text"], updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    /// The condition on a `note` row that it waits for its account: written for a login before
    /// its user was known, or imported with the id of an account not cached yet (`waiting`,
    /// kept by every write of a note and of a user, and read through the partial indexes
    /// `note_waiting` and `note_waiting_user`); and no cached user holds its login (that user's
    /// note is the login's). Such a note is found, listed and searched by its login;
    /// ``User/attachNotes(_:ids:)`` moves it onto its user.
    static let waitsForItsAccount = "note.waiting = 1 AND NOT EXISTS (SELECT 1 FROM user WHERE user.login = note.login)"

    /// The `waiting` value of a note of account `?N` (its `user_id` parameter): no such
    /// account is cached.
    private static func waiting(_ parameter: String) -> String {
        "(\(parameter) IS NULL OR NOT EXISTS (SELECT 1 FROM user WHERE user.id = \(parameter)))"
    }

    /// Finds the note for `login`: the note on the cached user of that login if there is one,
    /// else a note that waits for its account under that login (one keyed by an account's id
    /// first).
    static func find(_ db: Database, login: String) throws -> (rowID: Int64, note: Note)? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT \(selection) FROM note
                WHERE note.user_id = (SELECT id FROM user WHERE login = ?1)
                   OR (note.login = ?1 AND \(waitsForItsAccount))
                ORDER BY note.user_id IS NULL, note.updated_at DESC, note.id
                LIMIT 1
                """, arguments: [login])
        return row.map { (rowID: $0["id"], note: Note(row: $0)) }
    }

    /// The note on the account with id `userID`, cached or not.
    static func find(_ db: Database, userID: Int64) throws -> (rowID: Int64, note: Note)? {
        try Row.fetchOne(db, sql: "SELECT \(selection) FROM note WHERE user_id = ?", arguments: [userID])
            .map { (rowID: $0["id"], note: Note(row: $0)) }
    }

    /// Calls `each` for every note, by login without regard to case.
    static func all(_ db: Database, _ each: (Note) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT \(selection) FROM note ORDER BY login COLLATE NOCASE, id")
        while let row = try rows.next() { try each(Note(row: row)) }
    }

    /// Adds this note as a new row.
    func insert(_ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO note (login, user_id, text, updated_at, waiting) VALUES (?1, ?2, ?3, ?4, \(Self.waiting("?2")))",
            arguments: [login, userID, text, updatedAt.timeIntervalSince1970])
    }

    /// Writes this note (its text, date, login and account) over row `rowID`.
    func update(rowID: Int64, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE note SET text = ?1, updated_at = ?2, user_id = ?3, login = ?4, waiting = \(Self.waiting("?3")) WHERE id = ?5",
            arguments: [text, updatedAt.timeIntervalSince1970, userID, login, rowID])
    }

    /// How many earlier texts a note keeps: the most recently replaced.
    static let historyLimit = 50

    /// Keeps this note's text in `note_history`, replaced at `replacedAt`, unless the same text
    /// of the same account (or login) is kept there already; the account keeps its
    /// ``historyLimit`` most recent (a note built a line at a time would otherwise grow as the
    /// square of its length).
    func keepInHistory(replacedAt: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO note_history (login, user_id, text, updated_at, replaced_at)
                SELECT ?1, ?2, ?3, ?4, ?5
                WHERE NOT EXISTS (
                    SELECT 1 FROM note_history
                    WHERE text = ?3 AND (user_id = ?2 OR (?2 IS NULL AND user_id IS NULL AND login = ?1 COLLATE NOCASE)))
                """,
            arguments: [login, userID, text, updatedAt.timeIntervalSince1970, replacedAt.timeIntervalSince1970])
        try db.execute(
            sql: """
                DELETE FROM note_history WHERE id IN (
                    SELECT id FROM note_history
                    WHERE user_id = ?2 OR (?2 IS NULL AND user_id IS NULL AND login = ?1 COLLATE NOCASE)
                    ORDER BY replaced_at DESC, id DESC LIMIT -1 OFFSET ?3)
                """, arguments: [login, userID, Self.historyLimit])
    }

    /// The texts the note of `login` had before (by its account's id when known, else by
    /// login), the most recently replaced first; `updatedAt` is when each was written.
    static func history(_ db: Database, login: String, userID: Int64?) throws -> [Note] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT login, user_id, text, updated_at FROM note_history
                WHERE user_id = ?2 OR ((?2 IS NULL OR user_id IS NULL) AND login = ?1 COLLATE NOCASE)
                ORDER BY replaced_at DESC, id DESC
                """, arguments: [login, userID]
        ).map(Note.init(row:))
    }

    /// Deletes row `rowID`.
    static func delete(rowID: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [rowID])
    }
}
