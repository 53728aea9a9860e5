/// The thumbnails of `browse`, as the list and the activity line show them: each row's avatar
/// state, the counters ("done", "failed", "not cached"; "queued" and "loading" are the slots
/// still loading)
/// and the timer that asks again for the failed ones.
package struct BrowserAvatars: Sendable {
    /// An avatar's state: asked for, drawn (cells for both layouts), failed (that row's state,
    /// marked on its thumbnail, never the screen's; `retryable`: asked again on `r` and after
    /// ``BrowserModel/avatarRetryDelay``), or not cached in a session off the network.
    package enum Slot: Sendable {
        case loading
        case drawn(AvatarCells)
        case failed(retryable: Bool)
        /// Not on disk, and the session stays off the network (`--offline`): the placeholder
        /// stays, unmarked; asked for again (from disk) on `r`, or when its row comes back
        /// into the window.
        case notCached
    }

    /// Whether avatars are drawn at all.
    package var enabled: Bool
    /// The avatars asked for, by user id: only users in the window (or loads still running).
    package var slots: [Int64: Slot] = [:]
    /// Avatars drawn so far.
    package var done = 0
    /// The generation of the timer that asks again for failed thumbnails (an older timer is
    /// stale), and whether one is set.
    package var retryGeneration = 0
    package var retryPending = false

    /// Avatars for `enabled`, none asked for yet.
    package init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Avatars asked for and not drawn or failed yet.
    package var pending: Int {
        slots.values.count { if case .loading = $0 { true } else { false } }
    }

    /// Rows whose avatar failed and is still marked so.
    package var failed: Int {
        slots.values.count { if case .failed = $0 { true } else { false } }
    }

    /// Rows whose avatar is not cached, in a session off the network.
    package var notCached: Int {
        slots.values.count { if case .notCached = $0 { true } else { false } }
    }
}
