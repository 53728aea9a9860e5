/// A user with a note: the note marker and the note's first line under the name.
public struct NoteRow: AvatarRow {
    public var details: UserDetails
    public var position: Int

    /// Creates the row.
    public init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }

    public func noteLine(color: Bool) -> String? {
        details.note.map { Self.markedNote($0, color: color) }
    }
}
