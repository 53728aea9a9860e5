import Foundation
import Testing

@testable import GHUsersKit

@Suite("Notes")
struct StoreServiceNotesTests {
    let database: AppDatabase
    init() throws { database = try AppDatabase.inMemory() }

    @Test("notes round-trip byte for byte", arguments: [
        "plain", "multi\nline\n\nnote\n", "emoji 🧑‍💻✎", "\u{1B}[2J escape kept as data", String(repeating: "x", count: 100_000), "  spaces  ",
    ])
    func roundTrip(text: String) throws {
        try StoreService.Notes.Save(database: database)(login: "tawk", text: text)
        #expect(try StoreService.Notes.Find(database: database)(login: "tawk")?.text == text)
    }

    @Test("a save or delete that expects the note it was opened on refuses to replace one written meanwhile")
    func conflict() throws {
        let save = StoreService.Notes.Save(database: database)
        try save(login: "tawk", text: "theirs")
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try save(login: "tawk", text: "mine", base: .some("opened")) }
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try save(login: "tawk", text: "mine", base: .some(nil)) }
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try StoreService.Notes.Delete(database: database)(login: "tawk", base: "opened") }
        #expect(try StoreService.Notes.Find(database: database)(login: "tawk")?.text == "theirs")
        try save(login: "tawk", text: "mine", base: .some("theirs"))
        #expect(try StoreService.Notes.Find(database: database)(login: "tawk")?.text == "mine")
        try save(login: "newcomer", text: "first", base: .some(nil))
        #expect(try StoreService.Notes.Find(database: database)(login: "newcomer")?.text == "first")
    }

    @Test("saving again replaces; deleting removes; logins compare without case")
    func replaceAndDelete() throws {
        try StoreService.Notes.Save(database: database)(login: "tawk", text: "one")
        try StoreService.Notes.Save(database: database)(login: "TAWK", text: "two")
        #expect(try StoreService.Notes.Find(database: database)(login: "Tawk")?.text == "two")
        #expect(try StoreService.Sync.Statistics(database: database)().notes == 1)
        #expect(try StoreService.Notes.Delete(database: database)(login: "tawk"))
        #expect(try StoreService.Notes.Delete(database: database)(login: "tawk") == false)
        #expect(try StoreService.Notes.Find(database: database)(login: "tawk") == nil)
    }

    @Test("a note waiting for a login that turns out to be a renamed account with a note is merged into it, never hidden")
    func waitingNoteMeetsRenamedAccount() throws {
        // Given account 10 cached as alice with a note, and a note on bob, not cached
        let save = StoreService.Users.SavePage(database: database)
        try save(Factory.page([10], logins: [10: "alice"]), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Notes.Save(database: database)(login: "alice", text: "written as alice", now: Date(timeIntervalSince1970: 1))
        try StoreService.Notes.Save(database: database)(login: "bob", text: "written for bob", now: Date(timeIntervalSince1970: 2))
        // When account 10 comes back as bob
        try save(Factory.page([10], logins: [10: "bob"]), request: .init(since: 0, movesCursor: true), etag: nil)
        // Then bob has one note holding both texts, the account's first
        let note = try #require(try StoreService.Notes.Find(database: database)(login: "bob"))
        #expect(note.text == "written as alice\n\nwritten for bob")
        #expect(note.userID == 10 && note.updatedAt == Date(timeIntervalSince1970: 2))
        #expect(try StoreService.Sync.Statistics(database: database)().notes == 1)
        #expect(try StoreService.Notes.Find(database: database)(login: "alice") == nil)
    }
}
