import GRDB

// MARK: - Cached users

extension CombinedService {
    /// Streams cached users in id order, one row in memory at a time, from one snapshot.
    public func list(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails) throws -> Void) async throws {
        try await database.read { db in try StoreService.Users.stream(after: after, limit: limit, db, each) }
    }

    /// Streams the cached users after `after` with their cached profiles (`list --json`): one
    /// join, one row in memory at a time.
    public func listWithProfiles(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails, CachedProfile?) throws -> Void) async throws {
        try await database.read { db in try StoreService.Profiles.stream(after: after, limit: limit, db, each) }
    }

    /// Streams local search results, each user with its cached profile (`search --json`);
    /// `firstRows`: the caller stops after that many.
    public func searchWithProfiles(_ query: String, firstRows: Int? = nil, _ each: (SearchResult, CachedProfile?) throws -> Void) async throws {
        try await database.read { db in try StoreService.Search.matchesWithProfiles(query, firstRows: firstRows, db, each) }
    }

    /// Streams local search results (see ``StoreService/Search``); `firstRows`: the caller
    /// stops after that many.
    public func search(_ query: String, firstRows: Int? = nil, _ each: (SearchResult) throws -> Void) async throws {
        try await database.read { db in try StoreService.Search.matches(query, firstRows: firstRows, db, each) }
    }

    /// The cached profiles of the users `ids`, by id (those without one left out).
    public func cachedProfiles(of ids: [Int64]) async throws -> [Int64: CachedProfile] {
        try await database.read { db in
            var profiles: [Int64: CachedProfile] = [:]
            for id in ids { profiles[id] = try StoreService.Profiles.find(id: id, db) }
            return profiles
        }
    }

    /// How many cached users have no cached profile, which no profile qualifier can match.
    public func usersWithoutProfile() async throws -> Int {
        try await database.read { db in try StoreService.Search.Qualified.withoutProfile(db) }
    }

    /// How many cached profiles each count qualifier of `query` cannot see, its count unknown
    /// (``StoreService/Search/Qualified/unknownCounts(_:_:)``).
    public func unknownCounts(_ query: SearchQuery) async throws -> [(field: Profile.Field, profiles: Int)] {
        try await database.read { db in try StoreService.Search.Qualified.unknownCounts(query, db) }
    }

    /// How many cached users have an id at most `id`: `rank(through: after) + 1` is the position
    /// of the first user of `list --after`.
    public func rank(through id: Int64) async throws -> Int {
        try await database.read { db in try StoreService.Users.rank(through: id, db) }
    }

    /// The rank of each of `ids` (see ``rank(through:)``): for rows that do not follow each
    /// other, one walk over the ids up to the largest instead of one count per row.
    public func ranks(of ids: [Int64]) async throws -> [Int64: Int] {
        try await database.read { db in try StoreService.Users.ranks(of: ids, db) }
    }

    /// At most `limit` logins that start with `prefix`, without regard to case, each once, in
    /// login order: cached users and notes on users not cached yet, for shell completion. Two
    /// range scans of `login`'s NOCASE indexes, each stopped at the limit: about a millisecond
    /// on a million users, whatever the prefix.
    public func logins(prefix: String, limit: Int = 200) async throws -> [String] {
        try await database.read { db in try Self.logins(prefix: prefix, limit: limit, db) }
    }

    /// ``logins(prefix:limit:)`` inside the caller's transaction: for shell completion, which
    /// ArgumentParser asks synchronously, before any task runs.
    package static func logins(prefix: String, limit: Int = 200, _ db: Database) throws -> [String] {
        let users = try StoreService.Users.logins(prefix: prefix, limit: limit, db)
        let notes = try StoreService.Notes.logins(prefix: prefix, limit: limit, db)
        var seen = Set<String>()
        let merged = (users + notes).filter { seen.insert($0.lowercased()).inserted }
        return Array(merged.sorted { $0.lowercased() < $1.lowercased() }.prefix(limit))
    }
}
