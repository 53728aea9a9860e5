import Foundation
import Testing

@testable import GHUsersKit

/// Every branch of `StoreService.Notes.Import` (and of reading the archive): rejected entries,
/// new notes matched by id, by login or on no cached user, unchanged ones, and each conflict
/// strategy.
@Suite("Notes import, branch by branch")
struct StoreServiceNotesImportTests {
    static let then = Date(timeIntervalSince1970: 1_700_000_000)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    let database: AppDatabase

    /// Users 1 (alice) and 2 (bob) are cached.
    init() throws {
        database = try AppDatabase.inMemory()
        try database.write { try StoreService.Sync.savePage(
            Factory.page([1, 2], logins: [1: "alice", 2: "bob"]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
    }

    static func archive(_ entries: [NotesArchive.Entry]) throws -> NotesArchive {
        struct File: Encodable {
            var format = NotesArchive.formatName
            var version = 1
            var notes: [NotesArchive.Entry]
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try NotesArchive(decoding: encoder.encode(File(notes: entries)))
    }

    func importing(_ entries: [NotesArchive.Entry], _ strategy: NotesConflictStrategy = .merge) throws -> NotesImportReport {
        try database.write { try StoreService.Notes.import(Self.archive(entries), onConflict: strategy, now: Self.now, $0) }
    }

    func note(_ login: String) throws -> Note? {
        try database.read { try StoreService.Notes.find(login: login, $0)?.note }
    }

    @Test("a file that is not an archive of version 1 is refused", arguments: [
        ("{\"notes\": 42}", NotesArchiveError.notAnArchive),
        ("{\"format\":\"other\",\"version\":1,\"notes\":[]}", .notAnArchive),
        ("{\"format\":\"ghusers-notes\",\"version\":2,\"notes\":[]}", .unsupportedVersion(2)),
    ])
    func notAnArchive(text: String, error: NotesArchiveError) {
        #expect(throws: error) { try NotesArchive(decoding: Data(text.utf8)) }
    }

    @Test("entries with a bad login, an empty note or an overlong one are rejected; the rest is imported")
    func rejected() throws {
        let report = try importing([
            .init(login: "bad login", id: nil, note: "x"),
            .init(login: "carol", id: nil, note: ""),
            .init(login: "dave", id: nil, note: String(repeating: "x", count: Note.maximumBytes + 1)),
            .init(login: String(repeating: "a", count: 80), id: nil, note: "x"),
            .init(login: "erin", id: nil, note: "kept"),
        ])
        #expect(report.rejected.map { $0.split(separator: ":")[0] } == ["bad login", "carol", "dave", String(repeating: "a", count: 60)[...]])
        #expect(report.rejected[2] == "dave: the note is over 1 MiB, the most a note may hold")
        #expect(report.added == 1 && report.updated == 0 && report.unchanged == 0 && report.conflicts.isEmpty)
        #expect(try note("erin")?.text == "kept")
        #expect(try note("carol") == nil && note("dave") == nil)
    }

    @Test("a new note goes to the cached user by id (whatever the login), else by login, else waits for its login")
    func added() throws {
        let report = try importing([
            .init(login: "old-alice", id: 1, note: "by id", updatedAt: Self.then),
            .init(login: "BOB", id: nil, note: "by login", updatedAt: Self.then),
            .init(login: "carol", id: 3, note: "not cached"),
        ])
        #expect(report.added == 3 && report.conflicts.isEmpty)
        let alice = try #require(try note("alice"))
        #expect(alice.userID == 1 && alice.login == "alice" && alice.text == "by id" && alice.updatedAt == Self.then)
        #expect(try note("old-alice") == nil)
        let bob = try #require(try note("bob"))
        #expect(bob.userID == 2 && bob.login == "bob" && bob.text == "by login")
        let carol = try #require(try note("carol"))
        #expect(carol.userID == 3 && carol.text == "not cached" && carol.updatedAt == Self.now)
    }

    @Test(
        "two exports of one account under two logins, in either order, make one note that follows the account once cached",
        arguments: [["old-dana", "dana"], ["dana", "old-dana"]])
    func renamedAccountNotCached(order: [String]) throws {
        // Given: account 7, not cached, exported as old-dana and again as dana after its rename.
        for login in order {
            _ = try importing([.init(login: login, id: 7, note: "met at the Ruby conf", updatedAt: Self.then)])
        }
        // Then: one note, keyed by the account's id, found under the login it was imported as.
        let notes = try exported()
        #expect(notes.count == 1 && notes.first?.userID == 7 && notes.first?.login == order[0])
        #expect(try note(order[0])?.userID == 7)
        // When: a search brings the account under its login now.
        try database.write { try StoreService.Users.Save()(Factory.page([7], logins: [7: "dana"]).users, $0) }
        // Then: the note is dana's, and old-dana has none.
        #expect(try exported().map { [$0.login, $0.text] } == [["dana", "met at the Ruby conf"]])
        #expect(try note("dana")?.userID == 7)
        #expect(try note("old-dana") == nil)
    }

    @Test("an entry without an id waits for its login and is found by it; the account's id waits under its login too")
    func waitingNotesFoundByLogin() throws {
        _ = try importing([.init(login: "erin", id: nil, note: "by login"), .init(login: "frank", id: 9, note: "by id")])
        #expect(try note("erin")?.userID == nil)
        #expect(try note("frank")?.userID == 9)
        // A note written on frank afterwards is the same note, still keyed by the id.
        try database.write { try StoreService.Notes.save(login: "frank", text: "edited", $0) }
        #expect(try exported().map { [$0.login, $0.text, $0.userID.map(String.init) ?? "-"] } == [["erin", "by login", "-"], ["frank", "edited", "9"]])
    }

    @Test("a note written for a login takes the account an import names for it, so the account's other export finds it")
    func pendingNoteTakesTheAccount() throws {
        // Given: a note on old-dana, its account unknown.
        try database.write { try StoreService.Notes.save(login: "old-dana", text: "met at the Ruby conf", now: Self.then, $0) }
        // When: exports of account 7 under old-dana and, after its rename, dana.
        _ = try importing([.init(login: "old-dana", id: 7, note: "met at the Ruby conf", updatedAt: Self.then)])
        _ = try importing([.init(login: "dana", id: 7, note: "met at the Ruby conf", updatedAt: Self.then)])
        // Then: one note, account 7's; once cached as dana, it is dana's.
        #expect(try exported().map(\.userID) == [7])
        try database.write { try StoreService.Users.Save()(Factory.page([7], logins: [7: "dana"]).users, $0) }
        #expect(try exported().map(\.login) == ["dana"])
    }

    @Test("search finds a note waiting for its account by its text and its login, with the account's id")
    func searchFindsWaitingNotes() throws {
        _ = try importing([.init(login: "frank", id: 9, note: "maintains a Rust HTTP client")])
        var found: [Note] = []
        try database.read { try StoreService.Search.matches("rust", $0) { result in
            if case .note(let note) = result { found.append(note) }
        } }
        try database.read { try StoreService.Search.matches("frank", $0) { result in
            if case .note(let note) = result { found.append(note) }
        } }
        #expect(found.map(\.login) == ["frank", "frank"] && found.allSatisfy { $0.userID == 9 })
        // Once another account holds the login, the note is not that account's, nor listed as frank's.
        try database.write { try StoreService.Users.Save()(Factory.page([10], logins: [10: "frank"]).users, $0) }
        var after: [SearchResult] = []
        try database.read { try StoreService.Search.matches("rust", $0) { after.append($0) } }
        #expect(after.isEmpty, "\(after)")
    }

    @Test("a note keyed by an account not cached is not the note of another account that holds its login")
    func loginTakenOver() throws {
        // Given: account 9's note under the login bob, which account 2 holds now.
        _ = try importing([.init(login: "bob", id: 9, note: "the old bob")])
        // Then: bob (2) has no note, and the old one stays keyed by 9.
        #expect(try note("bob") == nil)
        #expect(try exported().map(\.userID) == [9])
    }

    func exported() throws -> [Note] {
        var notes: [Note] = []
        try database.read { db in try StoreService.Notes.all(db) { notes.append($0) } }
        return notes
    }

    @Test("the same text is unchanged, so importing an archive twice changes nothing")
    func unchanged() throws {
        let entries: [NotesArchive.Entry] = [.init(login: "alice", id: 1, note: "one"), .init(login: "carol", id: nil, note: "two")]
        #expect(try importing(entries).added == 2)
        let again = try importing(entries, .replace)
        #expect(again.unchanged == 2 && again.added == 0 && again.updated == 0 && again.conflicts.isEmpty)
    }

    @Test(
        "a different local note: keep it, replace it, or merge both; always reported",
        arguments: [
            (NotesConflictStrategy.keep, "local", 0, "alice: kept the local note"),
            (.replace, "imported", 1, "alice: replaced the local note"),
            (.merge, "local\n\nimported", 1, "alice: merged both notes"),
        ])
    func conflict(strategy: NotesConflictStrategy, text: String, updated: Int, message: String) throws {
        try database.write { try StoreService.Notes.save(login: "alice", text: "local", now: Self.then, $0) }
        let report = try importing([.init(login: "alice", id: 1, note: "imported")], strategy)
        #expect(report.conflicts == [message])
        #expect(report.updated == updated && report.unchanged == 1 - updated && report.added == 0)
        let alice = try #require(try note("alice"))
        #expect(alice.text == text)
        #expect(alice.updatedAt == (updated == 1 ? Self.now : Self.then))
    }

    @Test("newest: the note written last wins, the one it replaces is in the history, and the summary adds up")
    func newest() throws {
        // Given: alice's local note older than the imported one, bob's newer.
        try database.write { try StoreService.Notes.save(login: "alice", text: "local alice", now: Self.then, $0) }
        try database.write { try StoreService.Notes.save(login: "bob", text: "local bob", now: Self.now, $0) }
        // When
        let report = try importing(
            [
                .init(login: "alice", id: 1, note: "imported alice", updatedAt: Self.then.addingTimeInterval(60)),
                .init(login: "bob", id: 2, note: "imported bob", updatedAt: Self.then),
                .init(login: "carol", id: nil, note: "new", updatedAt: Self.then),
            ], .newest)
        // Then: alice takes the imported note with its own date, bob keeps his.
        #expect(report.added == 1 && report.updated == 1 && report.unchanged == 1 && report.total == 3)
        #expect(report.conflicts.count == 2)
        let alice = try #require(try note("alice"))
        #expect(alice.text == "imported alice" && alice.updatedAt == Self.then.addingTimeInterval(60))
        #expect(try note("bob")?.text == "local bob")
        #expect(try database.read { try StoreService.Notes.history(login: "alice", $0) }.map(\.text) == ["local alice"])
    }

    @Test("a note's history keeps its 50 most recent texts")
    func historyCapped() throws {
        for index in 0..<60 {
            try database.write { try StoreService.Notes.save(login: "alice", text: "line \(index)", now: Self.then.addingTimeInterval(Double(index)), $0) }
        }
        let history = try database.read { try StoreService.Notes.history(login: "alice", $0) }
        #expect(history.count == 50)
        #expect(history.first?.text == "line 58" && history.last?.text == "line 9")
    }

    @Test("merging takes an imported note that already holds the local one, rather than paste the local text in again")
    func mergeHeld() throws {
        try database.write { try StoreService.Notes.save(login: "alice", text: "from A", $0) }
        let report = try importing([.init(login: "alice", id: 1, note: "from A\n\nfrom B")])
        #expect(report.updated == 1)
        #expect(try note("alice")?.text == "from A\n\nfrom B")
    }

    @Test("merging leaves alone a local note that already holds the imported text")
    func mergeContained() throws {
        try database.write { try StoreService.Notes.save(login: "alice", text: "local\n\nimported", $0) }
        let report = try importing([.init(login: "alice", id: nil, note: "imported")])
        #expect(report.unchanged == 1 && report.updated == 0 && report.conflicts.isEmpty)
        #expect(try note("alice")?.text == "local\n\nimported")
    }

    @Test("the local note is matched by the user's id before the login")
    func matchedByIDFirst() throws {
        // Given a note on alice (id 1) and an entry for id 1 under the login bob
        try database.write { try StoreService.Notes.save(login: "alice", text: "local", $0) }
        let report = try importing([.init(login: "bob", id: 1, note: "imported")], .replace)
        // Then alice's note is the one replaced, and bob has none
        #expect(report.conflicts == ["alice: replaced the local note"])
        #expect(try note("alice")?.text == "imported")
        #expect(try note("bob") == nil)
    }
}
