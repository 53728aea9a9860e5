import Foundation

/// The profile pane of `browse`: the selected user's profile, cache first, following the
/// selection. The cached profile shows at once; the request for a stale or missing one waits
/// until the selection has rested (``BrowserModel/restDelay``), so holding `j` costs no rate
/// limit.
package struct ProfilePane: Sendable {
    /// The user shown: id and login.
    package var id: Int64
    /// The login of the user shown.
    package var login: String
    /// The profile to show: the cached one, then the fetched one.
    package var details: ProfileDetails?
    /// The cached profile has been looked up (`details` is `nil` when none is cached).
    package var lookedUp = false
    /// A fetch (or revalidation) is running.
    package var fetching = false
    /// Why the shown profile may be old or missing (offline, rate limited, a failure).
    package var message: String?
    /// The full-size avatar, drawn.
    package var header: CellGrid?
    /// The same avatar as a pixel picture (the bytes of a forced `GHUSERS_GRAPHICS` protocol)
    /// and the cells it was drawn for.
    package var picture: PanePicture?
    /// How many lines the pane is scrolled down (`J`/`K`); a new user's pane starts at its top.
    package var scroll = 0
    /// Bumped when the pane moves to another user: a rest timer or a result for an older user
    /// is stale.
    package var generation: Int

    /// A pane for `user`, nothing read yet.
    package init(user: User, generation: Int) {
        self.id = user.id
        self.login = user.login
        self.generation = generation
    }
}
