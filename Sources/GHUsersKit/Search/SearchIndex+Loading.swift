import GRDB

extension SearchIndex {
    /// Reads every cached login and every note on a cached user from `database`, a row at a
    /// time through a cursor (one read transaction: a consistent snapshot), and replaces what
    /// is indexed. About 0.3 s at 1,000,000 users: call it off the event loop.
    public func load(from database: AppDatabase) throws {
        let (logins, notes, profiles, signature) = try database.read { db in
            (try Self.readLogins(db), try Self.readNotes(db), try Self.readProfiles(db), try Self.signature(db))
        }
        install(logins: logins, notes: notes, profiles: profiles)
        seen.withLock { $0 = signature }
    }

    /// Brings the index up to date with `database` after a change (the browser's watcher saw
    /// one): logins with ids above the last indexed are appended; the notes are read again
    /// when their count or dates changed, the profiles when theirs did; everything is read
    /// again when a login was removed
    /// (the count of users no longer adds up). A login renamed in place (a refreshed page)
    /// matches by its old name until the next full load. Does nothing before ``load(from:)``.
    public func refresh(from database: AppDatabase) throws {
        guard isLoaded else { return }
        let (lastID, indexed) = extent
        let (added, users, signature) = try database.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT id, login, type FROM user WHERE id > ? ORDER BY id", arguments: [lastID])
            var added: [(id: Int64, login: String, type: String)] = []
            while let row = try rows.next() { added.append((row[0], row[1], row[2])) }
            return (added, try Int.fetchOne(db, sql: "SELECT count(*) FROM user") ?? 0, try Self.signature(db))
        }
        if users != indexed + added.count { return try load(from: database) }
        if !added.isEmpty { append(added) }
        let before = seen.withLock { $0 }
        if before.notes != signature.notes {
            let (notes, now) = try database.read { db in (try Self.readNotes(db), try Self.signature(db)) }
            install(logins: nil, notes: notes)
            seen.withLock { $0.notes = now.notes }
        }
        if before.profiles != signature.profiles {
            let (profiles, now) = try database.read { db in (try Self.readProfiles(db), try Self.signature(db)) }
            install(logins: nil, notes: nil, profiles: profiles)
            seen.withLock { $0.profiles = now.profiles }
        }
    }

    /// The logins, each with its account type in its mask.
    private static func readLogins(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let rows = try Row.fetchCursor(db, sql: "SELECT id, login, type FROM user ORDER BY id")
        while let row = try rows.next() { arena.append(id: row[0], text: row[1], flags: ProfileColumns.typeBits(row[2])) }
        return arena
    }

    /// The profiles' qualifier fields; NULLs as empty texts and unknown numbers.
    private static func readProfiles(_ db: Database) throws -> ProfileColumns {
        var profiles = ProfileColumns()
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT user_id, ifnull(location, ''), ifnull(name, ''), ifnull(company, ''), followers, public_repos,
                    CAST(strftime('%s', created_at) AS INTEGER)
                FROM profile ORDER BY user_id
                """)
        while let row = try rows.next() {
            let (followers, repos, created): (Int64?, Int64?, Int64?) = (row[4], row[5], row[6])
            profiles.append(
                id: row[0], location: row[1], name: row[2], company: row[3], followers: followers.map { Int32(clamping: $0) } ?? ProfileColumns.unknown,
                repos: repos.map { Int32(clamping: $0) } ?? ProfileColumns.unknown, created: created ?? Int64(ProfileColumns.unknown))
        }
        return profiles
    }

    private static func readNotes(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let rows = try Row.fetchCursor(db, sql: "SELECT user_id, text FROM note WHERE user_id IS NOT NULL ORDER BY user_id")
        while let row = try rows.next() { arena.append(id: row[0], text: row[1]) }
        return arena
    }

    /// What changes when any note on a cached user is added, edited, moved or deleted, and
    /// when any profile is saved.
    private static func signature(_ db: Database) throws -> Signature {
        let notes = try Row.fetchOne(
            db, sql: "SELECT count(*), total(updated_at), total(length(text)), total(user_id) FROM note WHERE user_id IS NOT NULL")
        // Not the fetch time: a revalidation (304) touches it without changing anything.
        let profiles = try Row.fetchOne(db, sql: "SELECT count(*), total(partial), total(strftime('%s', updated_at)) FROM profile")
        return Signature(notes: (0..<4).map { notes?[$0] ?? 0 }, profiles: (0..<3).map { profiles?[$0] ?? 0 })
    }
}
