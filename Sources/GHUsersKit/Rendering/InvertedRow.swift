/// Every fourth user of the cached list: the avatar's colours inverted, as the original app
/// did. A note, if any, is still shown.
public struct InvertedRow: AvatarRow {
    public var details: UserDetails
    public var position: Int

    /// Creates the row.
    public init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }

    public var invertsAvatar: Bool { true }

    public func noteLine(color: Bool) -> String? {
        details.note.map { Self.markedNote($0, color: color) }
    }
}
