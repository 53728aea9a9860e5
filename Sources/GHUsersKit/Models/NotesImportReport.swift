/// What `ghusers notes import` did: every entry of the file is exactly one of added, updated,
/// unchanged or rejected; conflicts are some of the updated and unchanged, told apart.
public struct NotesImportReport: Sendable, Hashable, Codable {
    /// Notes on logins that had none.
    public var added = 0
    /// Notes changed: replaced by a newer one (the local text kept in its history), or merged.
    public var updated = 0
    /// Notes kept as they were: the same text, or a local note newer than the imported one.
    public var unchanged = 0
    /// Logins whose local note differed from the imported one, and what was done.
    public var conflicts: [String] = []
    /// Entries refused, each with why (`LOGIN: the note is over 1 MiB`).
    public var rejected: [String] = []

    /// How many entries the file had.
    public var total: Int { added + updated + unchanged + rejected.count }

    /// An empty report.
    public init() {}
}

/// What to do when an imported note differs from the local one.
public enum NotesConflictStrategy: String, Sendable, CaseIterable {
    /// The newer note wins (by `updated_at`, to the second; equal times: the same text wins on
    /// both sides), and the text it replaces is kept in the note's history. Two homes that
    /// export to each other hold the same notes after one round trip, and never grow.
    case newest
    /// Keep both: the imported text is appended to the local note after a blank line, unless
    /// one already contains the other (then the longer one is kept).
    case merge
    /// Keep the local note.
    case keep
    /// Replace the local note with the imported one.
    case replace
}
