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
}
