import Foundation

/// The file format of `ghusers notes export` and `ghusers notes import`.
///
/// ```json
/// {"format":"ghusers-notes","version":1,"site":"https://api.github.com","exported_at":"2026-11-22T10:00:00Z","notes":[
/// {"login":"defunkt","id":2,"note":"GitHub co-founder","updated_at":"2026-11-21T09:00:00Z"}
/// ]}
/// ```
///
/// Notes are sorted by login without regard to case, one per line, so two exports of the same
/// notes are byte for byte the same and diff well. `site` is the API root the notes were
/// exported from (absent in exports made before ghusers kept one cache per site).
public struct NotesArchive: Codable, Sendable {
    /// Always `ghusers-notes`.
    public var format: String
    /// 1.
    public var version: Int
    /// The normalised API root of the site the notes come from; `nil` in older exports.
    public var site: String?
    /// The notes.
    public var notes: [Entry]

    /// One note in an archive.
    public struct Entry: Codable, Sendable, Hashable {
        public var login: String
        public var id: Int64?
        public var note: String
        public var updatedAt: Date?

        enum CodingKeys: String, CodingKey {
            case login, id, note
            case updatedAt = "updated_at"
        }
    }

    /// The format name.
    public static let formatName = "ghusers-notes"

    /// Reads an archive, refusing anything that is not one.
    public init(decoding data: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            self = try decoder.decode(NotesArchive.self, from: data)
        } catch {
            throw NotesArchiveError.notAnArchive
        }
        guard format == Self.formatName else { throw NotesArchiveError.notAnArchive }
        guard version == 1 else { throw NotesArchiveError.unsupportedVersion(version) }
    }
}

/// Why a file cannot be imported.
public enum NotesArchiveError: Error, Equatable, LocalizedError {
    case notAnArchive
    case unsupportedVersion(Int)

    public var errorDescription: String? {
        switch self {
        case .notAnArchive: "the file is not a ghusers notes export (made by `ghusers notes export`)"
        case .unsupportedVersion(let version): "the file is a version \(version) notes export; upgrade ghusers to import it"
        }
    }
}
