// MARK: - Reads for a screen that stays open

extension CombinedService {
    /// The reads `ghusers browse` makes, on a read-only connection of their own so that they
    /// never wait for a page save: windows of the cached users, their count, where pagination
    /// stands, cached profiles, and searches (windows of matches, the search index's load).
    /// Made by ``reads()``; the browser reads only through it.
    public struct Reads: Sendable {
        /// The connection the reads use.
        let database: AppDatabase
        /// Whether ``database`` is the reads' own connection (else it is the service's, which
        /// is neither interrupted nor closed from here).
        let ownsConnection: Bool

        /// `count` cached users after the user `id`, in id order (`0`: from the first).
        public func users(after id: Int64, count: Int) throws -> [UserDetails] {
            try StoreService.Users.Window(database: database).after(id, count: count)
        }

        /// `count` cached users before the user `id`, in id order.
        public func users(before id: Int64, count: Int) throws -> [UserDetails] {
            try StoreService.Users.Window(database: database).before(id, count: count)
        }

        /// About `count` cached users around the user `id` (half before it), and the index in
        /// the list of the first: where a kept search's selected match stands in the whole list.
        public func users(around id: Int64, count: Int) throws -> (start: Int, users: [UserDetails]) {
            let window = StoreService.Users.Window(database: database)
            let before = try window.before(id, count: count / 2)
            let from = try window.after(id - 1, count: count - before.count)
            let index = try StoreService.Users.Rank(database: database)(through: id - 1)
            return (index - before.count, before + from)
        }

        /// The last `count` cached users and how many are cached, from one snapshot.
        public func lastUsers(count: Int) throws -> (users: [UserDetails], total: Int) {
            try StoreService.Users.Window(database: database).lastWithTotal(count: count)
        }

        /// Where pagination stands and the last known rate limit.
        public func syncState() throws -> SyncState {
            try StoreService.Sync.State(database: database)()
        }

        /// How many users are cached, where the list's walk stands and whether it leads, from
        /// one snapshot (``StoreService/Users/Window/counted()``).
        public func counted() throws -> (users: Int, state: SyncState, walkLeads: Bool) {
            try StoreService.Users.Window(database: database).counted()
        }

        /// The cached profile of `login`, if any (no network, nothing marked seen).
        public func cachedProfile(login: String) throws -> CachedProfile? {
            try StoreService.Profiles.Find(database: database)(login: login)
        }

        /// Up to `count` matches of `query` after the match with id `id`
        /// (``StoreService/Users/SearchWindow/after(_:id:count:)``).
        public func matches(_ query: String, after id: Int64?, count: Int) throws -> [UserDetails] {
            try StoreService.Users.SearchWindow(database: database).after(query, id: id, count: count)
        }

        /// Up to `count` matches of a `sort:` query from place `from` of its order, as `search`
        /// streams them (``StoreService/Users/Search``): for `browse` until its index is loaded.
        public func sortedMatches(_ query: String, from: Int, count: Int) throws -> [UserDetails] {
            var place = 0
            var users: [UserDetails] = []
            struct Enough: Error {}
            do {
                try StoreService.Users.Search(database: database)(query) { result in
                    guard case .user(let details) = result else { return }
                    defer { place += 1 }
                    guard place >= from else { return }
                    users.append(details)
                    if users.count >= count { throw Enough() }
                }
            } catch is Enough {}
            return users
        }

        /// Up to `count` matches of `query` before the match with id `id`, in order.
        public func matches(_ query: String, before id: Int64, count: Int) throws -> [UserDetails] {
            try StoreService.Users.SearchWindow(database: database).before(query, id: id, count: count)
        }

        /// The users with ids `ids`, in that order (those no longer cached left out);
        /// ``StoreError/interrupted`` once `isCancelled` says so.
        public func users(_ ids: [Int64], isCancelled: () -> Bool = { false }) throws -> [UserDetails] {
            try StoreService.Users.SearchWindow(database: database).users(ids, isCancelled: isCancelled)
        }

        /// The ids of the users `filter` (a query's qualifiers) matches, ascending
        /// (``StoreService/Users/Qualified/ids(_:)``).
        public func ids(_ filter: SearchQuery) throws -> [Int64] {
            try StoreService.Users.Qualified(database: database).ids(filter)
        }

        /// Reads `index` whole from the cache.
        func load(_ index: SearchIndex) throws {
            try index.load(from: database)
        }

        /// Brings `index` up to date with the cache.
        func refresh(_ index: SearchIndex) throws {
            try index.refresh(from: database)
        }

        /// Stops the statement running on the reads' own connection (a search a newer query
        /// replaced); it fails with `SQLITE_INTERRUPT`. Nothing on the service's connection.
        public func interrupt() {
            if ownsConnection { database.interrupt() }
        }

        /// Closes the reads' own connection now.
        public func close() {
            if ownsConnection { database.close() }
        }
    }

    /// Reads on a read-only connection of their own (the service's own when none can be
    /// opened, as for an in-memory database).
    public func reads() -> Reads {
        if let reader = database.reader() { return Reads(database: reader, ownsConnection: true) }
        return Reads(database: database, ownsConnection: false)
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
