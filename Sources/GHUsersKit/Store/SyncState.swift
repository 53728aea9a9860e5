import Foundation

/// Where pagination stands, and the last rate limit the API reported.
public struct SyncState: Sendable, Hashable {
    /// The page size derived from the first page, once known.
    public var pageSize: Int?
    /// The id of the last user the server returned: the next page's `since`.
    public var cursor: Int64?
    /// Whether the last `next-page` found the end of the list.
    public var endReached: Bool
    /// When a page was last saved.
    public var lastSyncAt: Date?
    /// Whether the one-time welcome was shown.
    public var welcomed: Bool
    /// The last rate limit reported.
    public var rateLimit: RateLimit?
}
