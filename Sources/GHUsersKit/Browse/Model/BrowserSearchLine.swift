/// The search of `browse`, from `/` until Esc: the query line and what the list showed before,
/// as in fzf. Each edit replaces the list with the local search's matches at once, read in
/// windows (from ``SearchIndex`` once it is loaded, else from SQLite).
public struct BrowserSearchLine: Sendable {
    /// The query as typed.
    public var query = ""
    /// Whether the query line has the keys; `false` after Enter, when list keys work on the matches.
    public var editing = true
    /// What is wrong with the query as typed, which the query line says: the list keeps the
    /// matches of the last query without a problem.
    public var problem: String?
    /// The query whose matches the list shows (empty: the full list).
    public var shown = ""
    /// Every match of ``shown`` has been read: the list's length is known.
    public var complete = false
    /// The full list as it was when `/` was pressed, and how many users are cached (kept up
    /// to date while the search shows): Esc puts them back, selection included.
    public var saved: BrowserWindow
    public var savedTotal: Int?

    /// A search over the list `saved` was showing, of `total` users.
    public init(saved: BrowserWindow, total: Int?) {
        (self.saved, savedTotal) = (saved, total)
    }
}
