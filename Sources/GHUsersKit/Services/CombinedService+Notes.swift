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
        let find = StoreService.Notes.Find(database: database)
        guard let note = try find(login: login) else {
            throw CombinedServiceError.noNote(login: login, hasHistory: try !find.history(login: login).isEmpty)
        }
        return note
    }

    /// The note on `login`, or `nil` when there is none.
    public func existingNote(login: String) throws -> Note? {
        try StoreService.Notes.Find(database: database)(login: login)
    }

    /// The texts the note on `login` had before, the most recently replaced first.
    public func noteHistory(login: String) throws -> [Note] {
        try StoreService.Notes.Find(database: database).history(login: login)
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
    /// - Parameter fromOtherSite: import an archive from another site; without it, such an
    ///   archive is refused with ``CombinedServiceError/notesFromOtherSite(_:current:)`` and
    ///   nothing is imported. An archive without a `site` (exports from before sites) is
    ///   github.com's, as the data of a home from then is. Another site's user ids name other
    ///   accounts, so its notes are matched by login only.
    public func importNotes(_ data: Data, onConflict strategy: NotesConflictStrategy, fromOtherSite: Bool = false) throws -> NotesImportReport {
        var archive = try NotesArchive(decoding: data)
        let origin = archive.site.map { GitHubSite(apiRoot: $0) } ?? .gitHubDotCom
        if origin != site {
            guard fromOtherSite else {
                let named = archive.site.map { origin?.apiRoot ?? "“\($0)”" } ?? "github.com (an export from before sites)"
                throw CombinedServiceError.notesFromOtherSite(named, current: site.apiRoot, switchTo: origin?.apiRoot)
            }
            for index in archive.notes.indices { archive.notes[index].id = nil }
        }
        return try StoreService.Notes.Import(database: database)(archive, onConflict: strategy)
    }
}
