import Foundation
import Testing

@testable import GHUsersKit

@Suite("Saving pages, listing and finding users")
struct StoreServiceUsersTests {
    let database: AppDatabase
    init() throws { database = try AppDatabase.inMemory() }

    func all() throws -> [UserDetails] {
        var rows: [UserDetails] = []
        try database.read { try StoreService.Users.stream($0) { rows.append($0) } }
        return rows
    }

    @Test("the first full page sets the page size and the cursor, in one save")
    func firstPage() throws {
        let page = Factory.page([1, 2, 4, 5], hasNext: true)
        try database.write { try StoreService.Sync.savePage(page, request: .init(since: 0, movesCursor: true), etag: "W/\"1\"", $0) }
        let state = try database.read { try StoreService.Sync.state($0) }
        #expect(state.pageSize == 4)
        #expect(state.cursor == 5)
        #expect(state.endReached == false)
        #expect(try all().map(\.user.id) == [1, 2, 4, 5])
        #expect(try database.read { try StoreService.Sync.page(since: 0, $0) } == .init(lastID: 5, etag: "W/\"1\""))
    }

    @Test("a save returns the page's users with notes and seen marks, and the state it leaves")
    func saveReturnsWhatItLeaves() throws {
        // Given user 2 cached and seen, and a note on user3 before it is cached
        try database.write { try StoreService.Sync.savePage(Factory.page([2]), request: .init(since: 0, movesCursor: false), etag: nil, $0) }
        try database.write { try StoreService.Users.markSeen(id: 2, $0) }
        try database.write { try StoreService.Notes.save(login: "user3", text: "before", $0) }
        // When next-page saves users 1 to 3 with a rate limit
        let rateLimit = RateLimit(limit: 60, remaining: 59, reset: Date(timeIntervalSince1970: 1_800_000_000), resource: "core")
        let saved = try database.write { try StoreService.Sync.savePage(
            Factory.page([1, 2, 3], hasNext: true), request: .init(since: 0, movesCursor: true), etag: nil, rateLimit: rateLimit, $0) }
        // Then the save returns what later reads find
        #expect(saved.users == (try all()))
        #expect(saved.users.map(\.seen) == [false, true, false])
        #expect(saved.users.map(\.note) == [nil, nil, "before"])
        #expect(saved.state == (try database.read { try StoreService.Sync.state($0) }))
        #expect(saved.state.cursor == 3 && saved.state.pageSize == 3 && saved.state.rateLimit == rateLimit)
        #expect(saved.isFirstStore)
        // And only the first page with users marks the welcome; a later page returns its own users
        let next = try database.write { try StoreService.Sync.savePage(
            Factory.page([4]), request: .init(since: 3, movesCursor: true), etag: nil, $0) }
        #expect(!next.isFirstStore && next.users.map(\.user.id) == [4] && next.state.welcomed)
    }

    @Test("users saved from another source (a search) are cached, not gone, with their notes, and the users-list walk does not move")
    func usersFromAnotherSource() throws {
        // Given the first page of the list (users 1 to 3), user 2 gone, and a note on user900
        try database.write { try StoreService.Sync.savePage(Factory.page([1, 2, 3], hasNext: true), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Users.markGone(id: 2, $0) }
        try database.write { try StoreService.Notes.save(login: "user900", text: "met at a meetup", $0) }
        let before = (state: try database.read { try StoreService.Sync.state($0) }, pages: try database.read { try StoreStatistics($0) }.pages)
        // When a search brings user 2 again and user 900, far past the cursor
        let rateLimit = RateLimit(limit: 30, remaining: 29, reset: Date(timeIntervalSince1970: 1_800_000_000), resource: "search")
        try database.write { db in
            try StoreService.Users.Save()([Factory.user(900), Factory.user(2)], db)
            try StoreService.Sync.record(rateLimit, db)
        }
        // Then both are cached and shown, user 2 is back, the note is on user 900
        let users = try all()
        #expect(users.map(\.user.id) == [1, 2, 3, 900])
        #expect(users.map(\.gone) == [false, false, false, false])
        #expect(users.last?.note == "met at a meetup")
        // And nothing of the walk moved: the cursor, the page size and the page rows
        let after = try database.read { try StoreService.Sync.state($0) }
        #expect(after.cursor == before.state.cursor && after.pageSize == before.state.pageSize)
        #expect(try database.read { try StoreStatistics($0) }.pages == before.pages)
        // And the response's rate limit is kept with the others
        #expect(try database.read { try StoreService.Sync.rateLimits($0) }.contains(rateLimit))
    }

    @Test("a page whose save fails leaves neither users nor a moved cursor")
    func atomicPage() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([1, 2]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        // A user that breaks the schema (its avatar URL) makes the whole page fail.
        var bad = Factory.page([3, 4])
        bad.users[1].avatarURL = "file:///x"
        #expect(throws: (any Error).self) {
            try database.write { try StoreService.Sync.savePage(bad, request: .init(since: 2, movesCursor: true), etag: nil, $0) }
        }
        #expect(try all().map(\.user.id) == [1, 2])
        #expect(try database.read { try StoreService.Sync.state($0) }.cursor == 2)
    }

    @Test("an empty page marks the end without moving the cursor")
    func emptyPage() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([1, 2]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Sync.savePage(Factory.page([]), request: .init(since: 2, movesCursor: true), etag: nil, $0) }
        let state = try database.read { try StoreService.Sync.state($0) }
        #expect(state.cursor == 2 && state.endReached)
    }

    @Test("saving a user again keeps its seen mark and its note; a rename keeps the note")
    func upsertKeepsLocalData() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([7]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Users.markSeen(id: 7, $0) }
        try database.write { try StoreService.Notes.save(login: "USER7", text: "hello", $0) }
        try database.write { try StoreService.Sync.savePage(
            Factory.page([7], logins: [7: "renamed"]), request: .init(since: 0, movesCursor: false), etag: nil, $0) }
        let row = try #require(try all().first { $0.user.login == "renamed" })
        #expect(row.seen)
        #expect(row.note == "hello")
        #expect(try database.read { try StoreService.Notes.find(login: "renamed", $0)?.note }?.text == "hello")
        #expect(try database.read { try StoreService.Notes.find(login: "user7", $0)?.note } == nil)
    }

    @Test("a note written before its user was cached is attached when the user arrives")
    func noteBeforeUser() throws {
        try database.write { try StoreService.Notes.save(login: "Tawk", text: "met at a meetup", $0) }
        #expect(try database.read { try StoreService.Notes.find(login: "tawk", $0)?.note }?.userID == nil)
        try database.write { try StoreService.Sync.savePage(
            Factory.page([9], logins: [9: "tawk"]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        let note = try #require(try database.read { try StoreService.Notes.find(login: "TAWK", $0)?.note })
        #expect(note.userID == 9)
        #expect(note.text == "met at a meetup")
        #expect(try all().first?.note == "met at a meetup")
    }

    @Test("a login taken over by another account replaces the stale row")
    func loginTakenOver() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([1], logins: [1: "name"]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Sync.savePage(Factory.page([2], logins: [2: "NAME"]), request: .init(since: 1, movesCursor: true), etag: nil, $0) }
        #expect(try all().map(\.user.id) == [2])
    }

    @Test("list streams in id order with after, through and limit")
    func listWindow() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([1, 3, 5, 8, 13]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        var ids: [Int64] = []
        try database.read { try StoreService.Users.stream(after: 1, limit: 2, $0) { ids.append($0.user.id) } }
        #expect(ids == [3, 5])
        ids = []
        try database.read { try StoreService.Users.stream(after: 3, through: 8, $0) { ids.append($0.user.id) } }
        #expect(ids == [5, 8])
    }

    @Test("statistics count what is cached")
    func statistics() throws {
        try database.write { try StoreService.Sync.savePage(Factory.page([1, 2, 3]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Users.markSeen(id: 2, $0) }
        try database.write { try StoreService.Notes.save(login: "user1", text: "a", $0) }
        try database.write { try StoreService.Notes.save(login: "nobody", text: "b", $0) }
        try database.write { try CombinedService.save(user: Factory.user(2), profile: Profile(name: "Two"), etag: "e", $0) }
        #expect(try database.read { try StoreStatistics($0) } == StoreStatistics(users: 3, profiles: 1, notes: 2, seen: 1, pages: 1))
    }
}
