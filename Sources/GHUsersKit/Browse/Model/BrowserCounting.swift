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
    /// The selection's index when reaching the end last asked for a page: the selection must
    /// move for the next (one page per arrival; a page that lands is not an arrival).
    package var askedAt: Int?
    /// The fetch under way was asked with `n`: its page is announced when it lands.
    package var askedByKey = false

    /// Whether reaching the end of the list at `index` may fetch the next page by itself: the
    /// walk leads, no fetch is under way, and the selection arrived there since the last ask.
    package func fetchesOnArrival(at index: Int) -> Bool {
        walkLeads == true && paging == .idle && askedAt != index
    }

    /// A failed page fetch is forgotten: the next page may be fetched again, on the spot.
    package mutating func forgetPageFailure() {
        if case .failed = paging {
            paging = .idle
            askedAt = nil
        }
    }
}
