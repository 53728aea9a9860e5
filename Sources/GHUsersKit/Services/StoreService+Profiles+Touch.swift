import Foundation

extension StoreService.Profiles {
    /// Records that a cached profile was revalidated (`304 Not Modified`): it is fresh again.
    public struct Touch: Sendable {
        let database: AppDatabase

        /// Creates the operation.
        public init(database: AppDatabase) {
            self.database = database
        }

        /// Sets the fetch time of the profile of user `id` to `now`, and in the same transaction
        /// records the response's `rateLimit` and, when `markingSeen`, marks the user as seen.
        public func callAsFunction(userID: Int64, rateLimit: RateLimit? = nil, markingSeen: Bool = false, now: Date = Date()) throws {
            try database.write { db in
                try CachedProfile.touch(userID: userID, now: now, db)
                if markingSeen { try User.markSeen(id: userID, db) }
                if let rateLimit { try SyncState.record(rateLimit, db) }
            }
        }
    }
}
