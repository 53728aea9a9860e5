import Synchronization

/// The users of recent search windows, by id, so that a keystroke whose matches the
/// ``SearchIndex`` knows at once (a backspace, a query narrowing a few hundred matches) is
/// answered on `browse`'s loop, in the key's own frame, without a read of SQLite; and the
/// first users by id (``keepFirst(_:readSince:)``): matches are in id order, so a query whose
/// matches are dense among the lowest ids (a few percent of the users or more) shows them on
/// its first screen, its exact login aside.
///
/// Recent users are two generations of at most ``limit`` users each (a used user moves to the
/// newer one, the older one is dropped whole when the newer is full): at most 2,048 users. The
/// first users are kept apart, never pushed out by recent ones. Emptied at the changes `browse`
/// makes or hears of (``removeAll()``): its own note saves, pages, profiles and seen marks
/// (when marked and once written), and every change the database watcher sees, other
/// processes' included (within its 250 ms poll). Thread-safe.
final class UserCache: Sendable {
    /// How many users each generation holds at most.
    static let limit = 1024

    private struct Generations: Sendable {
        var newer: [Int64: UserDetails] = [:]
        var older: [Int64: UserDetails] = [:]
        var first: [Int64: UserDetails] = [:]
        /// How many times the cache was emptied: users read before that are not kept.
        var epoch = 0

        /// Whether user `id` is cached, recent or first.
        func holds(_ id: Int64) -> Bool {
            newer[id] != nil || older[id] != nil || first[id] != nil
        }

        mutating func keep(_ user: UserDetails) {
            if newer.count >= UserCache.limit {
                older = newer
                newer = [:]
            }
            newer[user.user.id] = user
        }
    }

    private let state = Mutex(Generations())

    /// The users with ids `ids`, in that order, if every one of them is cached; `nil` if one
    /// is not (then SQLite is asked for the window).
    func users(_ ids: [Int64]) -> [UserDetails]? {
        state.withLock { state in
            var found: [UserDetails] = []
            found.reserveCapacity(ids.count)
            var used: [UserDetails] = []  // in the older generation: moved to the newer after
            for id in ids {
                if let user = state.newer[id] {
                    found.append(user)
                } else if let user = state.older[id] {
                    used.append(user)
                    found.append(user)
                } else if let user = state.first[id] {
                    found.append(user)
                } else {
                    return nil
                }
            }
            used.forEach { state.keep($0) }
            return found
        }
    }

    /// Which of `ids` are not cached, in order.
    func missing(_ ids: [Int64]) -> [Int64] {
        state.withLock { state in ids.filter { !state.holds($0) } }
    }

    /// What to give ``keep(_:readSince:)`` for users about to be read.
    var epoch: Int { state.withLock { $0.epoch } }

    /// Keeps `users`, read from SQLite after ``epoch`` was `epoch`: unless the cache has been
    /// emptied since (they may be from before the change that emptied it).
    func keep(_ users: [UserDetails], readSince epoch: Int) {
        state.withLock { state in
            guard state.epoch == epoch else { return }
            users.forEach { state.keep($0) }
        }
    }

    /// Keeps `users`, some of the first users by id, apart from recent ones: unless the cache
    /// has been emptied since `epoch` (``keep(_:readSince:)``).
    func keepFirst(_ users: [UserDetails], readSince epoch: Int) {
        state.withLock { state in
            guard state.epoch == epoch else { return }
            for user in users { state.first[user.user.id] = user }
        }
    }

    /// Forgets every user: the database changed. Returns the new epoch, and what was kept,
    /// to be let go of by the caller where it costs nothing (up to 6,144 users, each with a
    /// few strings: not on `browse`'s loop, nor under the lock).
    @discardableResult
    func removeAll() -> (epoch: Int, forgotten: any Sendable) {
        state.withLock { state in
            let forgotten = state
            state = Generations(epoch: state.epoch + 1)
            return (state.epoch, forgotten)
        }
    }

    /// How many users are cached.
    var count: Int {
        state.withLock { $0.newer.count + $0.older.count + $0.first.count }
    }
}
