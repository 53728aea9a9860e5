/// The part of the list `browse` holds and shows: a contiguous window of cached users (never
/// the whole table: at most ``BrowserModel/windowLimit``), the selection, the first line on
/// screen, the window read in flight and the way the selection moves.
package struct BrowserWindow: Sendable {
    /// The users read, `users[0]` at index ``start`` of the list.
    package var users: [UserDetails] = []
    /// The index in the list of `users[0]`.
    package var start = 0
    /// The window read in flight, if any (one at a time).
    package var request: WindowRequest?
    /// A window read failed: no new one until the next key (no busy loop on a broken file).
    package var blocked = false
    /// The database changed while a window read was in flight: read the window again after it.
    package var reloadPending = false
    /// The window read in flight is a reload: the selection stays on its user.
    package var reloading = false
    /// The selected user's index in the whole list.
    package var cursor = 0
    /// The first line of entries on screen (an entry in the narrow layout, a line of three
    /// cards in the grid).
    package var top = 0
    /// +1 when the last move went down, -1 up: prefetch looks that way.
    package var direction = 1
    /// Keys came faster than ``BrowserModel/fastScrollInterval``: only visible rows get avatars.
    package var fastScrolling = false
    /// When the last key came, in seconds since the runtime started (`nil`: none yet).
    package var lastKeyAt: Double?

    /// Shows other users (a search's matches, or the full list again) with the selection and
    /// the first line at `cursor` and `top`: no read in flight any more, none blocked.
    package mutating func replace(with users: [UserDetails], start: Int, cursor: Int, top: Int) {
        self.users = users
        self.start = start
        self.cursor = cursor
        self.top = top
        request = nil
        blocked = false
        reloading = false
    }

    /// The index just past the last user read.
    package var end: Int { start + users.count }

    /// The cached user at `index` of the list, if it is in the window.
    package func user(at index: Int) -> UserDetails? {
        let offset = index - start
        return offset >= 0 && offset < users.count ? users[offset] : nil
    }

    /// The user `id`, if in the window.
    package func user(withID id: Int64) -> UserDetails? {
        users.first { $0.user.id == id }
    }

    /// Where the user `id` is in ``users``, if there.
    package func offset(of id: Int64) -> Int? {
        users.firstIndex { $0.user.id == id }
    }
}
