/// The search of `browse`, from `/` until Esc: the query line and what the list showed before,
/// as in fzf. Each edit replaces the list with the local search's matches at once, read in
/// windows (from ``SearchIndex`` once it is loaded, else from SQLite).
package struct BrowserSearchLine: Sendable {
    /// The query as typed.
    package var query = ""
    /// Whether the query line has the keys; `false` after Enter, when list keys work on the matches.
    package var editing = true
    /// What is wrong with the query as typed, which the query line says: the list keeps the
    /// matches of the last query without a problem.
    package var problem: String?
    /// The query whose matches the list shows (empty: the full list).
    package var shown = ""
    /// Every match of ``shown`` has been read: the list's length is known.
    package var complete = false
    /// GitHub's search of ``online``'s query (^O), and how it stands in words, shown in the
    /// status line while the search shows.
    package var online: (query: String, status: String, running: Bool)?
    /// The full list as it was when `/` was pressed, and how many users are cached (kept up
    /// to date while the search shows): Esc puts them back, selection included.
    package var saved: BrowserWindow
    package var savedTotal: Int?

    /// A search over the list `saved` was showing, of `total` users.
    package init(saved: BrowserWindow, total: Int?) {
        (self.saved, savedTotal) = (saved, total)
    }
}
