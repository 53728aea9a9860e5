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
        try database.write { try StoreService.Notes.save(login: "tawk", text: text, $0) }
        #expect(try database.read { try StoreService.Notes.find(login: "tawk", $0)?.note }?.text == text)
    }

    @Test("a save or delete that expects the note it was opened on refuses to replace one written meanwhile")
    func conflict() throws {
        func save(login: String, text: String, base: String?? = nil) throws {
            try database.write { try StoreService.Notes.save(login: login, text: text, base: base, $0) }
        }
        try save(login: "tawk", text: "theirs")
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try save(login: "tawk", text: "mine", base: .some("opened")) }
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try save(login: "tawk", text: "mine", base: .some(nil)) }
        #expect(throws: NoteConflict(login: "tawk", current: "theirs")) { try database.write { try StoreService.Notes.delete(login: "tawk", base: "opened", $0) } }
        #expect(try database.read { try StoreService.Notes.find(login: "tawk", $0)?.note }?.text == "theirs")
        try save(login: "tawk", text: "mine", base: .some("theirs"))
        #expect(try database.read { try StoreService.Notes.find(login: "tawk", $0)?.note }?.text == "mine")
        try save(login: "newcomer", text: "first", base: .some(nil))
        #expect(try database.read { try StoreService.Notes.find(login: "newcomer", $0)?.note }?.text == "first")
    }

    @Test("saving again replaces; deleting removes; logins compare without case")
    func replaceAndDelete() throws {
        try database.write { try StoreService.Notes.save(login: "tawk", text: "one", $0) }
        try database.write { try StoreService.Notes.save(login: "TAWK", text: "two", $0) }
        #expect(try database.read { try StoreService.Notes.find(login: "Tawk", $0)?.note }?.text == "two")
        #expect(try database.read { try StoreStatistics($0) }.notes == 1)
        #expect(try database.write { try StoreService.Notes.delete(login: "tawk", $0) })
        #expect(try database.write { try StoreService.Notes.delete(login: "tawk", $0) } == false)
        #expect(try database.read { try StoreService.Notes.find(login: "tawk", $0)?.note } == nil)
    }

    @Test("a note waiting for a login that turns out to be a renamed account with a note is merged into it, never hidden")
    func waitingNoteMeetsRenamedAccount() throws {
        // Given account 10 cached as alice with a note, and a note on bob, not cached
        func save(_ page: UsersPage) throws {
            try database.write { try StoreService.Sync.savePage(page, request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        }
        try save(Factory.page([10], logins: [10: "alice"]))
        try database.write { try StoreService.Notes.save(login: "alice", text: "written as alice", now: Date(timeIntervalSince1970: 1), $0) }
        try database.write { try StoreService.Notes.save(login: "bob", text: "written for bob", now: Date(timeIntervalSince1970: 2), $0) }
        // When account 10 comes back as bob
        try save(Factory.page([10], logins: [10: "bob"]))
        // Then bob has one note holding both texts, the account's first
        let note = try #require(try database.read { try StoreService.Notes.find(login: "bob", $0)?.note })
        #expect(note.text == "written as alice\n\nwritten for bob")
        #expect(note.userID == 10 && note.updatedAt == Date(timeIntervalSince1970: 2))
        #expect(try database.read { try StoreStatistics($0) }.notes == 1)
        #expect(try database.read { try StoreService.Notes.find(login: "alice", $0)?.note } == nil)
    }
}
