import Foundation

extension StoreService.Profiles {
    /// Saves one GraphQL batch of profiles in one transaction: a batch is kept whole or not at
    /// all, so an interrupted `profiles prefetch` keeps every batch it finished. Never marks a
    /// user seen.
    public struct SaveBatch: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves the profiles of `fetched`, each for its cached user in `users` (by id; an
        /// account not among them is skipped), following renames (the user takes its new login
        /// and page; its note and seen mark follow the id), taking the node id GitHub answered
        /// (the next format in place of a legacy one), and records `rateLimit`. A field the
        /// answer leaves unknown keeps the value a cached profile knew, and the cached ETag
        /// stays (``CachedProfile/merged(_:unknown:userID:_:)``). Returns how many profiles
        /// were saved, how many of them were renamed, and how many have fields unknown besides an
        /// email (a token that may not read emails leaves every email unknown, said once).
        @discardableResult
        public func callAsFunction(
            _ fetched: [HTTPService.Users.FetchProfiles.Fetched], users: [Int64: User], rateLimit: RateLimit?, now: Date = Date()
        ) throws -> (saved: Int, renamed: Int, partial: Int) {
            try database.write { db in
                var saved = 0
                var renamed = 0
                var partial = 0
                for account in fetched {
                    guard var user = users[account.id] else { continue }
                    if user.login != account.login {
                        user.login = account.login
                        user.htmlURL = account.htmlURL ?? user.htmlURL
                        user.nodeID = account.currentNodeID ?? user.nodeID
                        try user.upsert(db, now: now)
                        try User.attachNotes(db, ids: user.id...user.id)
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
                }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                return (saved, renamed, partial)
            }
        }
    }
}
