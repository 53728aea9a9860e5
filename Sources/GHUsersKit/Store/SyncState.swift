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
    /// The last rate limit of the REST API (`core`) reported; the others are in
    /// ``CombinedService/Status/rateLimits``.
    public var rateLimit: RateLimit?
    /// Where the last `refresh` stopped before the cursor (the rate limit, `--pages`): the next
    /// one starts there; `nil` when it went through.
    public var refreshSince: Int64?

    /// The page sizes GitHub's `per_page` accepts: 1 to 100.
    public static let pageSizes = 1...100
    /// What is asked for until the page size is known: GitHub's largest page, 100 ("List
    /// users": `per_page` "The number of results per page (max 100)", default 30). Asking the
    /// default would spend 70 % more of the rate limit for the same users.
    public static let largestPageSize = 100

    /// `size` within ``pageSizes``: what is stored as the page size.
    public static func clampedPageSize(_ size: Int) -> Int {
        min(max(size, pageSizes.lowerBound), pageSizes.upperBound)
    }

    /// The `per_page` of the next request, `next-page`, `refresh` and `browse` alike: the page
    /// size once known, else ``largestPageSize``.
    public var nextPerPage: Int {
        pageSize ?? Self.largestPageSize
    }

    /// Whether the next page of `GET /users` lands after every cached user: the list walk's
    /// cursor is at or past `lastCachedID`, the highest cached id (`nil`: nothing cached).
    /// Not so on a home that searches filled: their accounts lie anywhere among GitHub's ids,
    /// and the walk, from id 1 or wherever it stopped, is behind them.
    public func walkLeads(lastCachedID: Int64?) -> Bool {
        (cursor ?? 0) >= (lastCachedID ?? 0)
    }

    /// The page size that saving `page` sets, the one rule for it: the item count of the first
    /// full batch, one that more users follow (`rel="next"`), while none is stored. A batch
    /// cut short because the list ended says nothing of the server's page size, and a stored
    /// size never changes.
    public func pageSize(settingFrom page: UsersPage) -> Int? {
        guard pageSize == nil, page.hasNext, page.itemCount > 0 else { return nil }
        return Self.clampedPageSize(page.itemCount)
    }
}
