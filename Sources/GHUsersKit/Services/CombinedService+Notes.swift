import Foundation

// MARK: - Notes

extension CombinedService {
    /// Saves the note on `login`; with `base`, only if the note is still what the editor was
    /// opened on (`.some(nil)`: no note), else ``NoteConflict``.
    @discardableResult
    public func saveNote(login: String, text: String, base: String?? = nil) throws -> Note {
        try StoreService.Notes.Save(database: database)(login: login, text: text, base: base)
    }

    /// The note on `login`.
    public func note(login: String) throws -> Note {
        guard let note = try StoreService.Notes.Find(database: database)(login: login) else {
            throw CombinedServiceError.noNote(login: login)
        }
        return note
    }

    /// Deletes the note on `login`; with `base`, only if the note is still that text, else
    /// ``NoteConflict``.
    public func deleteNote(login: String, base: String? = nil) throws {
        guard try StoreService.Notes.Delete(database: database)(login: login, base: base) else {
            throw CombinedServiceError.noNote(login: login)
        }
    }

    /// Streams every note in the order of a ``NotesArchive`` (by login without regard to case),
    /// from one snapshot; ``NotesArchiveWriter`` writes them as an archive.
    public func exportNotes(_ each: (Note) throws -> Void) throws {
        try StoreService.Notes.Export(database: database)(each)
    }

    /// Imports an archive made by `ghusers notes export` (see ``StoreService/Notes/Import``).
    ///
    /// - Parameter fromOtherSite: import an archive whose `site` is another API root; without
    ///   it, such an archive is refused with ``CombinedServiceError/notesFromOtherSite(_:current:)``
    ///   and nothing is imported. An archive without a `site` (older exports) is imported.
    public func importNotes(_ data: Data, onConflict strategy: NotesConflictStrategy, fromOtherSite: Bool = false) throws -> NotesImportReport {
        let archive = try NotesArchive(decoding: data)
        if !fromOtherSite, let origin = archive.site, GitHubSite(apiRoot: origin) != site {
            throw CombinedServiceError.notesFromOtherSite(origin, current: site.apiRoot)
        }
        return try StoreService.Notes.Import(database: database)(archive, onConflict: strategy)
    }
}
