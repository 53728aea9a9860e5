/// What happened: input, a new size, or an effect's result. ``BrowserModel/update(_:)`` takes
/// one at a time.
public enum BrowserMessage: Sendable {
    /// Keys decoded from one read, at a monotonic time in seconds.
    case keys([KeyEvent], at: Double)
    case resized(columns: Int, rows: Int)
    /// A window read came back: its users and the index of the first.
    case windowLoaded(WindowRequest, start: Int, users: [UserDetails])
    case windowFailed(String)
    /// Counting the cached users failed.
    case countFailed(String)
    /// The number of cached users, the page size and the last known rate limit.
    case counted(Int, pageSize: Int?, rateLimit: RateLimit?, endReached: Bool)
    /// The next page was fetched and saved.
    case pageFetched(users: [UserDetails], reachedEnd: Bool, isFirst: Bool, rateLimit: RateLimit?)
    case pageFailed(String)
    case avatarDrawn(Int64, AvatarCells)
    case avatarFailed(Int64)
    /// The scroll-pause timer fired, at a monotonic time in seconds.
    case scrollPaused(at: Double)
}

/// Work for the runtime: reads, requests, timers, terminal hand-over. Results come back as
/// ``BrowserMessage``s.
public enum BrowserEffect: Hashable, Sendable {
    case loadWindow(WindowRequest)
    case count
    case fetchPage
    /// Load and draw an avatar; lower `priority` first (visible rows nearest the cursor, then
    /// prefetch).
    case loadAvatar(id: Int64, url: String, position: Int, priority: Int)
    case cancelAvatar(Int64)
    /// Send ``BrowserMessage/scrollPaused(at:)`` after `seconds`.
    case pauseTimer(seconds: Double)
    /// Clear and repaint everything (Ctrl-L, after a suspend).
    case repaint
    case suspend
    case quit
}
