import Foundation
import GRDB

/// The owner of `user`: every statement that reads or writes it, each inside a transaction its
/// caller holds. Users are read by keyset (never `OFFSET`), a window at a time, so a
/// million-row table is never in memory.
extension StoreService.Users {
    /// The one save of users, from any source (a page of the users list, a search, a profile's
    /// owner, a batch of profiles): each is inserted or updated by id with its seen mark kept
    /// (a stale holder of its login removed), is no longer gone (it was just served), and takes
    /// the notes written for its login before it was cached. Nothing of the users-list walk
    /// moves (``StoreService/Sync/savePage(_:request:etag:rateLimit:now:_:)`` does that).
    package struct Save: Sendable {
        /// When GitHub answered.
        package var now: Date

        /// Creates the save of users GitHub answered at `now`.
        package init(now: Date = Date()) {
            self.now = now
        }

        /// Saves `users` inside the caller's transaction.
        package func callAsFunction(_ users: [User], _ db: Database) throws {
            guard let first = users.map(\.id).min(), let last = users.map(\.id).max() else { return }
            try StoreService.Users.upsert(users, db, now: now)
            try StoreService.Notes.attach(ids: first...last, db)
            try StoreService.Users.markNotGone(ids: users.map(\.id), db)
        }
    }

    /// Inserts or updates `user`, keeping its seen mark. A stale row that holds the same login
    /// under another id (the account was renamed and its old name taken) is removed, its note
    /// waiting for it again; notes are never removed.
    static func upsert(_ user: User, _ db: Database, now: Date) throws {
        try StoreService.Notes.wait(forAccountsHolding: user.login, apartFrom: user.id, db)
        try StoreService.Profiles.forgetWords(ofAccountsHolding: user.login, apartFrom: user.id, db)
        try db.cachedStatement(sql: "DELETE FROM user WHERE login = ? AND id <> ?").execute(arguments: [user.login, user.id])
        try db.cachedStatement(
            sql: """
                INSERT INTO user (\(User.upsertColumns)) VALUES \(User.upsertPlaceholders)
                ON CONFLICT (id) DO UPDATE SET \(User.upsertAssignments)
                """
        ).execute(arguments: user.upsertArguments(fetchedAt: now.timeIntervalSince1970))
    }

    /// Upserts `users` exactly as ``upsert(_:_:now:)-(User,_,_)`` on each in order would, but
    /// with one statement per 500 users when no login of theirs is held by another id and the
    /// page has no duplicate id or login (the usual case). Each statement that writes `user`
    /// makes FTS5 flush its pending index changes, so one statement per page instead of one per
    /// user cuts the cost of saving a page of 100 users by about two thirds
    /// (Docs/BENCHMARKS.md).
    static func upsert(_ users: [User], _ db: Database, now: Date) throws {
        let chunks = stride(from: 0, to: users.count, by: 500).map { users[$0..<min($0 + 500, users.count)] }
        guard users.count > 1, Set(users.map(\.id)).count == users.count,
            Set(users.map { $0.login.lowercased() }).count == users.count,
            try chunks.allSatisfy({ try !hasStaleLogin($0, db) })
        else {
            for user in users { try upsert(user, db, now: now) }
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
                    INSERT INTO user (\(User.upsertColumns))
                    VALUES \(repeatElement(User.upsertPlaceholders, count: chunk.count).joined(separator: ", "))
                    ON CONFLICT (id) DO UPDATE SET \(User.upsertAssignments)
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

    /// Takes GitHub's node id for the user `id` (the next format in place of a legacy one),
    /// leaving the rest of its row as the users list last gave it.
    static func setNodeID(_ nodeID: String, id: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET node_id = ? WHERE id = ?", arguments: [nodeID, id])
    }

    // MARK: Marks

    /// Marks gone the cached users with ids in `after...through` (one page's range, `after`
    /// excluded) that GitHub's list no longer has, and not gone those it lists again: an
    /// account that was deleted or suspended drops out of `GET /users` (its id answers 404),
    /// one that was restored comes back. Rows are kept, notes and all.
    static func markGone(after: Int64, through: Int64, listed: [Int64], _ db: Database) throws {
        let ids = "[" + listed.map(String.init).joined(separator: ",") + "]"
        try db.cachedStatement(
            sql: """
                UPDATE user SET gone = 1
                WHERE id > ? AND id <= ? AND gone = 0 AND id NOT IN (SELECT value FROM json_each(?))
                """
        ).execute(arguments: [after, through, ids])
        try markNotGone(ids: listed, db)
    }

    /// Clears the gone mark of the users `ids` (a source just served them).
    static func markNotGone(ids: [Int64], _ db: Database) throws {
        let ids = "[" + ids.map(String.init).joined(separator: ",") + "]"
        try db.cachedStatement(
            sql: "UPDATE user SET gone = 0 WHERE gone = 1 AND id IN (SELECT value FROM json_each(?))"
        ).execute(arguments: [ids])
    }

    /// Marks the user `id` gone (`GET /users/{login}` and `GET /user/{id}` both answered 404:
    /// GitHub answers 404 for the login of a renamed account too, but its id still answers, GitHub
    /// Docs "Changing your username") or back.
    package static func markGone(id: Int64, gone: Bool = true, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET gone = ? WHERE id = ? AND gone <> ?", arguments: [gone, id, gone])
    }

    /// Marks the user `id` seen (its profile was shown): lists dim it.
    package static func markSeen(id: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE user SET seen = 1 WHERE id = ? AND seen = 0", arguments: [id])
    }

    // MARK: Reads

    /// The id and login (as cached) of the user whose login is `login` without regard to case.
    package static func identity(login: String, _ db: Database) throws -> (id: Int64, login: String)? {
        try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE login = ?", arguments: [login]).map { ($0["id"], $0["login"]) }
    }

    /// The id and login of the user with id `id`, if cached.
    package static func identity(id: Int64, _ db: Database) throws -> (id: Int64, login: String)? {
        try Row.fetchOne(db, sql: "SELECT id, login FROM user WHERE id = ?", arguments: [id]).map { ($0["id"], $0["login"]) }
    }

    /// Calls `each` for every cached user with an id above `after` and at most `through`, at
    /// most `limit` of them (`nil`: all), in id order, one row in memory at a time.
    package static func stream(
        after: Int64 = 0, through: Int64 = .max, limit: Int? = nil, _ db: Database, _ each: (UserDetails) throws -> Void
    ) throws {
        let rows = try Row.fetchCursor(
            db, sql: "\(UserDetails.selectWithNotes) WHERE user.id > ? AND user.id <= ? ORDER BY user.id LIMIT ?",
            arguments: [after, through, limit ?? -1])
        while let row = try rows.next() {
            try each(UserDetails(row: row))
        }
    }

    /// Up to `count` users with ids above `id`, in id order.
    package static func window(after id: Int64, count: Int, _ db: Database) throws -> [UserDetails] {
        try fetch("WHERE user.id > ? ORDER BY user.id LIMIT ?", [id, count], db)
    }

    /// Up to `count` users with ids below `id`, in id order.
    package static func window(before id: Int64, count: Int, _ db: Database) throws -> [UserDetails] {
        try fetch("WHERE user.id < ? ORDER BY user.id DESC LIMIT ?", [id, count], db).reversed()
    }

    /// The last `count` users, in id order.
    package static func last(count: Int, _ db: Database) throws -> [UserDetails] {
        try fetch("ORDER BY user.id DESC LIMIT ?", [count], db).reversed()
    }

    private static func fetch(_ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [UserDetails] {
        try Row.fetchAll(db, sql: "\(UserDetails.selectWithNotes) " + clause, arguments: arguments).map(UserDetails.init(row:))
    }

    /// How many users are cached.
    package static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
    }

    /// How many users are cached and their logins' bytes (logins are ASCII): what `browse`'s
    /// index makes room for before it reads them.
    static func loginsExtent(_ db: Database) throws -> (count: Int, bytes: Int) {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), ifnull(sum(length(login)), 0) FROM user")
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    /// How many cached users have an id above `after` and at most `through`.
    static func count(after: Int64, through: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE id > ? AND id <= ?", arguments: [after, through]) ?? 0
    }

    /// Whether any user is cached.
    static func holdsAny(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user)") ?? false
    }

    /// How many cached users are marked seen.
    package static func seenCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM user WHERE seen") ?? 0
    }

    /// The highest cached id (`nil`: none), from the end of the primary key.
    package static func lastID(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM user")
    }

    /// At most `limit` cached logins that start with `prefix`, without regard to case, in login
    /// order: a range scan of the login's NOCASE index, stopped at the limit (about a
    /// millisecond on a million users, whatever the prefix).
    package static func logins(prefix: String, limit: Int, _ db: Database) throws -> [String] {
        // Logins are ASCII letters, digits and '-', all below '~': `prefix~` bounds the range.
        try String.fetchAll(
            db, sql: "SELECT login FROM user WHERE login >= ? AND login < ? ORDER BY login LIMIT ?",
            arguments: [prefix, prefix + "~", limit])
    }

    /// How many cached users have an id at most `id` (0 for `id` 0): the position of a user in
    /// the whole cached list, which does not move between pages. One `COUNT` over the primary key.
    package static func rank(through id: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [id]) ?? 0
    }

    /// The rank of each of `ids` (as ``rank(through:_:)``), for rows that do not follow each
    /// other (search results). The ids are taken in order and each count goes on from the
    /// previous one (`id > previous AND id <= next`), so the primary key is walked once up to
    /// the largest id, not once per id.
    package static func ranks(of ids: some Sequence<Int64>, _ db: Database) throws -> [Int64: Int] {
        let sorted = Set(ids).sorted()
        guard let first = sorted.first else { return [:] }
        var rank = try self.rank(through: first, db)
        var ranks = [first: rank]
        let between = try db.cachedStatement(sql: "SELECT COUNT(*) FROM user WHERE id > ? AND id <= ?")
        for (previous, id) in zip(sorted, sorted.dropFirst()) {
            rank += try Int.fetchOne(between, arguments: [previous, id]) ?? 0
            ranks[id] = rank
        }
        return ranks
    }

    /// Calls `each` with the id, login and type of every cached user with an id above `after`,
    /// in id order: what `browse`'s index reads (all of them, then those appended).
    static func logins(after: Int64 = 0, _ db: Database, _ each: (_ id: Int64, _ login: String, _ type: String) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT id, login, type FROM user WHERE id > ? ORDER BY id", arguments: [after])
        while let row = try rows.next() { try each(row[0], row[1], row[2]) }
    }
}
