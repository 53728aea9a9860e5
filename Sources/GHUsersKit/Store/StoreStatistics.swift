import GRDB

/// Counts of what the cache holds, for `ghusers status`.
public struct StoreStatistics: Sendable, Hashable, Codable {
    public var users: Int
    public var profiles: Int
    public var notes: Int
    public var seen: Int
    public var pages: Int
}

extension StoreStatistics {
    /// The counts, each from its table's owner, inside the caller's transaction (one snapshot).
    init(_ db: Database) throws {
        self.init(
            users: try StoreService.Users.count(db), profiles: try StoreService.Profiles.count(db), notes: try StoreService.Notes.count(db),
            seen: try StoreService.Users.seenCount(db), pages: try StoreService.Sync.pageCount(db))
    }
}
