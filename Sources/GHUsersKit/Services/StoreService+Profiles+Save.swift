import Foundation

extension StoreService.Profiles {
    /// Saves a fetched profile and its user in one transaction, which can also mark the user as
    /// seen, record the response's rate limit and read the user's note for showing it.
    public struct Save: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Saves `user` (keeping its seen mark, or marking it seen when `markingSeen`) and its
        /// `profile` with the response's `etag` and `rateLimit`; returns the note on the user.
        @discardableResult
        public func callAsFunction(
            user: User, profile: Profile, etag: String?, rateLimit: RateLimit? = nil, markingSeen: Bool = false,
            now: Date = Date()
        ) throws -> Note? {
            try database.write { db in
                try user.upsert(db, now: now)
                try User.markGone(id: user.id, false, db)  // it answered: not gone (any more)
                try User.attachNotes(db, ids: user.id...user.id)
                try CachedProfile.save(profile, userID: user.id, etag: etag, now: now, db)
                if markingSeen { try User.markSeen(id: user.id, db) }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                return try Note.find(db, login: user.login)?.note
            }
        }
    }
}
