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

    /// A failed page fetch is forgotten: the next page may be fetched again.
    package mutating func forgetPageFailure() {
        if case .failed = paging { paging = .idle }
    }
}
