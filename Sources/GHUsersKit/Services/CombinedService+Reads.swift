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
        @available(*, noasync)
        public func users(after id: Int64, count: Int) throws -> [UserDetails] {
            try database.read { db in try StoreService.Users.window(after: id, count: count, db) }
        }

        /// `count` cached users before the user `id`, in id order.
        @available(*, noasync)
        public func users(before id: Int64, count: Int) throws -> [UserDetails] {
            try database.read { db in try StoreService.Users.window(before: id, count: count, db) }
        }

        /// About `count` cached users around the user `id` (half before it), and the index in
        /// the list of the first: where a kept search's selected match stands in the whole list.
        @available(*, noasync)
        public func users(around id: Int64, count: Int) throws -> (start: Int, users: [UserDetails]) {
            try database.read { db in
                let before = try StoreService.Users.window(before: id, count: count / 2, db)
                let from = try StoreService.Users.window(after: id - 1, count: count - before.count, db)
                let index = try StoreService.Users.rank(through: id - 1, db)
                return (index - before.count, before + from)
            }
        }

        /// The last `count` cached users and how many are cached, from one snapshot (so the
        /// users' positions agree with the count).
        @available(*, noasync)
        public func lastUsers(count: Int) throws -> (users: [UserDetails], total: Int) {
            try database.read { db in (try StoreService.Users.last(count: count, db), try StoreService.Users.count(db)) }
        }

        /// How many users are cached, where the list's walk stands, and whether it leads
        /// (``SyncState/walkLeads(lastCachedID:)``: against the highest cached id), from one
        /// snapshot.
        @available(*, noasync)
        public func counted() throws -> (users: Int, state: SyncState, walkLeads: Bool) {
            try database.read { db in
                let state = try StoreService.Sync.state(db)
                return (try StoreService.Users.count(db), state, state.walkLeads(lastCachedID: try StoreService.Users.lastID(db)))
            }
        }

        /// The cached profile of `login`, if any (no network, nothing marked seen).
        @available(*, noasync)
        public func cachedProfile(login: String) throws -> CachedProfile? {
            try database.read { db in try StoreService.Profiles.find(login: login, db) }
        }

        /// Up to `count` matches of `query` after the match with id `id`
        /// (``StoreService/Search/window(_:after:count:_:)``).
        @available(*, noasync)
        public func matches(_ query: String, after id: Int64?, count: Int) throws -> [UserDetails] {
            try database.read { db in try StoreService.Search.window(query, after: id, count: count, db) }
        }

        /// Up to `count` matches of a `sort:` query from place `from` of its order, as `search`
        /// streams them (``StoreService/Search``): for `browse` until its index is loaded.
        @available(*, noasync)
        public func sortedMatches(_ query: String, from: Int, count: Int) throws -> [UserDetails] {
            var place = 0
            var users: [UserDetails] = []
            struct Enough: Error {}
            do {
                try database.read { db in
                    try StoreService.Search.matches(query, db) { result in
                        guard case .user(let details) = result else { return }
                        defer { place += 1 }
                        guard place >= from else { return }
                        users.append(details)
                        if users.count >= count { throw Enough() }
                    }
                }
            } catch is Enough {}
            return users
        }

        /// Up to `count` matches of `query` before the match with id `id`, in order.
        @available(*, noasync)
        public func matches(_ query: String, before id: Int64, count: Int) throws -> [UserDetails] {
            try database.read { db in try StoreService.Search.window(query, before: id, count: count, db) }
        }

        /// The users with ids `ids`, in that order (those no longer cached left out);
        /// ``StoreError/interrupted`` once `isCancelled` says so.
        @available(*, noasync)
        public func users(_ ids: [Int64], isCancelled: () -> Bool = { false }) throws -> [UserDetails] {
            try database.read { db in try StoreService.Search.users(ids, isCancelled: isCancelled, db) }
        }

        /// The ids of the users `filter` (a query's qualifiers) matches, ascending
        /// (``StoreService/Search/Qualified/ids(_:_:)``).
        @available(*, noasync)
        public func ids(_ filter: SearchQuery) throws -> [Int64] {
            try database.read { db in try StoreService.Search.Qualified.ids(filter, db) }
        }

        /// Reads `index` whole from the cache.
        @available(*, noasync)
        func load(_ index: SearchIndex) throws {
            try index.load(from: database)
        }

        /// Brings `index` up to date with the cache.
        @available(*, noasync)
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
    public func markSeen(id: Int64) async throws {
        try await database.write { db in try StoreService.Users.markSeen(id: id, db) }
    }

    /// Where pagination stands, as the service's connection sees it.
    public func syncState() async throws -> SyncState {
        try await database.read(StoreService.Sync.state)
    }
}
