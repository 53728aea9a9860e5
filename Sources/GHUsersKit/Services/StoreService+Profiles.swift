import Foundation
import GRDB

extension StoreService.Profiles {
    /// Reads a cached profile by login, without regard to case.
    package struct Find: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// The cached profile of `login`, or `nil` when the profile was never fetched.
        package func callAsFunction(login: String) throws -> CachedProfile? {
            try database.read { db in try CachedProfile.find(db, login: login) }
        }

        /// The cached profile of the user with id `id`, or `nil`.
        package func callAsFunction(id: Int64) throws -> CachedProfile? {
            try database.read { db in try CachedProfile.find(db, id: id) }
        }
    }
}

extension StoreService.Profiles {
    /// Saves a fetched profile and its user in one transaction, which can also mark the user as
    /// seen, record the response's rate limit and read the user's note for showing it.
    package struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `user` (keeping its seen mark, or marking it seen when `markingSeen`) and its
        /// `profile` with the response's `etag` and `rateLimit`; returns the note on the user.
        @discardableResult
        package func callAsFunction(
            user: User, profile: Profile, etag: String?, rateLimit: RateLimit? = nil, markingSeen: Bool = false,
            now: Date = Date()
        ) throws -> Note? {
            try database.write { db in
                try User.save([user], db, now: now)  // it answered: not gone (any more)
                try CachedProfile.save(profile, userID: user.id, etag: etag, now: now, db)
                if markingSeen { try User.markSeen(id: user.id, db) }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                return try Note.find(db, login: user.login)?.note
            }
        }
    }
}

extension StoreService.Profiles {
    /// Saves one GraphQL batch of profiles in one transaction: a batch is kept whole or not at
    /// all, so an interrupted `profiles prefetch` keeps every batch it finished. Never marks a
    /// user seen.
    package struct SaveBatch: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Saves the profiles of `fetched`, each for its cached user in `users` (by id; an
        /// account not among them is skipped), following renames (the user takes its new login
        /// and page; its note and seen mark follow the id), taking the node id GitHub answered
        /// (the next format in place of a legacy one), and records `rateLimit`. A field the
        /// answer leaves unknown keeps the value a cached profile knew, and the cached ETag
        /// stays (``CachedProfile/merged(_:unknown:userID:_:)``). Returns how many profiles
        /// were saved, how many of them were renamed, how many have fields unknown besides an
        /// email, and how many have no known email (a token that may not read emails leaves every
        /// user's unknown: said apart, with the command that fetches them).
        /// `found`: accounts to save first (``User/save(_:_:now:)``) (a search's,
        /// which may not be cached yet), each then one of `users`.
        @discardableResult
        package func callAsFunction(
            _ fetched: [HTTPService.Users.FetchProfiles.Fetched], users: [Int64: User], rateLimit: RateLimit?, now: Date = Date(),
            saving found: [User] = []
        ) throws -> (saved: Int, renamed: Int, partial: Int, noEmail: Int) {
            try database.write { db in
                try User.save(found, db, now: now)
                var saved = 0
                var renamed = 0
                var partial = 0
                var noEmail = 0
                for account in fetched {
                    guard var user = users[account.id] else { continue }
                    if user.login != account.login {
                        user.login = account.login
                        user.htmlURL = account.htmlURL ?? user.htmlURL
                        user.nodeID = account.currentNodeID ?? user.nodeID
                        try User.save([user], db, now: now)
                        renamed += 1
                    } else if let nodeID = account.currentNodeID, nodeID != user.nodeID {
                        // The node id alone: the rest of the row stays as the users list last gave it.
                        try db.execute(sql: "UPDATE user SET node_id = ? WHERE id = ?", arguments: [nodeID, user.id])
                    }
                    try User.markGone(id: user.id, false, db)
                    let merged = try CachedProfile.merged(account.profile, unknown: account.unknown, userID: user.id, db)
                    try CachedProfile.save(merged.profile, userID: user.id, etag: merged.etag, now: now, unknown: merged.unknown, db)
                    saved += 1
                    if !merged.unknown.subtracting([.email]).isEmpty { partial += 1 }
                    if merged.unknown.contains(.email) { noEmail += 1 }
                }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                return (saved, renamed, partial, noEmail)
            }
        }
    }
}

extension StoreService.Profiles {
    /// Records that a cached profile was revalidated (`304 Not Modified`): it is fresh again, and
    /// its account is not gone, since it answered (as a full save records).
    package struct Touch: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// Sets the fetch time of the profile of user `id` to `now` and clears its gone mark, and
        /// in the same transaction records the response's `rateLimit` and, when `markingSeen`,
        /// marks the user as seen.
        package func callAsFunction(userID: Int64, rateLimit: RateLimit? = nil, markingSeen: Bool = false, now: Date = Date()) throws {
            try database.write { db in
                try CachedProfile.touch(userID: userID, now: now, db)
                try User.markGone(id: userID, false, db)
                if markingSeen { try User.markSeen(id: userID, db) }
                if let rateLimit { try SyncState.record(rateLimit, db) }
            }
        }
    }
}

extension StoreService.Profiles {
    /// The cached users whose profile `profiles prefetch` fetches: those without one, and with
    /// `stale` also those whose profile was fetched before a given time; never users marked
    /// gone. In id order, read a batch at a time by keyset, so a million users are never in
    /// memory at once.
    package struct Pending: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        package init(database: AppDatabase) {
            self.database = database
        }

        /// How many users are pending; `incomplete`: instead, those whose cached profile has
        /// fields unknown (an email a token could not read, an organization's followers, a field
        /// GitHub nulled).
        package func count(staleBefore: Date?, incomplete: Bool = false) throws -> Int {
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user LEFT JOIN profile ON profile.user_id = user.id WHERE \(Self.condition(incomplete))",
                    arguments: Self.arguments(staleBefore, incomplete)) ?? 0
            }
        }

        /// The next `limit` pending users after id `after`, by id.
        package func callAsFunction(after: Int64, limit: Int, staleBefore: Date?, incomplete: Bool = false) throws -> [User] {
            var arguments: StatementArguments = [after]
            arguments += Self.arguments(staleBefore, incomplete)
            arguments += [limit]
            return try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(User.selection) FROM user LEFT JOIN profile ON profile.user_id = user.id
                        WHERE user.id > ? AND \(Self.condition(incomplete)) ORDER BY user.id LIMIT ?
                        """, arguments: arguments
                ).map { User(row: $0) }
            }
        }

        private static func condition(_ incomplete: Bool) -> String {
            incomplete
                ? "user.gone = 0 AND profile.unknown <> ''"
                : "user.gone = 0 AND (profile.user_id IS NULL OR (? AND profile.fetched_at < ?))"
        }

        private static func arguments(_ staleBefore: Date?, _ incomplete: Bool) -> StatementArguments {
            incomplete ? [] : [staleBefore != nil, staleBefore?.timeIntervalSince1970 ?? 0]
        }
    }
}
