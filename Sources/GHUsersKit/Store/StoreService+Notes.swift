import Foundation
import GRDB

/// The owner of `note` and `note_history`, which change together: every statement that reads or
/// writes them, each inside a transaction its caller holds, with the columns read by name. A
/// note is keyed by its row id; ``Note`` itself carries no id. The search reads notes through
/// its own joins (``StoreService/Search``).
extension StoreService.Notes {
    /// The columns a ``Note`` is read from, with the row id first.
    private static let selection = "note.id, note.login, note.user_id, note.text, note.updated_at"

    private static func note(_ row: Row) -> Note {
        Note(login: row["login"], userID: row["user_id"], text: row["text"], updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    /// The condition on a `note` row that it waits for its account: written for a login before
    /// its user was known, or imported with the id of an account not cached yet (`waiting`,
    /// kept by every write of a note and of a user, and read through the partial indexes
    /// `note_waiting` and `note_waiting_user`); and no cached user holds its login (that user's
    /// note is the login's). Such a note is found, listed and searched by its login;
    /// ``attach(ids:_:)`` moves it onto its user.
    static let waitsForItsAccount = "note.waiting = 1 AND NOT EXISTS (SELECT 1 FROM user WHERE user.login = note.login)"

    /// The `waiting` value of a note of account `?N` (its `user_id` parameter): no such
    /// account is cached.
    private static func waiting(_ parameter: String) -> String {
        "(\(parameter) IS NULL OR NOT EXISTS (SELECT 1 FROM user WHERE user.id = \(parameter)))"
    }

    /// Finds the note for `login`: the note on the cached user of that login if there is one,
    /// else a note that waits for its account under that login (one keyed by an account's id
    /// first).
    package static func find(login: String, _ db: Database) throws -> (rowID: Int64, note: Note)? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT \(selection) FROM note
                WHERE note.user_id = (SELECT id FROM user WHERE login = ?1)
                   OR (note.login = ?1 AND \(waitsForItsAccount))
                ORDER BY note.user_id IS NULL, note.updated_at DESC, note.id
                LIMIT 1
                """, arguments: [login])
        return row.map { (rowID: $0["id"], note: note($0)) }
    }

    /// The note on the account with id `userID`, cached or not.
    static func find(userID: Int64, _ db: Database) throws -> (rowID: Int64, note: Note)? {
        try Row.fetchOne(db, sql: "SELECT \(selection) FROM note WHERE user_id = ?", arguments: [userID])
            .map { (rowID: $0["id"], note: note($0)) }
    }

    /// Calls `each` for every note, by login without regard to case (stable across runs), one
    /// row in memory at a time.
    package static func all(_ db: Database, _ each: (Note) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT \(selection) FROM note ORDER BY login COLLATE NOCASE, id")
        while let row = try rows.next() { try each(note(row)) }
    }

    /// Adds `note` as a new row.
    static func insert(_ note: Note, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO note (login, user_id, text, updated_at, waiting) VALUES (?1, ?2, ?3, ?4, \(waiting("?2")))",
            arguments: [note.login, note.userID, note.text, note.updatedAt.timeIntervalSince1970])
    }

    /// Writes `note` (its text, date, login and account) over row `rowID`.
    static func update(_ note: Note, rowID: Int64, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE note SET text = ?1, updated_at = ?2, user_id = ?3, login = ?4, waiting = \(waiting("?3")) WHERE id = ?5",
            arguments: [note.text, note.updatedAt.timeIntervalSince1970, note.userID, note.login, rowID])
    }

    /// How many earlier texts a note keeps: the most recently replaced.
    package static let historyLimit = 50

    /// Keeps `note`'s text in `note_history`, replaced at `replacedAt`, unless the same text
    /// of the same account (or login) is kept there already; the account keeps its
    /// ``historyLimit`` most recent (a note built a line at a time would otherwise grow as the
    /// square of its length).
    static func keepInHistory(_ note: Note, replacedAt: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO note_history (login, user_id, text, updated_at, replaced_at)
                SELECT ?1, ?2, ?3, ?4, ?5
                WHERE NOT EXISTS (
                    SELECT 1 FROM note_history
                    WHERE text = ?3 AND (user_id = ?2 OR (?2 IS NULL AND user_id IS NULL AND login = ?1 COLLATE NOCASE)))
                """,
            arguments: [note.login, note.userID, note.text, note.updatedAt.timeIntervalSince1970, replacedAt.timeIntervalSince1970])
        try db.execute(
            sql: """
                DELETE FROM note_history WHERE id IN (
                    SELECT id FROM note_history
                    WHERE user_id = ?2 OR (?2 IS NULL AND user_id IS NULL AND login = ?1 COLLATE NOCASE)
                    ORDER BY replaced_at DESC, id DESC LIMIT -1 OFFSET ?3)
                """, arguments: [note.login, note.userID, historyLimit])
    }

    /// The texts the note on `login` had before (by its account's id when known, else by
    /// login), the most recently replaced first (an edit, a delete, an import of a newer note
    /// each keep the text they replace); `updatedAt` is when each was written.
    package static func history(login: String, _ db: Database) throws -> [Note] {
        let userID = try StoreService.Users.identity(login: login, db)?.id ?? find(login: login, db)?.note.userID
        return try Row.fetchAll(
            db,
            sql: """
                SELECT login, user_id, text, updated_at FROM note_history
                WHERE user_id = ?2 OR ((?2 IS NULL OR user_id IS NULL) AND login = ?1 COLLATE NOCASE)
                ORDER BY replaced_at DESC, id DESC
                """, arguments: [login, userID]
        ).map(note)
    }

    /// Writes `text` (not empty) as the note on `login` (a valid login), replacing any earlier
    /// one, which is kept in the note's history (`ghusers note LOGIN --history`), and returns
    /// it. Works for users not cached yet: the note is attached to the user's id as soon as the
    /// user is saved.
    ///
    /// - Parameter base: when given, the note an editor was opened on (`.some(nil)`: none);
    ///   the save goes ahead only if the note is still that, in the same transaction.
    /// - Throws: ``NoteConflict`` when the note is no longer `base`.
    @discardableResult
    package static func save(login: String, text: String, base: String?? = nil, now: Date = Date(), _ db: Database) throws -> Note {
        precondition(!text.isEmpty, "empty notes are refused before they reach the store")
        let text = Note.normalized(text)
        let existing = try find(login: login, db)
        if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
        let user = try StoreService.Users.identity(login: login, db)
        // A note that waits for its account keeps that account's id.
        let note = Note(login: user?.login ?? login, userID: user?.id ?? existing?.note.userID, text: text, updatedAt: now)
        if let existing {
            if existing.note.text != text { try keepInHistory(existing.note, replacedAt: now, db) }
            try update(note, rowID: existing.rowID, db)
        } else {
            // A note kept under this login for another account (renamed, its login taken
            // over) stays, keyed by that account's id.
            try insert(note, db)
        }
        return note
    }

    /// Deletes the note on `login`, keeping its text in the note's history; returns whether
    /// there was one.
    ///
    /// - Parameter base: when given, the note the user decided to delete; the delete goes
    ///   ahead only if the note is still that. - Throws: ``NoteConflict`` otherwise.
    @discardableResult
    package static func delete(login: String, base: String? = nil, now: Date = Date(), _ db: Database) throws -> Bool {
        let existing = try find(login: login, db)
        if let base, existing?.note.text != base { throw NoteConflict(login: login, current: existing?.note.text) }
        guard let existing else { return false }
        try keepInHistory(existing.note, replacedAt: now, db)
        try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [existing.rowID])
        return true
    }

    /// At most `limit` logins of notes that start with `prefix`, without regard to case, in
    /// login order (a range scan of `note_login`): shell completion's notes on users not cached.
    package static func logins(prefix: String, limit: Int, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT DISTINCT login FROM note WHERE login >= ? AND login < ? ORDER BY login LIMIT ?",
            arguments: [prefix, prefix + "~", limit])
    }

    /// How many notes are kept.
    package static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM note") ?? 0
    }

    /// Whether any note is kept (notes may be on users not cached).
    static func holdsAny(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM note)") ?? false
    }

    /// Lets the notes of cached accounts other than `id` that hold `login` wait for their
    /// account again: that row is about to go (the account was renamed and its old name taken).
    static func wait(forAccountsHolding login: String, apartFrom id: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE note SET waiting = 1 WHERE user_id IN (SELECT id FROM user WHERE login = ? AND id <> ?)")
            .execute(arguments: [login, id])
    }

    /// Attaches notes written before their user was known, and follows renames, for the users
    /// with ids in `range` (one page): three indexed statements per page, not per user.
    ///
    /// A note waiting for its login whose account already has a note (written under the login
    /// it had before a rename) is merged into that note, as `notes import` merges: the
    /// account's note, a blank line, the waiting one. Attaching it as well would break "one
    /// note per account", and leaving it waiting would hide it behind the account's note.
    static func attach(ids range: ClosedRange<Int64>, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE note AS kept SET text = kept.text || char(10, 10) || pending.text,
                    updated_at = max(kept.updated_at, pending.updated_at)
                FROM note AS pending JOIN user ON user.login = pending.login
                WHERE pending.user_id IS NULL AND kept.user_id = user.id;
                """
        ).execute()
        try db.cachedStatement(
            sql: """
                DELETE FROM note WHERE user_id IS NULL
                  AND EXISTS (SELECT 1 FROM user JOIN note AS kept ON kept.user_id = user.id WHERE user.login = note.login)
                """
        ).execute()
        try db.cachedStatement(
            sql: """
                UPDATE note SET user_id = (SELECT user.id FROM user WHERE user.login = note.login), waiting = 0
                WHERE user_id IS NULL AND EXISTS (SELECT 1 FROM user WHERE user.login = note.login)
                """
        ).execute()
        // Notes keyed by an account's id, imported before it was cached, have their account now.
        try db.cachedStatement(
            sql: """
                UPDATE note SET waiting = 0
                WHERE waiting = 1 AND user_id BETWEEN ? AND ? AND EXISTS (SELECT 1 FROM user WHERE user.id = note.user_id)
                """
        ).execute(arguments: [range.lowerBound, range.upperBound])
        try db.cachedStatement(
            sql: """
                UPDATE note SET login = (SELECT user.login FROM user WHERE user.id = note.user_id)
                WHERE user_id BETWEEN ? AND ?
                  AND login IS NOT (SELECT user.login FROM user WHERE user.id = note.user_id)
                  AND EXISTS (SELECT 1 FROM user WHERE user.id = note.user_id)
                """
        ).execute(arguments: [range.lowerBound, range.upperBound])
    }

    // MARK: Whole-table reads

    /// The highest row id of `note` (0: none).
    static func lastRowID(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(id) FROM note") ?? 0
    }

    /// `notes rescue`'s read of a damaged copy: the notes with ids in `from...through`, and how
    /// many rows read back without a login or a text (a damaged record can decode so rather than fail: never a trap here).
    static func rescued(from: Int64, through: Int64, _ db: Database) throws -> (notes: [Note], unreadable: Int) {
        var notes: [Note] = []
        var unreadable = 0
        let rows = try Row.fetchCursor(
            db, sql: "SELECT login, user_id, text, updated_at FROM note WHERE id BETWEEN ? AND ? ORDER BY id", arguments: [from, through])
        while let row = try rows.next() {
            guard let login = String.fromDatabaseValue(row[0] as DatabaseValue), let text = String.fromDatabaseValue(row[2] as DatabaseValue)
            else {
                unreadable += 1
                continue
            }
            let updatedAt = Double.fromDatabaseValue(row[3] as DatabaseValue) ?? 0
            notes.append(Note(login: login, userID: Int64.fromDatabaseValue(row[1] as DatabaseValue), text: text, updatedAt: Date(timeIntervalSince1970: updatedAt)))
        }
        return (notes, unreadable)
    }

    /// Calls `each` with the account and text of every note on an account, by account id:
    /// what `browse`'s index reads.
    static func texts(_ db: Database, _ each: (_ userID: Int64, _ text: String) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT user_id, text FROM note WHERE user_id IS NOT NULL ORDER BY user_id")
        while let row = try rows.next() { try each(row[0], row[1]) }
    }

    /// How many notes ``texts(_:_:)`` gives and their bytes, for `browse`'s index to make room.
    static func textsExtent(_ db: Database) throws -> (count: Int, bytes: Int) {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), ifnull(sum(length(CAST(text AS BLOB))), 0) FROM note WHERE user_id IS NOT NULL")
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    /// What changes when any note on an account is added, edited, moved or deleted: `browse`'s
    /// index reads its notes again then.
    static func signature(_ db: Database) throws -> [Double] {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), total(updated_at), total(length(text)), total(user_id) FROM note WHERE user_id IS NOT NULL")
        return (0..<4).map { row?[$0] ?? 0 }
    }
}
