/// Counts of what the cache holds, for `ghusers status`.
public struct StoreStatistics: Sendable, Hashable, Codable {
    public var users: Int
    public var profiles: Int
    public var notes: Int
    public var seen: Int
    public var pages: Int
}
