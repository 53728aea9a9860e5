import Foundation

/// A private note on a user. Notes never leave the machine.
public struct Note: Codable, Sendable, Hashable {
    /// The login the note was written for, or the user's current login once known.
    public var login: String
    /// The user's numeric id, once the user has been seen in any response.
    public var userID: Int64?
    /// The note exactly as the user wrote it.
    public var text: String
    /// When the note was last written.
    public var updatedAt: Date

    /// Creates a note.
    public init(login: String, userID: Int64?, text: String, updatedAt: Date) {
        self.login = login
        self.userID = userID
        self.text = text
        self.updatedAt = updatedAt
    }

    public enum CodingKeys: String, CodingKey {
        case login, text
        case userID = "user_id"
        case updatedAt = "updated_at"
    }

    /// The largest note accepted, in UTF-8 bytes (1 MiB).
    public static let maximumBytes = 1 << 20

    /// `text` as notes are stored: Unicode's composed form (NFC), so that the same words typed on
    /// macOS (which pastes NFD) and elsewhere are the same bytes, and search finds either.
    public static func normalized(_ text: String) -> String {
        text.unicodeScalars.allSatisfy(\.isASCII) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Whether `text` holds a NUL byte. SQLite's text functions end a text at its first NUL
    /// (`length()`, the FTS tokenizers, the `sqlite3` shell), so such a note would be kept
    /// and shown cut short: every way in (`note -`, `notes import`, the editor) refuses it
    /// rather than report a save that lost text.
    public static func hasNUL(_ text: String) -> Bool {
        text.utf8.contains(0)
    }
}
