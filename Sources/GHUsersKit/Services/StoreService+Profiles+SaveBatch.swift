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
        /// and page; its note and seen mark follow the id), and records `rateLimit`. Returns how
        /// many profiles were saved and how many of them were renamed.
        @discardableResult
        public func callAsFunction(
            _ fetched: [HTTPService.Users.FetchProfiles.Fetched], users: [Int64: User], rateLimit: RateLimit?, now: Date = Date()
        ) throws -> (saved: Int, renamed: Int) {
            try database.write { db in
                var saved = 0
                var renamed = 0
                for account in fetched {
                    guard var user = users[account.id] else { continue }
                    if user.login != account.login {
                        user.login = account.login
                        user.htmlURL = account.htmlURL ?? user.htmlURL
                        try user.upsert(db, now: now)
                        try User.attachNotes(db, ids: user.id...user.id)
                        renamed += 1
                    }
                    try User.markGone(id: user.id, false, db)
                    try CachedProfile.save(account.profile, userID: user.id, etag: nil, now: now, partial: account.partial, db)
                    saved += 1
                }
                if let rateLimit { try SyncState.record(rateLimit, db) }
                return (saved, renamed)
            }
        }
    }
}
