/// A user with a note: the note marker and the note's first line under the name.
package struct NoteRow: AvatarRow {
    package var details: UserDetails
    package var position: Int

    /// Creates the row.
    package init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }

    package func noteLine(color: Bool) -> String? {
        details.note.map { Self.markedNote($0, color: color) }
    }
}
