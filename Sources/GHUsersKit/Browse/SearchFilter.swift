/// The search of `browse`, from `/` until Esc: the query line and what the list showed before,
/// as in fzf. Each edit replaces the list with the local search's matches, read in windows,
/// after a short pause in the typing (``BrowserModel/searchDebounce``).
public struct SearchFilter: Sendable {
    /// The full list as it was when `/` was pressed: Esc puts it back, cursor included.
    public struct SavedList: Sendable {
        public var window: [UserDetails]
        public var windowStart: Int
        public var cursor: Int
        public var top: Int
        public var total: Int?
    }

    /// The query as typed.
    public var query = ""
    /// Whether the query line has the keys (typing edits it); `false` after Enter, when list
    /// keys work on the matches.
    public var editing = true
    /// Bumped by each edit: a debounce timer or a read for an older query is stale.
    public var generation = 0
    /// The query whose matches the list shows (empty: the full list).
    public var shown = ""
    /// Every match of ``shown`` has been read: the list's length is known.
    public var complete = false
    public var saved: SavedList

    /// A search over the list `saved` was showing.
    public init(saved: SavedList) {
        self.saved = saved
    }
}
