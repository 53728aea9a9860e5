/// The profile pane's place in `browse`: the pane when open (Enter), and the count of panes
/// opened or moved, which gives each its own generation (a rest timer or a result for an
/// older pane is stale, even after the pane closed and opened again).
package struct BrowserPane: Sendable {
    /// The pane, when open.
    package var profile: ProfilePane?
    /// Panes opened or moved so far: the last one's generation.
    package var generation = 0

    /// Whether the pane is open.
    package var isOpen: Bool { profile != nil }

    /// Opens the pane on `user` (or moves it there), with a generation of its own.
    package mutating func show(_ user: User) {
        generation += 1
        profile = ProfilePane(user: user, generation: generation)
    }
}
