import Foundation

/// A note changed between the moment an editor was opened on it and the save: another process,
/// `ghusers note` or an import wrote it. The save is refused rather than silently replacing the
/// other text.
public struct NoteConflict: Error, Hashable, Sendable {
    /// The login the note is on.
    public var login: String
    /// The note as it is now (`nil`: deleted meanwhile).
    public var current: String?

    /// Creates the conflict.
    public init(login: String, current: String?) {
        self.login = login
        self.current = current
    }
}

extension NoteConflict: LocalizedError {
    public var errorDescription: String? {
        current == nil
            ? "the note on \(login) was deleted while it was being edited"
            : "the note on \(login) changed while it was being edited"
    }
}
