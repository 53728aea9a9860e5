/// What `ghusers notes import` did.
public struct NotesImportReport: Sendable, Hashable, Codable {
    /// Notes on logins that had none.
    public var added = 0
    /// Notes changed: replaced, or merged with a different local note.
    public var updated = 0
    /// Notes already present with the same text.
    public var unchanged = 0
    /// Logins whose local note differed from the imported one, and what was done.
    public var conflicts: [String] = []
    /// Entries refused: an invalid login, an empty or oversized note.
    public var rejected: [String] = []

    /// An empty report.
    public init() {}
}

/// What to do when an imported note differs from the local one.
public enum NotesConflictStrategy: String, Sendable, CaseIterable {
    /// Keep both: the imported text is appended to the local note after a blank line, unless
    /// the local note already contains it. Nothing is lost, and importing again changes nothing.
    case merge
    /// Keep the local note.
    case keep
    /// Replace the local note with the imported one.
    case replace
}
