import Foundation

/// What happened: input, a new size, a timer, or an effect's result.
/// ``BrowserModel/update(_:)`` takes one at a time.
package enum BrowserMessage: Sendable {
    /// Keys decoded from one read, at a monotonic time in seconds.
    case keys([KeyEvent], at: Double)
    case resized(columns: Int, rows: Int)
    /// A timer set by ``BrowserEffect/timer(_:seconds:)`` fired, at a monotonic time in seconds.
    case timerFired(BrowserTimer, at: Double)
    /// A window read came back: its users and the index of the first.
    case windowLoaded(WindowRequest, start: Int, users: [UserDetails])
    /// The search index counted every match of a query (before or with its first window).
    case searchCounted(query: String, total: Int)
    /// A window read failed, with the reason.
    case windowFailed(WindowRequest, String)
    /// Counting the cached users failed.
    case countFailed(String)
    /// The number of cached users, the page size, the last known rate limit, whether the list
    /// walk found the end of GitHub's list, and whether it leads (``BrowserCounting/walkLeads``).
    case counted(Int, pageSize: Int?, rateLimit: RateLimit?, endReached: Bool, walkLeads: Bool = true)
    /// The next page was fetched and saved.
    case pageFetched(users: [UserDetails], reachedEnd: Bool, isFirst: Bool, pageSize: Int?, rateLimit: RateLimit?)
    /// The next page failed, and what that means.
    case pageFailed(RequestFailure)
    /// An API request could not reach the API (`reason`: refused, name not resolved, no answer
    /// in time) and the retry controller tries it again.
    case networkTrouble(reason: String)
    case avatarDrawn(Int64, AvatarCells)
    /// `retryable`: worth another try later (the host did not answer, a 404 or 5xx), unlike an
    /// image refused for its size or content.
    case avatarFailed(Int64, retryable: Bool)
    /// Not on disk, in a session that stays off the network (`--offline`): not a failure.
    case avatarNotCached(Int64)
    /// The cached profile of the user `id`, or `nil` when none is cached.
    case profileCached(id: Int64, CachedProfile?)
    /// The profile of the user `id`, as ``CombinedService/profile(login:refresh:staleOnFailure:now:)`` got it.
    case profileFetched(id: Int64, ProfileDetails)
    /// Fetching the profile of the user `id` failed, and what that means.
    case profileFailed(id: Int64, RequestFailure)
    /// The pane's full-size avatar of the user `id`, drawn.
    case headerDrawn(id: Int64, CellGrid, picture: PanePicture? = nil)
    /// The editor started by ``BrowserEffect/editNote(login:draft:)`` is done; `base` is the
    /// note it was opened on (`nil`: none), which a save expects to find still.
    case noteEdited(login: String, NoteEdit, base: String?)
    /// The note on `login` changed between opening the editor and saving (see
    /// ``NoteConflict``): `mine` was not saved, `theirs` is the note now, and `draft` the file
    /// that keeps `mine` meanwhile.
    case noteConflict(login: String, mine: String, theirs: String?, draft: String?)
    /// The note on `login` was saved (`nil`: deleted).
    case noteSaved(login: String, text: String?)
    /// Saving or deleting a note failed, with the reason.
    case noteFailed(String)
    /// A line for the status bar (opening a page in the browser).
    case notice(String)
    /// Another connection (another process, or this one's page save) changed the database.
    case databaseChanged
    /// The search index is loaded: a search SQLite answered meanwhile (its count unfinished, as
    /// "224+") is asked again of the index, for its whole count.
    case searchIndexLoaded
    /// How GitHub's search of `query` (^O on the query line) stands, in words; `finished` once
    /// it ended (done, failed or offline).
    case onlineSearch(query: String, status: String, finished: Bool)
    /// The last known rate limit is used up until `until`: no API request before then.
    case rateLimitExhausted(until: Date)
}

/// What the editor hand-over came to.
package enum NoteEdit: Hashable, Sendable {
    /// The editor exited 0 with this text, which differs from the note.
    case changed(String)
    /// The editor exited 0 and the text is the note's (a trailing newline aside).
    case unchanged
    /// The editor exited 0 and left the file empty.
    case emptied
    /// The editor could not start or exited non-zero: nothing is saved.
    case failed(String)
}

/// The browser's timers, each with the generation it was set for (a timer of an older
/// generation is stale and does nothing).
package enum BrowserTimer: Hashable, Sendable {
    /// Keys may have stopped repeating: prefetch may resume.
    case scrollPause
    /// The profile pane's selection has rested.
    case rest(Int)
    /// Time to try the network again.
    case retry(Int)
    /// Time to ask again for the thumbnails that failed.
    case avatarRetry(Int)
    /// The notice of this generation has been read: the activity line goes back to counters.
    case noticeShown(Int)
}

/// Work for the runtime: reads, requests, timers, terminal hand-over. Results come back as
/// ``BrowserMessage``s.
package enum BrowserEffect: Hashable, Sendable {
    case loadWindow(WindowRequest)
    /// Stop a search read in flight (its query changed).
    case cancelSearch
    /// Ask GitHub's user search `query` and keep what it finds (``CombinedService/searchOnline(_:now:progress:)``),
    /// stopping one under way; what it keeps reaches the list as the database changes.
    case searchOnline(String)
    /// Stop GitHub's search under way (Esc); what it kept stays, and the query resumes.
    case cancelOnlineSearch
    case count
    case fetchPage
    /// Cut short the wait of a page fetch between retries and try it now (`r`).
    case retryPageNow
    /// Load and draw an avatar; lower `priority` first (visible rows nearest the cursor, then
    /// prefetch).
    case loadAvatar(id: Int64, url: String, position: Int, priority: Int)
    case cancelAvatar(Int64)
    /// The network is back: the avatar pipeline may use it again at once.
    case networkBack
    /// Read the cached profile of `login` (no network).
    case loadCachedProfile(id: Int64, login: String)
    /// The profile of `login` as `ghusers profile` gets it: cache first, revalidated when stale.
    case fetchProfile(id: Int64, login: String)
    /// Stop the profile fetch in flight, if any.
    case cancelProfile
    /// Load and draw the full-size avatar for the pane.
    case loadHeader(id: Int64, url: String)
    case markSeen(Int64)
    /// Hand the terminal to `$VISUAL`/`$EDITOR` on the note of `login` as the database has it,
    /// or, with `draft`, on the given text (both sides of a conflict).
    case editNote(login: String, draft: String? = nil)
    /// Save `text` as the note on `login` if the note is still `base` (`nil`: none); `draft`:
    /// the file that kept `text` after a conflict, removed once it is saved.
    case saveNote(login: String, text: String, base: String?, draft: String? = nil)
    /// Delete the note on `login` if it is still `base`.
    case deleteNote(login: String, base: String?)
    /// Open `url` in the desktop's browser.
    case openURL(String)
    /// Send ``BrowserMessage/timerFired(_:at:)`` after `seconds`.
    case timer(BrowserTimer, seconds: Double)
    /// Send ``BrowserMessage/timerFired(_:at:)`` at `date` (a rate limit's reset).
    case timerAt(BrowserTimer, date: Date)
    /// Clear and repaint everything (Ctrl-L, after a suspend).
    case repaint
    case suspend
    case quit
}
