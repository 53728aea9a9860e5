import Foundation
import GRDB

extension StoreService.Users {
    /// Saves users from any source (a page of the users list, a search, a profile's owner): each
    /// is inserted or updated by id with its seen mark kept, is no longer gone (it was just
    /// served), and takes the notes written for its login before it was cached. Nothing of the
    /// users-list walk moves: no cursor, no page row, no other user marked gone (``SavePage``
    /// does those, for a page of `GET /users`).
    package struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `users`, and the response's `rateLimit`, in one transaction.
        package func callAsFunction(_ users: [User], rateLimit: RateLimit? = nil, now: Date = Date()) throws {
            guard !users.isEmpty || rateLimit != nil else { return }
            try database.write { db in
                try User.save(users, db, now: now)
                if let rateLimit { try SyncState.record(rateLimit, db) }
            }
        }
    }
}

extension StoreService.Users {
    /// Saves a page of `GET /users`, the users-list walk's step: the users (as ``Save`` does),
    /// the page's ETag and next cursor, the page size, the cursor, the accounts the list no
    /// longer holds marked gone, and the rate limit move together in one transaction or not at
    /// all, so a crash never leaves half a page or a skipped user. The same transaction reads
    /// back what the caller shows next (``Saved``), so nothing is read twice.
    package struct SavePage: Sendable {
        /// What the store holds once a page is saved, read in the saving transaction.
        package struct Saved: Sendable, Hashable {
            /// The cached users with ids after the request's `since` and up to the page's cursor
            /// (the page's users, with their notes and seen marks), in id order; none for an empty
            /// page.
            package var users: [UserDetails]
            /// The pagination and rate-limit state after the save.
            package var state: SyncState
            /// Whether this save marked the one-time welcome as shown: the first page with users
            /// that moved the cursor, even when processes race.
            package var isFirstStore: Bool
        }

        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `page`, fetched with `request` and answered with `etag` and `rateLimit`. An
        /// empty page marks the end of the list.
        @discardableResult
        package func callAsFunction(
            _ page: UsersPage, request: UsersPageRequest, etag: String?, rateLimit: RateLimit? = nil, now: Date = Date()
        ) throws -> Saved {
            try database.write { db in
                let before = try SyncState.read(db)
                try User.save(page.users, db, now: now)
                if let cursor = page.cursor, cursor > request.since {
                    try PageTable.save(
                        since: request.since, lastID: cursor, itemCount: page.itemCount, etag: etag,
                        tokenFingerprint: request.tokenFingerprint, at: now, db)
                }
                // The accounts GitHub no longer lists: those cached in the page's range, and, when
                // the list ends with this page, those cached after it up to the cursor.
                let end = page.hasNext ? page.cursor : max(page.cursor ?? request.since, before.cursor ?? request.since)
                if let end, end > request.since {
                    try User.markGone(db, after: request.since, through: end, listed: page.listedIDs)
                }
                if let pageSize = before.pageSize(settingFrom: page) { try SyncState.storePageSize(pageSize, db) }
                var isFirstStore = false
                if request.movesCursor {
                    let moved = page.cursor.flatMap { $0 > request.since ? $0 : nil }
                    try SyncState.advance(to: moved, at: now, db)
                    if !page.users.isEmpty { isFirstStore = try SyncState.markWelcomed(db) }
                } else {
                    try SyncState.touch(at: now, db)
                    // A refreshed page that reaches past the cursor (accounts deleted before it):
                    // the list continues after what is now cached.
                    if let cursor = page.cursor, let stored = before.cursor, cursor > stored { try SyncState.advance(to: cursor, at: now, db) }
                }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                var users: [UserDetails] = []
                if let cursor = page.cursor {
                    try UserDetails.stream(db, after: request.since, through: cursor) { users.append($0) }
                }
                return Saved(users: users, state: try SyncState.read(db), isFirstStore: isFirstStore)
            }
        }
    }
}

extension StoreService.Users {
    /// Streams cached users in id order: one row in memory at a time, whatever the table's size.
    package struct List: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Calls `each` for every cached user with an id above `after` and at most `through`, at
        /// most `limit` of them (`nil`: all), in id order, inside one read transaction (a
        /// consistent snapshot).
        package func callAsFunction(
            after: Int64 = 0, through: Int64 = .max, limit: Int? = nil, _ each: (UserDetails) throws -> Void
        ) throws {
            try database.read { db in try UserDetails.stream(db, after: after, through: through, limit: limit, each) }
        }

        /// Streams the cached users after `after`, at most `limit`, each with its cached profile
        /// when it has one (`list --json`): one join, one row in memory at a time.
        package func withProfiles(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails, CachedProfile?) throws -> Void) throws {
            try database.read { db in try CachedProfile.stream(db, after: after, limit: limit, each) }
        }
    }
}

extension StoreService.Users {
    /// Reads a window of cached users by keyset (never `OFFSET`): the first or last `count`, or
    /// `count` after or before an id, in id order, and the number of cached users. What the
    /// browser reads a million-row table with, a few screens at a time.
    package struct Window: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Up to `count` users with ids above `id`, in id order.
        package func after(_ id: Int64, count: Int) throws -> [UserDetails] {
            try fetch("WHERE user.id > ? ORDER BY user.id LIMIT ?", [id, count])
        }

        /// Up to `count` users with ids below `id`, in id order.
        package func before(_ id: Int64, count: Int) throws -> [UserDetails] {
            try fetch("WHERE user.id < ? ORDER BY user.id DESC LIMIT ?", [id, count]).reversed()
        }

        /// The last `count` users, in id order.
        package func last(count: Int) throws -> [UserDetails] {
            try fetch("ORDER BY user.id DESC LIMIT ?", [count]).reversed()
        }

        /// The last `count` users, in id order, and how many users are cached, read in one
        /// transaction (so the users' positions agree with the count).
        package func lastWithTotal(count: Int) throws -> (users: [UserDetails], total: Int) {
            try database.read { db in
                let users = try Row.fetchAll(
                    db, sql: "\(UserDetails.selectWithNotes) ORDER BY user.id DESC LIMIT ?",
                    arguments: [count]
                ).map(UserDetails.init(row:))
                let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
                return (users.reversed(), total)
            }
        }

        /// How many users are cached.
        package func count() throws -> Int {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0 }
        }

        /// How many users are cached, where the list's walk stands, and whether it leads
        /// (``SyncState/walkLeads(lastCachedID:)``: against the highest cached id, from the end
        /// of the primary key), from one snapshot.
        package func counted() throws -> (users: Int, state: SyncState, walkLeads: Bool) {
            try database.read { db in
                let users = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
                let state = try SyncState.read(db)
                let lastID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM user")
                return (users, state, state.walkLeads(lastCachedID: lastID))
            }
        }

        private func fetch(_ clause: String, _ arguments: StatementArguments) throws -> [UserDetails] {
            try database.read { db in
                try Row.fetchAll(
                    db, sql: "\(UserDetails.selectWithNotes) " + clause,
                    arguments: arguments
                ).map(UserDetails.init(row:))
            }
        }
    }
}

extension StoreService.Users {
    /// Logins that start with a prefix, case-insensitively, in login order: cached users and
    /// notes on users not cached yet. What shell completion offers for `profile` and `note`.
    ///
    /// Two range scans of `login`'s NOCASE indexes (the user table's UNIQUE one and `note_login`),
    /// each stopped at the limit: about a millisecond on a million users, whatever the prefix.
    package struct Logins: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// At most `limit` logins starting with `prefix` (200 by default), sorted without
        /// regard to case, each once.
        package func callAsFunction(prefix: String, limit: Int = 200) throws -> [String] {
            // Logins are ASCII letters, digits and '-', all below '~': `prefix~` bounds the range.
            let arguments: StatementArguments = [prefix, prefix + "~", limit]
            let (users, notes) = try database.read { db in
                let users = try String.fetchAll(
                    db, sql: "SELECT login FROM user WHERE login >= ? AND login < ? ORDER BY login LIMIT ?", arguments: arguments)
                let notes = try String.fetchAll(
                    db, sql: "SELECT DISTINCT login FROM note WHERE login >= ? AND login < ? ORDER BY login LIMIT ?",
                    arguments: arguments)
                return (users, notes)
            }
            var seen = Set<String>()
            let merged = (users + notes).filter { seen.insert($0.lowercased()).inserted }
            return Array(merged.sorted { $0.lowercased() < $1.lowercased() }.prefix(limit))
        }
    }
}

extension StoreService.Users {
    /// How many cached users have an id at most a given one: the position of a user in the
    /// whole cached list, which does not move between pages. One `COUNT` over the primary key.
    package struct Rank: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The number of cached users whose id is at most `id` (0 for `id` 0).
        package func callAsFunction(through id: Int64) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [id]) ?? 0
            }
        }

        /// The rank of each of `ids` (as ``callAsFunction(through:)``), from one snapshot, for
        /// rows that do not follow each other (search results). The ids are taken in order and
        /// each count goes on from the previous one (`id > previous AND id <= next`), so the
        /// primary key is walked once up to the largest id, not once per id.
        package func callAsFunction(of ids: some Sequence<Int64>) throws -> [Int64: Int] {
            let sorted = Set(ids).sorted()
            guard let first = sorted.first else { return [:] }
            return try database.read { db in
                var rank = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id <= ?", arguments: [first]) ?? 0
                var ranks = [first: rank]
                let between = try db.cachedStatement(sql: "SELECT COUNT(*) FROM user WHERE id > ? AND id <= ?")
                for (previous, id) in zip(sorted, sorted.dropFirst()) {
                    rank += try Int.fetchOne(between, arguments: [previous, id]) ?? 0
                    ranks[id] = rank
                }
                return ranks
            }
        }
    }
}

extension StoreService.Users {
    /// Marks a user as seen: its profile was shown. Seen users are dimmed in lists.
    package struct MarkSeen: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Marks the user with `id` as seen.
        package func callAsFunction(id: Int64) throws {
            try database.write { db in try User.markSeen(id: id, db) }
        }
    }
}

extension StoreService.Users {
    /// Finds the cached account of a login, and marks an account gone (or back).
    ///
    /// GitHub answers 404 for the login of an account that was renamed (the old name is free
    /// for anyone, GitHub Docs "Changing your username") and for one that was deleted or
    /// suspended. The cached id tells the two apart: `GET /user/{id}` still answers a renamed
    /// account.
    package struct MarkGone: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The id of the cached user whose login is `login`, without regard to case.
        package func accountID(login: String) throws -> Int64? {
            try database.read { db in try User.identity(db, login: login)?.id }
        }

        /// Marks the user `id` gone (`true`) or back.
        package func callAsFunction(id: Int64, gone: Bool = true) throws {
            try database.write { db in try User.markGone(id: id, gone, db) }
        }
    }
}
