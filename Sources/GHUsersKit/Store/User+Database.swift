import Foundation
import GRDB

// MARK: - Database

extension User {
    /// The columns of `user` that hold a ``User``, in one order: the one list that
    /// ``selection``, ``init(row:startingAt:)`` and the upserts follow, so that a new column is
    /// a new case here (the switches below then ask for its name and value). Read by position
    /// (`Column.rawValue`), not by name: `list` and the page save read and write every user,
    /// and a lookup by name costs a search of the row's columns per value.
    enum Column: Int, CaseIterable {
        case id, login, nodeID, avatarURL, htmlURL, type, siteAdmin, gravatarID, userViewType

        /// The column's name in `user`.
        var name: String {
            switch self {
            case .id: "id"
            case .login: "login"
            case .nodeID: "node_id"
            case .avatarURL: "avatar_url"
            case .htmlURL: "html_url"
            case .type: "type"
            case .siteAdmin: "site_admin"
            case .gravatarID: "gravatar_id"
            case .userViewType: "user_view_type"
            }
        }
    }

    /// This user's value for `column`.
    private func value(_ column: Column) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .login: login
        case .nodeID: nodeID
        case .avatarURL: avatarURL
        case .htmlURL: htmlURL
        case .type: type
        case .siteAdmin: siteAdmin
        case .gravatarID: gravatarID
        case .userViewType: userViewType
        }
    }

    /// The columns of `user` a ``User`` is read from, in the order of ``Column``, for
    /// ``init(row:startingAt:)``.
    static let selection = Column.allCases.map { "user." + $0.name }.joined(separator: ", ")

    /// How many columns ``selection`` has.
    static let selectionCount = Column.allCases.count

    /// Reads a user from the columns of ``selection`` starting at `index`.
    init(row: Row, startingAt index: Int = 0) {
        func at(_ column: Column) -> Int { index + column.rawValue }
        self.init(
            id: row[at(.id)], login: row[at(.login)], nodeID: row[at(.nodeID)], avatarURL: row[at(.avatarURL)],
            gravatarID: row[at(.gravatarID)], htmlURL: row[at(.htmlURL)], type: row[at(.type)],
            siteAdmin: row[at(.siteAdmin)], userViewType: row[at(.userViewType)])
    }

    /// The columns an upsert writes: ``Column``'s, then the fetch time.
    static let upsertColumns = (Column.allCases.map(\.name) + ["fetched_at"]).joined(separator: ", ")

    /// One `VALUES` tuple of placeholders for ``upsertColumns``.
    static let upsertPlaceholders = "(" + Array(repeating: "?", count: Column.allCases.count + 1).joined(separator: ", ") + ")"

    /// What an upsert changes on conflict: everything but the id and the seen mark, and a
    /// next-format node id (`U_kgDO…`, which `profiles prefetch` stores from GraphQL) is not
    /// put back to the legacy one REST lists still carry (`MDQ6VXNlcjE=`: base64, never a `_`;
    /// GitHub Docs, "Migrating GraphQL global node IDs").
    static let upsertAssignments = (Column.allCases.filter { $0 != .id }.map(\.name) + ["fetched_at"])
        .map { name in
            name == Column.nodeID.name
                ? "\(name) = CASE WHEN instr(\(name), '_') > 0 AND instr(coalesce(excluded.\(name), ''), '_') = 0 THEN \(name) ELSE excluded.\(name) END"
                : "\(name) = excluded.\(name)"
        }.joined(separator: ", ")

    /// This user's values for ``upsertColumns``.
    func upsertArguments(fetchedAt time: Double) -> StatementArguments {
        StatementArguments(Column.allCases.map(value) + [time])
    }

    /// Inserts or updates this user, keeping its seen mark, and moves a note written for its
    /// login onto its id. A stale row that holds the same login under another id (the account
    /// was renamed and its old name taken) is removed; notes are never removed.
    func upsert(_ db: Database, now: Date) throws {
        // The removed account's note waits for it again.
        try db.cachedStatement(sql: "UPDATE note SET waiting = 1 WHERE user_id IN (SELECT id FROM user WHERE login = ? AND id <> ?)")
            .execute(arguments: [login, id])
        try db.cachedStatement(sql: "DELETE FROM user WHERE login = ? AND id <> ?").execute(arguments: [login, id])
        try db.cachedStatement(
            sql: """
                INSERT INTO user (\(Self.upsertColumns)) VALUES \(Self.upsertPlaceholders)
                ON CONFLICT (id) DO UPDATE SET \(Self.upsertAssignments)
                """
        ).execute(arguments: upsertArguments(fetchedAt: now.timeIntervalSince1970))
    }

    /// Saves `users` as GitHub just answered them, inside a transaction the caller holds: each
    /// inserted or updated (``upsert(_:_:now:)``: its seen mark kept, a stale holder of its
    /// login removed), the notes written for their logins attached, and none of them gone. The
    /// one way a user is saved: by a page of the users list, a search, a profile and a batch
    /// of profiles alike.
    static func save(_ users: [User], _ db: Database, now: Date) throws {
        guard let first = users.map(\.id).min(), let last = users.map(\.id).max() else { return }
        try upsert(users, db, now: now)
        try attachNotes(db, ids: first...last)
        try markNotGone(db, ids: users.map(\.id))
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
}

extension UserDetails {
    /// The columns a ``UserDetails`` is read from: ``User/selection``, then the note and the seen
    /// mark, for a `FROM user LEFT JOIN note ON note.user_id = user.id`.
    static let selection = User.selection + ", note.text, user.seen, user.gone"

    /// The one join that reads users with their notes: `SELECT` it, then add `WHERE`, `ORDER BY`
    /// and `LIMIT`. Every reader of ``UserDetails`` rows uses it.
    static let selectWithNotes = "SELECT \(selection) FROM user LEFT JOIN note ON note.user_id = user.id"

    /// Reads a row of ``selection``.
    init(row: Row) {
        self.init(
            user: User(row: row), note: row[User.selectionCount], seen: row[User.selectionCount + 1],
            gone: row[User.selectionCount + 2])
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

    /// Marks gone the cached users with ids in `after...through` (one page's range, `after`
    /// excluded) that GitHub's list no longer has, and not gone those it lists again: an
    /// account that was deleted or suspended drops out of `GET /users` (its id answers 404),
    /// one that was restored comes back. Rows are kept, notes and all.
    static func markGone(_ db: Database, after: Int64, through: Int64, listed: [Int64]) throws {
        let ids = "[" + listed.map(String.init).joined(separator: ",") + "]"
        try db.cachedStatement(
            sql: """
                UPDATE user SET gone = 1
                WHERE id > ? AND id <= ? AND gone = 0 AND id NOT IN (SELECT value FROM json_each(?))
                """
        ).execute(arguments: [after, through, ids])
        try markNotGone(db, ids: listed)
    }

    /// Clears the gone mark of the users `ids` (a source just served them), inside a
    /// transaction the caller holds.
    static func markNotGone(_ db: Database, ids: [Int64]) throws {
        let ids = "[" + ids.map(String.init).joined(separator: ",") + "]"
        try db.cachedStatement(
            sql: "UPDATE user SET gone = 0 WHERE gone = 1 AND id IN (SELECT value FROM json_each(?))"
        ).execute(arguments: [ids])
    }

    /// Marks the user `id` gone (`GET /users/{login}` and `GET /user/{id}` both answered 404)
    /// or back, inside a transaction the caller holds.
    static func markGone(id: Int64, _ gone: Bool = true, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET gone = ? WHERE id = ? AND gone <> ?", arguments: [gone, id, gone])
    }

    /// Marks the user `id` seen (its profile was shown), inside a transaction the caller holds.
    static func markSeen(id: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET seen = 1 WHERE id = ? AND seen = 0", arguments: [id])
    }
}
