/// What a key does in `ghusers browse`, whatever key it is: ``BrowserKeymap`` binds keys to
/// actions, ``BrowserModel`` carries them out.
package enum BrowserAction: Hashable, Sendable, CaseIterable {
    /// The next / previous user.
    case next, previous
    /// A line down / up: the next user, or a line of cards in the grid.
    case lineDown, lineUp
    /// Left / right in the grid.
    case left, right
    /// A screen down / up.
    case pageDown, pageUp
    /// The first / last cached user.
    case first, last
    /// The profile pane a line down / up.
    case paneDown, paneUp
    /// Open the profile pane.
    case open
    /// Close the pane, or leave the search.
    case back
    /// Close the pane, or quit.
    case closeOrQuit
    /// Quit at once.
    case quit
    case search
    case editNote
    case deleteNote
    case openPage
    /// Retry the network and failed thumbnails now.
    case retry
    /// Fetch one page of GitHub's users list (``BrowserModel/fetchNextPage()``).
    case nextPage
    case redraw
    case help
    case suspend
}
