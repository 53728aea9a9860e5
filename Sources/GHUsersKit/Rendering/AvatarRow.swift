/// One user in a list with avatars. There are three kinds, one type each: ``NormalRow``,
/// ``NoteRow`` (a note marker and preview) and ``InvertedRow`` (every fourth user by position
/// in the whole cached list, its avatar's colours inverted).
package protocol AvatarRow: Sendable {
    /// The user, note and seen mark.
    var details: UserDetails { get }
    /// The user's 1-based rank by id among all cached users, which does not change between
    /// pages.
    var position: Int { get }
    /// Whether the avatar is drawn with its colours inverted.
    var invertsAvatar: Bool { get }
    /// The note marker and preview shown under the name, if any.
    func noteLine(color: Bool) -> String?
}

extension AvatarRow {
    package var invertsAvatar: Bool { false }

    package func noteLine(color: Bool) -> String? { nil }

    /// The marker and the first line of `note`, as list rows show it.
    static func markedNote(_ note: String, color: Bool) -> String {
        UserRowFormatter(color: color).notePreview(note)
    }
}
