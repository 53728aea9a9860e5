import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

/// `ghusers search` and `browse`'s `/` fold case by one rule, browse's (Swift's `lowercased()`
/// on text and query alike): over random Unicode notes and queries cut from them in any case,
/// the CLI's SQL returns exactly the users ``SearchQuery/matches(login:note:)`` — the rule the
/// in-memory index follows — accepts, so that `search İst` finds what `/İst` finds.
@Suite("One case-folding rule for search and browse, property-based")
struct SearchFoldingPropertyTests {
    /// Letters whose case SQLite and Swift fold differently, or that fold to more than one.
    static let alphabet = Array("aZsS İiıIßẞéÉΣσςﬁKkǅ ŉ")

    static let notes = Gen<Character?>.element(of: alphabet).map { $0! }.string(of: 1...12).array(of: 8...8)

    @Test("random notes and queries cut from them, in either case: the CLI's users are the ones browse's rule matches")
    func sameUsers() async throws {
        let database = try AppDatabase.inMemory()
        let logins = (1...8).reduce(into: [Int64: String]()) { $0[Int64($1)] = "user\($1)" }
        try await database.write { try StoreService.Sync.savePage(Factory.page(Array(1...8), logins: logins), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        await propertyCheck(count: PropertyScale.count(150), input: Self.notes, Gen.int(in: 0...7), Gen.int(in: 0...3), Gen.bool) { notes, pick, cut, upper in
            do {
                try await database.write { db in try db.execute(sql: "DELETE FROM note") }
                for (index, note) in notes.enumerated() where !note.trimmingCharacters(in: .whitespaces).isEmpty {
                    try await database.write { try StoreService.Notes.save(login: "user\(index + 1)", text: note, $0) }
                }
                let source = Array(notes[pick])
                let piece = String(source[min(cut, source.count - 1)...]).trimmingCharacters(in: .whitespaces)
                guard !piece.isEmpty, !piece.contains(" ") else { return }
                let query = upper ? piece.uppercased() : piece
                var found: [String] = []
                try await database.read { try StoreService.Search.matches(query, $0) { found.append($0.login) } }
                let parsed = SearchQuery(query)
                var expected: [String] = []
                for (index, note) in notes.enumerated() where parsed.matches(login: "user\(index + 1)", note: note) {
                    expected.append("user\(index + 1)")
                }
                #expect(found.sorted() == expected.sorted(), "\(query.debugDescription) over \(notes)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("İst finds İstanbul in search as in browse; straße finds STRAẞE either way")
    func examples() throws {
        let database = try AppDatabase.inMemory()
        try database.write { try StoreService.Sync.savePage(Factory.page([1], logins: [1: "ivey"]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Notes.save(login: "ivey", text: "Straße İstanbul", $0) }
        for query in ["İstanbul", "İst", "İ", "straße", "STRASSE"] {
            var found: [String] = []
            try database.read { try StoreService.Search.matches(query, $0) { found.append($0.login) } }
            let browse = SearchQuery(query).matches(login: "ivey", note: "Straße İstanbul")
            #expect((found == ["ivey"]) == browse, "\(query): search \(found), browse \(browse)")
        }
        var found: [String] = []
        try database.read { try StoreService.Search.matches("İst", $0) { found.append($0.login) } }
        #expect(found == ["ivey"])
    }
}
