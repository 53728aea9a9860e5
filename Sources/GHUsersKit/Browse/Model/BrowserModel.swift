import Foundation

/// Everything `ghusers browse` shows, as a value, in the parts of the screen: the list's
/// ``window`` (users, selection, scroll), its ``counting`` (length, paging), the ``avatars``,
/// the ``network`` (banner, rate limit), the profile ``pane``, the ``search``, and the help,
/// question and notice over them. ``update(_:)`` changes it and says which effects to run;
/// ``BrowserView`` draws it. Neither does any I/O.
package struct BrowserModel: Sendable {
    /// A question waiting for y or n.
    package enum Confirmation: Hashable, Sendable {
        /// Delete the note on `login`, which is `base`.
        case deleteNote(login: String, base: String?)
        /// The note on `login` changed while it was being edited: keep `mine` (kept in the
        /// file `draft` meanwhile), keep `theirs`, or edit both.
        case noteConflict(login: String, mine: String, theirs: String?, draft: String?)
    }

    /// What the editor has (or is about to have) the terminal for.
    package enum Editing: Hashable, Sendable {
        /// A note (`e`).
        case note
        /// Both texts of `conflict` (`b`): the question is asked again if nothing is saved.
        case conflict(Confirmation)
    }

    /// The terminal's size in cells.
    package var columns: Int
    package var rows: Int
    /// The users read, the selection and the first line on screen.
    package var window = BrowserWindow()
    /// The list's length, GitHub's page size and the next page's fetch.
    package var counting = BrowserCounting()
    /// The thumbnails: each row's state and the counters.
    package var avatars: BrowserAvatars
    /// The connection to the GitHub API and the rate limit.
    package var network: BrowserNetwork
    /// The profile pane (Enter).
    package var pane = BrowserPane()
    /// The search filter, from `/` until Esc.
    package var search: BrowserSearchLine?
    /// The help is drawn over the list; it takes the next key.
    package var showsHelp = false
    /// A y/n question in the footer; it takes the next key.
    package var confirmation: Confirmation?
    /// The editor has (or is about to have) the terminal: a second `e` waits for it.
    package var editing: Editing?
    /// A one-off line for the status bar (the welcome, the end of the list).
    package var notice: String?
    /// Counts the notices shown, so that a newer one outlives the older one's timer.
    package var noticeGeneration = 0
    package var quitting = false
    /// The time the frame is drawn for (ages such as "fetched 3 minutes ago"): set by the
    /// runtime before each frame, so that the view is a function of the model alone.
    package var wallClock = Date()

    /// Keys closer together than this (seconds) count as fast scrolling.
    package static let fastScrollInterval = 0.08
    /// The window is cut back to this many users around the cursor.
    package static let windowLimit = 1_200
    /// Users read per window request.
    package static let chunk = 200

    /// A model for a terminal of `columns` × `rows`.
    package init(columns: Int, rows: Int, offline: Bool, avatarsEnabled: Bool) {
        self.columns = columns
        self.rows = rows
        network = BrowserNetwork(offline: offline)
        avatars = BrowserAvatars(enabled: avatarsEnabled)
    }

    /// The row layout for the list's width: one user per entry below 96 columns, cards above.
    package var layout: AvatarListRenderer.Layout {
        AvatarListRenderer.layout(columns: listColumns)
    }

    /// Whether the profile pane sits beside the list (96 columns or more) rather than over it.
    package var paneBeside: Bool { pane.isOpen && columns >= AvatarListRenderer.gridMinimumColumns }
    /// Whether the profile pane takes the whole screen (below 96 columns): no list is drawn.
    package var paneCovers: Bool { pane.isOpen && !paneBeside }
    /// The profile pane's width: two fifths of the screen beside the list (44 to 64 columns).
    package var paneWidth: Int { paneBeside ? min(64, max(44, columns * 2 / 5)) : columns }
    /// The list's width: the screen, less the pane and its border when the pane is beside it.
    package var listColumns: Int { paneBeside ? columns - paneWidth - 1 : columns }
    /// Whether the list shows a search's matches rather than every cached user.
    package var isFiltering: Bool { !(search?.shown.isEmpty ?? true) }
    /// The selected user, if in the window.
    package var selected: UserDetails? { window.user(at: window.cursor) }

    /// Users per line of entries: the grid's cards (three or more), or 1.
    package var perLine: Int { AvatarListRenderer.cardsPerLine(columns: listColumns) }

    /// Terminal lines per line of entries: 3 for an entry, 9 for a line of cards and its gap.
    package var lineHeight: Int { layout == .grid ? 9 : 3 }

    /// Lines of the screen for the list (the status bar, the activity line and the footer take
    /// three).
    package var listHeight: Int { max(0, rows - 3) }

    /// Lines of entries that fit on screen (at least 1).
    package var visibleLines: Int { max(1, listHeight / lineHeight) }

    /// Users that fit on one screen.
    package var pageUsers: Int { visibleLines * perLine }

    /// The smallest terminal browse draws in: 40 × 12.
    package static let minimumColumns = 40
    package static let minimumRows = 12
    package var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    /// The users known to be cached: the counted total once counted; until then (a `COUNT`
    /// over a million rows takes longer than the first window read) the end of the window, so
    /// the first frame shows users before the count is in.
    package var knownUsers: Int { counting.total ?? window.end }

    /// Columns left of the grid's cards, which are centred (2 in the narrow layout: the
    /// selection marker).
    package var gutter: Int {
        guard layout == .grid else { return 2 }
        return max(0, (listColumns - (perLine * cardWidth + 2 * (perLine - 1))) / 2)
    }

    /// The width of a card in the grid (as ``AvatarListRenderer`` lays it out).
    package var cardWidth: Int { AvatarListRenderer.cardWidth(columns: listColumns) }

    /// The indices of users on screen.
    package var visibleRange: Range<Int> {
        let first = window.top * perLine
        return first..<min(knownUsers, first + pageUsers)
    }
}
