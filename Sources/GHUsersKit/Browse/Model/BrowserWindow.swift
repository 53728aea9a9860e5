/// The part of the list `browse` holds and shows: a contiguous window of cached users (never
/// the whole table: at most ``BrowserModel/windowLimit``), the selection, the first line on
/// screen, the window read in flight and the way the selection moves.
public struct BrowserWindow: Sendable {
    /// The users read, `users[0]` at index ``start`` of the list.
    public var users: [UserDetails] = []
    /// The index in the list of `users[0]`.
    public var start = 0
    /// The window read in flight, if any (one at a time).
    public var request: WindowRequest?
    /// A window read failed: no new one until the next key (no busy loop on a broken file).
    public var blocked = false
    /// The database changed while a window read was in flight: read the window again after it.
    public var reloadPending = false
    /// The window read in flight is a reload: the selection stays on its user.
    public var reloading = false
    /// The selected user's index in the whole list.
    public var cursor = 0
    /// The first line of entries on screen (an entry in the narrow layout, a line of three
    /// cards in the grid).
    public var top = 0
    /// +1 when the last move went down, -1 up: prefetch looks that way.
    public var direction = 1
    /// Keys came faster than ``BrowserModel/fastScrollInterval``: only visible rows get avatars.
    public var fastScrolling = false
    /// When the last key came, in seconds since the runtime started (`nil`: none yet).
    public var lastKeyAt: Double?

    /// Shows other users (a search's matches, or the full list again) with the selection and
    /// the first line at `cursor` and `top`: no read in flight any more, none blocked.
    public mutating func replace(with users: [UserDetails], start: Int, cursor: Int, top: Int) {
        self.users = users
        self.start = start
        self.cursor = cursor
        self.top = top
        request = nil
        blocked = false
        reloading = false
    }

    /// The index just past the last user read.
    public var end: Int { start + users.count }

    /// The cached user at `index` of the list, if it is in the window.
    public func user(at index: Int) -> UserDetails? {
        let offset = index - start
        return offset >= 0 && offset < users.count ? users[offset] : nil
    }

    /// The user `id`, if in the window.
    public func user(withID id: Int64) -> UserDetails? {
        users.first { $0.user.id == id }
    }

    /// Where the user `id` is in ``users``, if there.
    public func offset(of id: Int64) -> Int? {
        users.firstIndex { $0.user.id == id }
    }
}
