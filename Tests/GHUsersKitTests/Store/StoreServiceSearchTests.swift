import Foundation
import Testing

@testable import GHUsersKit

@Suite("Local search over logins and notes")
struct StoreServiceSearchTests {
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.inMemory()
        let logins: [Int64: String] = [1: "mojombo", 2: "defunkt", 3: "pjhyett", 4: "wycats", 5: "ezmobius", 6: "mojo", 7: "ivey"]
        try database.write { try StoreService.Sync.savePage(
            Factory.page([1, 2, 3, 4, 5, 6, 7], logins: logins), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Notes.save(login: "wycats", text: "Works on MOJO tooling", $0) }
        try database.write { try StoreService.Notes.save(login: "ivey", text: "met in Berlin", $0) }
        try database.write { try StoreService.Notes.save(login: "tawk", text: "support chat, mojo fan", $0) }
    }

    func search(_ query: String) throws -> [String] {
        var logins: [String] = []
        try database.read { try StoreService.Search.matches(query, $0) { logins.append($0.login) } }
        return logins
    }

    @Test("exact login first, then contains matches in id order, logins and notes, then uncached notes")
    func ordering() throws {
        #expect(try search("mojo") == ["mojo", "mojombo", "wycats", "tawk"])
    }

    @Test("a window's users by id, in order; a read cancelled midway stops at the next user, interrupted")
    func usersByIDCancelled() throws {
        #expect(try database.read { try StoreService.Search.users([6, 99, 1], $0) }.map(\.user.login) == ["mojo", "mojombo"])
        var asked = 0
        #expect(throws: StoreError.interrupted) {
            try database.read { db in
                try StoreService.Search.users(
                    [1, 2, 3, 4, 5],
                    isCancelled: {
                        asked += 1
                        return asked > 2
                    }, db)
            }
        }
        #expect(asked == 3, "asked before each user, and no further once cancelled")
    }

    @Test("matching ignores case")
    func caseInsensitive() throws {
        #expect(try search("MoJoMbO") == ["mojombo"])
        #expect(try search("berlin") == ["ivey"])
    }

    @Test("queries shorter than three characters are found through the index of characters and pairs", arguments: [("mo", ["mojombo", "wycats", "ezmobius", "mojo", "tawk"]), ("z", ["ezmobius"])])
    func shortQueries(query: String, expected: [String]) throws {
        #expect(try search(query) == expected)
    }

    @Test("no match gives nothing; quotes, percent signs and FTS syntax are plain text", arguments: ["zzzz", "\"mojo", "mo%", "a_b", "NEAR(mojo)", "mojo OR ivey", "*"])
    func specialCharacters(query: String) throws {
        #expect(try search(query).isEmpty)
    }

    @Test("a deleted note is no longer found")
    func deletedNote() throws {
        try database.write { try StoreService.Notes.delete(login: "ivey", $0) }
        #expect(try search("berlin").isEmpty)
    }

    @Test("browse's windows of a search, read forwards by keyset and back again, are the search's users in its order",
          arguments: ["mojo", "mo", "z", "o", "nobody", "MOJO", "^mojo$", "'mojo", "mo !bius", "o$ !^w"])
    func windows(query: String) throws {
        var expected: [String] = []
        try database.read { try StoreService.Search.matches(query, $0) { if case .user(let details) = $0 { expected.append(details.user.login) } } }
        var read: [UserDetails] = []
        var key: Int64? = nil
        while true {
            let next = try database.read { [key] in try StoreService.Search.window(query, after: key, count: 2, $0) }
            read += next
            guard next.count == 2, let last = next.last else { break }
            key = SearchQuery(query).isExact(login: last.user.login) ? 0 : last.user.id
        }
        #expect(read.map(\.user.login) == expected)
        // Back from the last match: the same users, in the same order
        guard let last = read.last, !SearchQuery(query).isExact(login: last.user.login) else { return }
        var back = [last]
        while let first = back.first, !SearchQuery(query).isExact(login: first.user.login) {
            let previous = try database.read { try StoreService.Search.window(query, before: first.user.id, count: 2, $0) }
            if previous.isEmpty { break }
            back = previous + back
        }
        #expect(back.map(\.user.login) == expected)
    }
}
