// MARK: - Reads for a screen that stays open

extension CombinedService {
    /// The reads `ghusers browse` makes, on a read-only connection of their own so that they
    /// never wait for a page save: windows of the cached users, their count, where pagination
    /// stands, and cached profiles. Made by ``reads()``; the browser reads only through it.
    public struct Reads: Sendable {
        /// The connection the reads use.
        let database: AppDatabase

        /// `count` cached users after the user `id`, in id order (`0`: from the first).
        public func users(after id: Int64, count: Int) throws -> [UserDetails] {
            try StoreService.Users.Window(database: database).after(id, count: count)
        }

        /// `count` cached users before the user `id`, in id order.
        public func users(before id: Int64, count: Int) throws -> [UserDetails] {
            try StoreService.Users.Window(database: database).before(id, count: count)
        }

        /// The last `count` cached users and how many are cached, from one snapshot.
        public func lastUsers(count: Int) throws -> (users: [UserDetails], total: Int) {
            try StoreService.Users.Window(database: database).lastWithTotal(count: count)
        }

        /// How many users are cached.
        public func userCount() throws -> Int {
            try StoreService.Users.Window(database: database).count()
        }

        /// Where pagination stands and the last known rate limit.
        public func syncState() throws -> SyncState {
            try StoreService.Sync.State(database: database)()
        }

        /// The cached profile of `login`, if any (no network, nothing marked seen).
        public func cachedProfile(login: String) throws -> CachedProfile? {
            try StoreService.Profiles.Find(database: database)(login: login)
        }
    }

    /// Reads on a read-only connection of their own (the service's own when none can be
    /// opened, as for an in-memory database).
    public func reads() -> Reads {
        Reads(database: database.reader() ?? database)
    }

    /// Marks the user `id` seen (the list dims them).
    public func markSeen(id: Int64) throws {
        try StoreService.Users.MarkSeen(database: database)(id: id)
    }

    /// Where pagination stands, as the service's connection sees it.
    public func syncState() throws -> SyncState {
        try StoreService.Sync.State(database: database)()
    }
}
