import GRDB

extension SearchIndex {
    /// Reads every cached login and every note on a cached user from `database`, a row at a
    /// time through a cursor (one read transaction: a consistent snapshot), and replaces what
    /// is indexed. About 0.3 s at 1,000,000 users: call it off the event loop.
    public func load(from database: AppDatabase) throws {
        let (logins, notes, signature) = try database.read { db in
            (try Self.readLogins(db), try Self.readNotes(db), try Self.notesSignature(db))
        }
        install(logins: logins, notes: notes)
        notesSeen.withLock { $0 = signature }
    }

    /// Brings the index up to date with `database` after a change (the browser's watcher saw
    /// one): logins with ids above the last indexed are appended; the notes are read again
    /// when their count or dates changed; everything is read again when a login was removed
    /// (the count of users no longer adds up). A login renamed in place (a refreshed page)
    /// matches by its old name until the next full load. Does nothing before ``load(from:)``.
    public func refresh(from database: AppDatabase) throws {
        guard isLoaded else { return }
        let (lastID, indexed) = extent
        let (added, users, signature) = try database.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT id, login FROM user WHERE id > ? ORDER BY id", arguments: [lastID])
            var added: [(id: Int64, login: String)] = []
            while let row = try rows.next() { added.append((row[0], row[1])) }
            return (added, try Int.fetchOne(db, sql: "SELECT count(*) FROM user") ?? 0, try Self.notesSignature(db))
        }
        if users != indexed + added.count { return try load(from: database) }
        if !added.isEmpty { append(added) }
        guard notesSeen.withLock({ $0 }) != signature else { return }
        let (notes, now) = try database.read { db in (try Self.readNotes(db), try Self.notesSignature(db)) }
        install(logins: nil, notes: notes)
        notesSeen.withLock { $0 = now }
    }

    private static func readLogins(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let rows = try Row.fetchCursor(db, sql: "SELECT id, login FROM user ORDER BY id")
        while let row = try rows.next() { arena.append(id: row[0], text: row[1]) }
        return arena
    }

    private static func readNotes(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let rows = try Row.fetchCursor(db, sql: "SELECT user_id, text FROM note WHERE user_id IS NOT NULL ORDER BY user_id")
        while let row = try rows.next() { arena.append(id: row[0], text: row[1]) }
        return arena
    }

    /// What changes when any note on a cached user is added, edited, moved or deleted.
    private static func notesSignature(_ db: Database) throws -> [Double] {
        let row = try Row.fetchOne(
            db, sql: "SELECT count(*), total(updated_at), total(length(text)), total(user_id) FROM note WHERE user_id IS NOT NULL")
        return (0..<4).map { row?[$0] ?? 0 }
    }
}
