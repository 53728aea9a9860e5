/// A read of users for the window.
package enum WindowRequest: Hashable, Sendable {
    /// The first `count` users.
    case first(count: Int)
    /// `count` users after the user `id`, whose index is `index`.
    case after(id: Int64, index: Int, count: Int)
    /// `count` users before the user `id`, whose index is `index`.
    case before(id: Int64, index: Int, count: Int)
    /// The last `count` users.
    case last(count: Int)
    /// The window again from the user `id` on (`count` users from index `start`): the database
    /// changed.
    case reload(id: Int64, start: Int, count: Int)
    /// About `count` users around the user `id`, wherever it stands in the list (Esc after a
    /// kept search: the list again, on the match that was selected).
    case around(id: Int64, count: Int)
    /// `count` matches of `query` after the match `id` (`nil`: from the first; `0`: after the
    /// exact login), whose index is `index` (-1 before the first).
    case searchAfter(query: String, id: Int64?, index: Int, count: Int)
    /// `count` matches of `query` before the match `id`, whose index is `index`.
    case searchBefore(query: String, id: Int64, index: Int, count: Int)

    /// Whether the read is of a search's matches.
    package var isSearch: Bool {
        switch self {
        case .searchAfter, .searchBefore: true
        default: false
        }
    }
}
