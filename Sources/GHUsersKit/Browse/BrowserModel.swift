import Foundation

/// Everything `ghusers browse` shows, as a value: a window of the cached users (never the whole
/// table), the selection, what is loading, and the terminal's size. ``update(_:)`` changes it
/// and says which effects to run; ``BrowserView`` draws it. Neither does any I/O.
public struct BrowserModel: Sendable {
    /// The state of fetching the next page from GitHub.
    public enum Paging: Hashable, Sendable {
        case idle
        case loading
        case failed(String)
        /// GitHub's list has no users after the last cached one.
        case ended
    }

    /// An avatar's state: asked for, drawn (cells for both layouts), or failed: that row's
    /// state, marked on its thumbnail, never the screen's (`retryable`: asked again on `r` and
    /// after ``avatarRetryDelay``).
    public enum AvatarSlot: Sendable {
        case loading
        case drawn(AvatarCells)
        case failed(retryable: Bool)
    }

    /// Whether the GitHub API can be reached, as far as the browser knows: only requests to
    /// the API root (pages, profiles) are evidence; avatars, on their own hosts, are not.
    public enum Connection: Hashable, Sendable {
        case online
        /// API requests fail for want of a network (`reason`: DNS, refused, timeout); the
        /// browser tries again on the retry schedule and recovers by itself.
        case down(reason: String)
        /// A rate limit: no API request until `until`.
        case rateLimited(until: Date)
    }

    /// A question waiting for y or n.
    public enum Confirmation: Hashable, Sendable {
        /// Delete the note on `login`, which is `base`.
        case deleteNote(login: String, base: String?)
        /// The note on `login` changed while it was being edited: keep `mine` (kept in the
        /// file `draft` meanwhile), keep `theirs`, or edit both.
        case noteConflict(login: String, mine: String, theirs: String?, draft: String?)
    }

    /// The terminal's size in cells.
    public var columns: Int
    public var rows: Int
    /// How many users are cached (`nil` until counted).
    public var total: Int?
    /// A contiguous window of cached users, `window[0]` at index ``windowStart`` of the list.
    public var window: [UserDetails] = []
    public var windowStart = 0
    /// The window read in flight, if any (one at a time).
    public var windowRequest: WindowRequest?
    /// A window read failed: no new one until the next key (no busy loop on a broken file).
    public var windowBlocked = false
    /// The selected user's index in the whole list.
    public var cursor = 0
    /// The first line of entries on screen (an entry in the narrow layout, a line of three
    /// cards in the grid).
    public var top = 0
    public var paging = Paging.idle
    public var pageSize: Int?
    public var rateLimit: RateLimit?
    public var offline: Bool
    /// Whether avatars are drawn at all.
    public var avatarsEnabled: Bool
    public var avatars: [Int64: AvatarSlot] = [:]
    public var avatarsDone = 0
    public var avatarsFailed = 0
    /// +1 when the last move went down, -1 up: prefetch looks that way.
    public var direction = 1
    /// Keys came faster than ``fastScrollInterval``: only visible rows get avatars.
    public var fastScrolling = false
    public var lastKeyAt: Double = -1
    public var showsHelp = false
    /// The profile pane, when open (Enter).
    public var pane: ProfilePane?
    /// Counts panes opened or moved: each gets its own generation.
    public var paneGeneration = 0
    /// The search filter, from `/` until Esc.
    public var search: SearchFilter?
    /// The editor has (or is about to have) the terminal: a second `e` waits for it.
    public var editingNote = false
    /// A y/n question in the footer; it takes the next key.
    public var confirmation: Confirmation?
    /// The conflict whose both texts are in the editor (`b`): asked again if nothing is saved.
    public var conflictInEditor: Confirmation?
    public var connection = Connection.online
    /// Retries since the network went down (the delay grows with it) and the generation of the
    /// retry timer (an older timer is stale).
    public var retryAttempt = 0
    public var retryGeneration = 0
    /// The generation of the timer that asks again for failed thumbnails, and whether one is
    /// set.
    public var avatarRetryGeneration = 0
    public var avatarRetryPending = false
    /// The database changed while a window read was in flight: read the window again after it.
    public var reloadPending = false
    /// The window read in flight is a reload: the selection stays on its user.
    public var reloading = false
    /// A count is in flight; `countAgain`: the database changed since it started.
    public var counting = false
    public var countAgain = false
    /// A one-off line for the status bar (the welcome, the end of the list).
    public var notice: String?
    public var endAnnounced = false
    public var quitting = false
    /// The time the frame is drawn for (ages such as "fetched 3 minutes ago"): set by the
    /// runtime before each frame, so that the view is a function of the model alone.
    public var wallClock = Date()

    /// Keys closer together than this (seconds) count as fast scrolling.
    public static let fastScrollInterval = 0.08
    /// The window is cut back to this many users around the cursor.
    public static let windowLimit = 1_200
    /// Users read per window request.
    public static let chunk = 200

    /// A model for a terminal of `columns` × `rows`.
    public init(columns: Int, rows: Int, offline: Bool, avatarsEnabled: Bool) {
        self.columns = columns
        self.rows = rows
        self.offline = offline
        self.avatarsEnabled = avatarsEnabled
    }

    /// The row layout for the list's width: one user per entry below 96 columns, cards above.
    public var layout: AvatarListRenderer.Layout {
        AvatarListRenderer.layout(columns: listColumns)
    }

    /// Whether the profile pane sits beside the list (96 columns or more) rather than over it.
    public var paneBeside: Bool { pane != nil && columns >= AvatarListRenderer.gridMinimumColumns }
    /// Whether the profile pane takes the whole screen (below 96 columns): no list is drawn.
    public var paneCovers: Bool { pane != nil && !paneBeside }
    /// The profile pane's width: two fifths of the screen beside the list (44 to 64 columns).
    public var paneWidth: Int { paneBeside ? min(64, max(44, columns * 2 / 5)) : columns }
    /// The list's width: the screen, less the pane and its border when the pane is beside it.
    public var listColumns: Int { paneBeside ? columns - paneWidth - 1 : columns }
    /// Whether the list shows a search's matches rather than every cached user.
    public var isFiltering: Bool { !(search?.shown.isEmpty ?? true) }
    /// The selected user, if in the window.
    public var selected: UserDetails? { user(at: cursor) }

    /// Users per line of entries: 3 cards, or 1.
    public var perLine: Int { layout == .grid ? 3 : 1 }

    /// Terminal lines per line of entries: 3 for an entry, 9 for a line of cards and its gap.
    public var lineHeight: Int { layout == .grid ? 9 : 3 }

    /// Lines of the screen for the list (the status bar, the activity line and the footer take
    /// three).
    public var listHeight: Int { max(0, rows - 3) }

    /// Lines of entries that fit on screen (at least 1).
    public var visibleLines: Int { max(1, listHeight / lineHeight) }

    /// Users that fit on one screen.
    public var pageUsers: Int { visibleLines * perLine }

    /// The smallest terminal browse draws in: 40 × 12.
    public static let minimumColumns = 40
    public static let minimumRows = 12
    public var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    /// The users known to be cached: ``total`` once counted; until then (a `COUNT` over a
    /// million rows takes longer than the first window read) the end of the window, so the
    /// first frame shows users before the count is in.
    public var knownUsers: Int { total ?? windowStart + window.count }

    /// The cached user at `index`, if it is in the window.
    public func user(at index: Int) -> UserDetails? {
        let offset = index - windowStart
        return offset >= 0 && offset < window.count ? window[offset] : nil
    }

    /// Columns left of the grid's cards, which are centred (2 in the narrow layout: the
    /// selection marker).
    public var gutter: Int {
        guard layout == .grid else { return 2 }
        return max(0, (listColumns - (3 * cardWidth + 4)) / 2)
    }

    /// The width of a card in the grid (as ``AvatarListRenderer`` lays it out).
    public var cardWidth: Int { AvatarListRenderer.cardWidth(columns: listColumns) }

    /// The indices of users on screen.
    public var visibleRange: Range<Int> {
        let first = top * perLine
        return first..<min(knownUsers, first + pageUsers)
    }
}

/// A read of users for the window.
public enum WindowRequest: Hashable, Sendable {
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
    /// `count` matches of `query` after the match `id` (`nil`: from the first; `0`: after the
    /// exact login), whose index is `index` (-1 before the first).
    case searchAfter(query: String, id: Int64?, index: Int, count: Int)
    /// `count` matches of `query` before the match `id`, whose index is `index`.
    case searchBefore(query: String, id: Int64, index: Int, count: Int)

    /// Whether the read is of a search's matches.
    public var isSearch: Bool {
        switch self {
        case .searchAfter, .searchBefore: true
        default: false
        }
    }
}

/// An avatar drawn for both layouts (6 × 3 and 12 × 6 cells), inverted or not by position.
public struct AvatarCells: Sendable {
    public var small: CellGrid
    public var large: CellGrid

    /// Creates the pair.
    public init(small: CellGrid, large: CellGrid) {
        self.small = small
        self.large = large
    }
}
