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

    /// The page sizes GitHub's `per_page` accepts: 1 to 100.
    public static let pageSizes = 1...100
    /// The page size asked for when none was derived yet: GitHub's default, 30.
    public static let defaultPageSize = 30

    /// `size` within ``pageSizes``: what is stored as the page size.
    public static func clampedPageSize(_ size: Int) -> Int {
        min(max(size, pageSizes.lowerBound), pageSizes.upperBound)
    }

    /// The `per_page` of the next request: `nil` for the very first page (the server's size
    /// becomes the page size), else the stored size, or ``defaultPageSize``.
    public var nextPerPage: Int? {
        cursor == nil && pageSize == nil ? nil : pageSize ?? Self.defaultPageSize
    }
}
