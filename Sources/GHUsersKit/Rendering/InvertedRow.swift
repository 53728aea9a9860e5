/// Every fourth user of the cached list: the avatar's colours inverted, as the original app
/// did. A note, if any, is still shown.
package struct InvertedRow: AvatarRow {
    package var details: UserDetails
    package var position: Int

    /// Creates the row.
    package init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }

    package var invertsAvatar: Bool { true }

    package func noteLine(color: Bool) -> String? {
        details.note.map { Self.markedNote($0, color: color) }
    }
}
