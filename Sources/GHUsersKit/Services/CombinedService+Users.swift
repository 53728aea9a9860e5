// MARK: - Cached users

extension CombinedService {
    /// Streams cached users in id order (see ``StoreService/Users/List``).
    public func list(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails) throws -> Void) throws {
        try StoreService.Users.List(database: database)(after: after, limit: limit, each)
    }

    /// Streams the cached users after `after` with their cached profiles (`list --json`).
    public func listWithProfiles(after: Int64 = 0, limit: Int? = nil, _ each: (UserDetails, CachedProfile?) throws -> Void) throws {
        try StoreService.Users.List(database: database).withProfiles(after: after, limit: limit, each)
    }

    /// Streams local search results, each user with its cached profile (`search --json`).
    public func searchWithProfiles(_ query: String, _ each: (SearchResult, CachedProfile?) throws -> Void) throws {
        try StoreService.Users.Search(database: database).withProfiles(query, each)
    }

    /// Streams local search results (see ``StoreService/Users/Search``).
    public func search(_ query: String, _ each: (SearchResult) throws -> Void) throws {
        try StoreService.Users.Search(database: database)(query, each)
    }

    /// How many cached users have no cached profile, which no profile qualifier can match
    /// (``StoreService/Users/Qualified/withoutProfile()``).
    public func usersWithoutProfile() throws -> Int {
        try StoreService.Users.Qualified(database: database).withoutProfile()
    }

    /// How many cached profiles each count qualifier of `query` cannot see, its count unknown
    /// (``StoreService/Users/Qualified/unknownCounts(_:)``).
    public func unknownCounts(_ query: SearchQuery) throws -> [(field: Profile.Field, profiles: Int)] {
        try StoreService.Users.Qualified(database: database).unknownCounts(query)
    }

    /// How many cached users have an id at most `id`: `rank(through: after) + 1` is the position
    /// of the first user of `list --after`.
    public func rank(through id: Int64) throws -> Int {
        try StoreService.Users.Rank(database: database)(through: id)
    }

    /// The rank of each of `ids` (see ``rank(through:)``): for rows that do not follow each
    /// other, one walk over the ids up to the largest instead of one count per row.
    public func ranks(of ids: [Int64]) throws -> [Int64: Int] {
        try StoreService.Users.Rank(database: database)(of: ids)
    }
}

extension CombinedService {
    /// Cached logins and logins with notes that start with `prefix`, for shell completion (see
    /// ``StoreService/Users/Logins``).
    public func logins(prefix: String, limit: Int = 200) throws -> [String] {
        try StoreService.Users.Logins(database: database)(prefix: prefix, limit: limit)
    }
}
