import Foundation

/// What reads untrusted bytes, one fuzz target each (`scripts/fuzz`, Docs/RELIABILITY.md).
enum FuzzTarget: String, CaseIterable {
    /// `UsersPage(decoding:)`: a `GET /users` body from the server.
    case usersPage = "users-page"
    /// The profile decoder: a `GET /users/{login}` body.
    case profile
    /// `NotesArchive(decoding:)` and the importer, on a small store: a file the user imports.
    case notesArchive = "notes-archive"
    /// `TerminalSanitizer`: server text and notes on their way to the terminal.
    case sanitizer
    /// `ImageDecoder` (PNG, JPEG and GIF headers and first frames): an avatar download.
    case images
    /// `KeyDecoder`: the bytes a terminal sends to `browse`.
    case keys

    /// Runs the target on one input; crashes when an oracle does not hold.
    func run(_ data: Data) {
        switch self {
        case .usersPage: Self.usersPage(data)
        case .profile: Self.profile(data)
        case .notesArchive: Self.notesArchive(data)
        case .sanitizer: Self.sanitizer(data)
        case .images: Self.images(data)
        case .keys: Self.keys(data)
        }
    }
}
