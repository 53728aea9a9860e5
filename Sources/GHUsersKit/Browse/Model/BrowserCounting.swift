/// How long the list is and how it grows, as the status bar and the list's last row show it:
/// the count of cached users, GitHub's page size, and the fetch of the next page.
package struct BrowserCounting: Sendable {
    /// The state of fetching the next page from GitHub.
    package enum Paging: Hashable, Sendable {
        case idle
        case loading
        case failed(String)
        /// GitHub's list has no users after the last cached one.
        case ended
    }

    /// The count of the cache: at most one in flight, and one more after it when the database
    /// changed meanwhile (a count of a million rows takes longer than the watcher's interval;
    /// counts never queue up).
    package enum Count: Hashable, Sendable {
        /// No count is running.
        case idle
        /// A count is running.
        case running
        /// A count is running and the database changed since it started: one more after it.
        case runningThenAgain
    }

    /// How many users the list holds: the cached users, or a search's matches (`nil` until
    /// counted).
    package var total: Int?
    /// The count in flight, if any.
    package var count = Count.idle
    /// Users per page of GitHub's list, as the store keeps it (`nil` until known).
    package var pageSize: Int?
    /// The next page's fetch.
    package var paging = Paging.idle
    /// The end of GitHub's list has been said in the status line (it is said once).
    package var endAnnounced = false
    /// Whether a page of GitHub's list lands after the last cached user: nothing is cached, or
    /// the list walk (`next-page`, browse) holds the highest cached id (``SyncState/walkLeads(lastCachedID:)``).
    /// `nil` until counted. Where it does not (searches cached accounts beyond the walk), reaching
    /// the end fetches nothing: `n` fetches a page, which lands above the selection.
    package var walkLeads: Bool?
    /// The selected user's id (0 on an empty list) when a page was last asked: reaching the
    /// end asks again only once the selection has moved down past that user (one page per
    /// arrival: a page that lands, above or below, moves no selection, and neither does `k`).
    package var askedAt: Int64?
    /// The page asked last was asked with `n`: it is announced when it lands, and asked again
    /// when its failure is forgotten (`r`, the network back, a rate limit over).
    package var askedByKey = false

    /// Whether reaching the end of the list with the user `id` selected (0: none) may fetch
    /// the next page by itself: the walk leads, no fetch is under way, and the selection
    /// arrived there, past where the last page was asked.
    package func fetchesOnArrival(at id: Int64) -> Bool {
        walkLeads == true && paging == .idle && askedAt.map { id > $0 } ?? true
    }

    /// A failed page fetch is forgotten: the next page may be fetched again, on the spot.
    package mutating func forgetPageFailure() {
        if case .failed = paging {
            paging = .idle
            askedAt = nil
        }
    }
}
