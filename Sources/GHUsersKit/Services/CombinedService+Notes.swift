import Foundation

// MARK: - Notes

extension CombinedService {
    /// Saves the note on `login`; with `base`, only if the note is still what the editor was
    /// opened on (`.some(nil)`: no note), else ``NoteConflict``.
    @discardableResult
    public func saveNote(login: String, text: String, base: String?? = nil) async throws -> Note {
        try await database.write { db in try StoreService.Notes.save(login: login, text: text, base: base, db) }
    }

    /// The note on `login`.
    public func note(login: String) async throws -> Note {
        let (note, history) = try await database.read { db in
            let note = try StoreService.Notes.find(login: login, db)?.note
            return (note, note == nil ? try StoreService.Notes.history(login: login, db) : [])
        }
        guard let note else { throw CombinedServiceError.noNote(login: login, hasHistory: !history.isEmpty) }
        return note
    }

    /// The note on `login`, or `nil` when there is none.
    public func existingNote(login: String) async throws -> Note? {
        try await database.read { db in try StoreService.Notes.find(login: login, db)?.note }
    }

    /// The texts the note on `login` had before, the most recently replaced first.
    public func noteHistory(login: String) async throws -> [Note] {
        try await database.read { db in try StoreService.Notes.history(login: login, db) }
    }

    /// Deletes the note on `login`; with `base`, only if the note is still that text, else
    /// ``NoteConflict``.
    public func deleteNote(login: String, base: String? = nil) async throws {
        guard try await database.write({ db in try StoreService.Notes.delete(login: login, base: base, db) }) else {
            throw CombinedServiceError.noNote(login: login)
        }
    }

    /// Streams every note in the order of a ``NotesArchive`` (by login without regard to case),
    /// from one snapshot; ``NotesArchiveWriter`` writes them as an archive.
    public func exportNotes(_ each: (Note) throws -> Void) async throws {
        try await database.read { db in try StoreService.Notes.all(db, each) }
    }

    /// Imports an archive made by `ghusers notes export` (see ``StoreService/Notes/import(_:onConflict:now:_:)``): all of it or nothing.
    ///
    /// - Parameter fromOtherSite: import an archive from another site; without it, such an
    ///   archive is refused with ``CombinedServiceError/notesFromOtherSite(_:current:)`` and
    ///   nothing is imported. An archive without a `site` (exports from before sites) is
    ///   github.com's, as the data of a home from then is. Another site's user ids name other
    ///   accounts, so its notes are matched by login only.
    public func importNotes(_ data: Data, onConflict strategy: NotesConflictStrategy, fromOtherSite: Bool = false) async throws -> NotesImportReport {
        var archive = try NotesArchive(decoding: data)
        let origin = archive.site.map { GitHubSite(apiRoot: $0) } ?? .gitHubDotCom
        if origin != site {
            guard fromOtherSite else {
                let named = archive.site.map { origin?.apiRoot ?? "“\($0)”" } ?? "github.com (an export from before sites)"
                throw CombinedServiceError.notesFromOtherSite(named, current: site.apiRoot, switchTo: origin?.apiRoot)
            }
            for index in archive.notes.indices { archive.notes[index].id = nil }
        }
        return try await database.write { [archive] db in try StoreService.Notes.import(archive, onConflict: strategy, db) }
    }
}
