import Foundation
import GRDB

// MARK: - Database

extension User {
    /// The columns of `user` a ``User`` is read from, in this order, for ``init(row:startingAt:)``.
    static let selection = """
        user.id, user.login, user.node_id, user.avatar_url, user.html_url, user.type, user.site_admin, \
        user.gravatar_id, user.user_view_type
        """

    /// How many columns ``selection`` has.
    static let selectionCount = 9

    /// Reads a user from the columns of ``selection`` starting at `index`.
    init(row: Row, startingAt index: Int = 0) {
        self.init(
            id: row[index], login: row[index + 1], nodeID: row[index + 2], avatarURL: row[index + 3],
            gravatarID: row[index + 7], htmlURL: row[index + 4], type: row[index + 5], siteAdmin: row[index + 6],
            userViewType: row[index + 8])
    }

    /// The columns an upsert writes, in the order of ``upsertArguments(fetchedAt:)``.
    static let upsertColumns = "id, login, node_id, avatar_url, html_url, type, site_admin, gravatar_id, user_view_type, fetched_at"

    /// One `VALUES` tuple of placeholders for ``upsertColumns``.
    static let upsertPlaceholders = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// What an upsert changes on conflict: everything but the id and the seen mark.
    static let upsertAssignments = """
        login = excluded.login, node_id = excluded.node_id, avatar_url = excluded.avatar_url,
        html_url = excluded.html_url, type = excluded.type, site_admin = excluded.site_admin,
        gravatar_id = excluded.gravatar_id, user_view_type = excluded.user_view_type,
        fetched_at = excluded.fetched_at
        """

    /// This user's values for ``upsertColumns``.
    func upsertArguments(fetchedAt time: Double) -> StatementArguments {
        [id, login, nodeID, avatarURL, htmlURL, type, siteAdmin, gravatarID, userViewType, time]
    }

    /// Inserts or updates this user, keeping its seen mark, and moves a note written for its
    /// login onto its id. A stale row that holds the same login under another id (the account
    /// was renamed and its old name taken) is removed; notes are never removed.
    func upsert(_ db: Database, now: Date) throws {
        try db.cachedStatement(sql: "DELETE FROM user WHERE login = ? AND id <> ?").execute(arguments: [login, id])
        try db.cachedStatement(
            sql: """
                INSERT INTO user (\(Self.upsertColumns)) VALUES \(Self.upsertPlaceholders)
                ON CONFLICT (id) DO UPDATE SET \(Self.upsertAssignments)
                """
        ).execute(arguments: upsertArguments(fetchedAt: now.timeIntervalSince1970))
    }

    /// Upserts `users` exactly as calling ``upsert(_:now:)`` on each in order would, but with one
    /// statement per 500 users when no login of theirs is held by another id and the page has no
    /// duplicate id or login (the usual case). Each statement that writes `user` makes FTS5 flush
    /// its pending index changes, so one statement per page instead of one per user cuts the
    /// cost of saving a page of 100 users by about two thirds (Docs/BENCHMARKS.md).
    static func upsert(_ users: [User], _ db: Database, now: Date) throws {
        let chunks = stride(from: 0, to: users.count, by: 500).map { users[$0..<min($0 + 500, users.count)] }
        guard users.count > 1, Set(users.map(\.id)).count == users.count,
            Set(users.map { $0.login.lowercased() }).count == users.count,
            try chunks.allSatisfy({ try !hasStaleLogin($0, db) })
        else {
            for user in users { try user.upsert(db, now: now) }
            return
        }
        let time = now.timeIntervalSince1970
        for chunk in chunks {
            var arguments = StatementArguments()
            for user in chunk {
                arguments += user.upsertArguments(fetchedAt: time)
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO user (\(upsertColumns))
                    VALUES \(repeatElement(upsertPlaceholders, count: chunk.count).joined(separator: ", "))
                    ON CONFLICT (id) DO UPDATE SET \(upsertAssignments)
                    """
            ).execute(arguments: arguments)
        }
    }

    /// Whether a cached user other than one of `users` holds one of their logins (a rename).
    private static func hasStaleLogin(_ users: ArraySlice<User>, _ db: Database) throws -> Bool {
        var arguments = StatementArguments()
        for user in users { arguments += [user.id, user.login] }
        return try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM (VALUES \(repeatElement("(?, ?)", count: users.count).joined(separator: ", "))) AS page
                    JOIN user ON user.login = page.column2 AND user.id <> page.column1)
                    """), arguments: arguments) ?? false
    }

    /// Attaches notes written before their user was known, and follows renames, for the users
    /// with ids in `range` (one page): three indexed statements per page, not per user.
    ///
    /// A note waiting for its login whose account already has a note (written under the login
    /// it had before a rename) is merged into that note, as `notes import` merges: the
    /// account's note, a blank line, the waiting one. Attaching it as well would break "one
    /// note per account", and leaving it waiting would hide it behind the account's note.
    static func attachNotes(_ db: Database, ids range: ClosedRange<Int64>) throws {
        try db.cachedStatement(
            sql: """
                UPDATE note AS kept SET text = kept.text || char(10, 10) || waiting.text,
                    updated_at = max(kept.updated_at, waiting.updated_at)
                FROM note AS waiting JOIN user ON user.login = waiting.login
                WHERE waiting.user_id IS NULL AND kept.user_id = user.id;
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
                UPDATE note SET user_id = (SELECT user.id FROM user WHERE user.login = note.login)
                WHERE user_id IS NULL AND EXISTS (SELECT 1 FROM user WHERE user.login = note.login)
                """
        ).execute()
        try db.cachedStatement(
            sql: """
                UPDATE note SET login = (SELECT user.login FROM user WHERE user.id = note.user_id)
                WHERE user_id BETWEEN ? AND ?
                  AND login IS NOT (SELECT user.login FROM user WHERE user.id = note.user_id)
                  AND EXISTS (SELECT 1 FROM user WHERE user.id = note.user_id)
                """
        ).execute(arguments: [range.lowerBound, range.upperBound])
    }
}

extension UserDetails {
    /// The columns a ``UserDetails`` is read from: ``User/selection``, then the note and the seen
    /// mark, for a `FROM user LEFT JOIN note ON note.user_id = user.id`.
    static let selection = User.selection + ", note.text, user.seen"

    /// The one join that reads users with their notes: `SELECT` it, then add `WHERE`, `ORDER BY`
    /// and `LIMIT`. Every reader of ``UserDetails`` rows uses it.
    static let selectWithNotes = "SELECT \(selection) FROM user LEFT JOIN note ON note.user_id = user.id"

    /// Reads a row of ``selection``.
    init(row: Row) {
        self.init(user: User(row: row), note: row[User.selectionCount], seen: row[User.selectionCount + 1])
    }

    /// Calls `each` for every cached user with an id above `after` and at most `through`, at
    /// most `limit` of them (`nil`: all), in id order, one row in memory at a time.
    static func stream(
        _ db: Database, after: Int64, through: Int64, limit: Int? = nil, _ each: (UserDetails) throws -> Void
    ) throws {
        let rows = try Row.fetchCursor(
            db, sql: "\(selectWithNotes) WHERE user.id > ? AND user.id <= ? ORDER BY user.id LIMIT ?",
            arguments: [after, through, limit ?? -1])
        while let row = try rows.next() {
            try each(UserDetails(row: row))
        }
    }
}

extension User {
    /// The id and login (as cached) of the user whose login is `login` without regard to case.
    static func identity(_ db: Database, login: String) throws -> (id: Int64, login: String)? {
        try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE login = ?", arguments: [login]).map { ($0["id"], $0["login"]) }
    }

    /// The id and login of the user with id `id`, if cached.
    static func identity(_ db: Database, id: Int64) throws -> (id: Int64, login: String)? {
        try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE id = ?", arguments: [id]).map { ($0["id"], $0["login"]) }
    }

    /// Marks the user `id` seen (its profile was shown), inside a transaction the caller holds.
    static func markSeen(id: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET seen = 1 WHERE id = ? AND seen = 0", arguments: [id])
    }
}
