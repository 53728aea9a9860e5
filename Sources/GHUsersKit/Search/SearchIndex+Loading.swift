import GRDB

extension SearchIndex {
    /// Reads every cached login, note and profile from `database` through cursors, in one read
    /// transaction, and replaces what is indexed: a second or so at 1,000,000 users, off the loop.
    package func load(from database: AppDatabase) throws {
        let (logins, notes, profiles, signature) = try database.read { db in
            // Every row is read once, in order: SQLite's page cache (2 MB by default) would
            // only keep pages already read, resident beside the index as it grows.
            let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            try db.execute(sql: "PRAGMA cache_size = -256")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cache)") }
            let logins = try Self.readLogins(db)
            return (logins, try Self.readNotes(db), try Self.readProfiles(db, linkingTo: logins.ids), try Self.signature(db))
        }
        install(logins: logins, notes: notes, profiles: profiles)
        seen.withLock { $0 = signature }
    }

    /// Brings the index up to date with `database` after a change: logins with ids above the
    /// last indexed are appended; the notes, or the profiles, are read again when their
    /// signature changed; everything when a login was removed (the count no longer adds up).
    /// A login renamed in place matches by its old name until the next full load.
    package func refresh(from database: AppDatabase) throws {
        guard isLoaded else { return }
        let ((lastID, indexed), before) = (extent, seen.withLock { $0 })
        let (added, users, signature, notes, profiles) = try database.read { db in
            var added: [(id: Int64, login: String, type: String)] = []
            try StoreService.Users.logins(after: lastID, db) { added.append(($0, $1, $2)) }
            let signature = try Self.signature(db)
            return (
                added, try StoreService.Users.count(db), signature,
                signature.notes != before.notes ? try Self.readNotes(db) : nil, signature.profiles != before.profiles ? try Self.readProfiles(db) : nil
            )
        }
        if users != indexed + added.count { return try load(from: database) }
        if !added.isEmpty { append(added) }
        if notes != nil || profiles != nil { install(logins: nil, notes: notes, profiles: profiles) }
        seen.withLock { $0 = signature }
    }

    /// The logins, each with its account type in its mask.
    private static func readLogins(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let extent = try StoreService.Users.loginsExtent(db)
        arena.reserve(records: extent.count, bytes: extent.bytes)
        try StoreService.Users.logins(db) { id, login, type in arena.append(id: id, text: login, flags: ProfileColumns.typeFlags(type)) }
        return arena
    }

    /// The profiles' indexed fields (``ProfileColumns``); NULLs as empty texts, unknown counts
    /// and dates, and false flags; the texts the answer left unknown. `logins`: the ids of the
    /// logins read in the same transaction, which each profile is linked to as it is read.
    private static func readProfiles(_ db: Database, linkingTo logins: UserIDs? = nil) throws -> ProfileColumns {
        typealias Columns = ProfileColumns
        let selected =
            Columns.textFields.map(\.column) + Columns.countFields.map(\.column)
            + Columns.dateFields.map { "ifnull(CAST(strftime('%s', \($0.column)) AS INTEGER), \(Columns.unknownDate))" }
            + Columns.flagFields.map { "ifnull(\($0.column), 0)" }
        let (texts, counts, dates) = (Columns.textFields.count, Columns.countFields.count, Columns.dateFields.count)
        var profiles = ProfileColumns()
        profiles.reserve(try StoreService.Profiles.count(db), ids: logins == nil)
        let last = 1 + selected.count
        var parsed: [String: Set<Profile.Field>] = ["": []]  // a handful of distinct lists, read once each
        try StoreService.Profiles.rows(selecting: selected, db) { row in
            let text: String = row[last]
            let unknown = parsed[text] ?? Profile.Field.set(text)
            parsed[text] = unknown
            profiles.append(id: row[0], texts: (1..<1 + texts).map { row[$0] as String? }, unknown: unknown, linkingTo: logins)
            var column = 1 + texts
            for index in 0..<counts {
                profiles.counts[index].append(row[column] as Int64?)
                column += 1
            }
            for index in 0..<dates {
                profiles.dates[index].append(UInt32(clamping: row[column] as Int64))
                column += 1
            }
            var flags: UInt8 = 0
            for index in Columns.flagFields.indices {
                if (row[column] as Int64) != 0 { flags |= 1 << index }
                column += 1
            }
            profiles.flags.append(flags)
        }
        profiles.finish()
        return profiles
    }

    private static func readNotes(_ db: Database) throws -> TextArena {
        var arena = TextArena()
        let extent = try StoreService.Notes.textsExtent(db)
        arena.reserve(records: extent.count, bytes: extent.bytes)
        try StoreService.Notes.texts(db) { id, text in arena.append(id: id, text: text) }
        return arena
    }

    /// What changes when any note on a cached user is added, edited, moved or deleted, and
    /// when a saved profile changed.
    private static func signature(_ db: Database) throws -> Signature {
        Signature(notes: try StoreService.Notes.signature(db), profiles: try StoreService.Profiles.signature(db))
    }
}
