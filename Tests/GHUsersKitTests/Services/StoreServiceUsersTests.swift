import Foundation
import Testing

@testable import GHUsersKit

@Suite("Saving pages, listing and finding users")
struct StoreServiceUsersTests {
    let database: AppDatabase
    init() throws { database = try AppDatabase.inMemory() }

    func all() throws -> [UserDetails] {
        var rows: [UserDetails] = []
        try StoreService.Users.List(database: database)() { rows.append($0) }
        return rows
    }

    @Test("the first full page sets the page size and the cursor, in one save")
    func firstPage() throws {
        let page = Factory.page([1, 2, 4, 5], hasNext: true)
        try StoreService.Users.SavePage(database: database)(page, request: .init(since: 0, movesCursor: true), etag: "W/\"1\"")
        let state = try StoreService.Sync.State(database: database)()
        #expect(state.pageSize == 4)
        #expect(state.cursor == 5)
        #expect(state.endReached == false)
        #expect(try all().map(\.user.id) == [1, 2, 4, 5])
        #expect(try StoreService.Sync.Page(database: database)(since: 0) == .init(lastID: 5, etag: "W/\"1\""))
    }

    @Test("a save returns the page's users with notes and seen marks, and the state it leaves")
    func saveReturnsWhatItLeaves() throws {
        // Given user 2 cached and seen, and a note on user3 before it is cached
        try StoreService.Users.SavePage(database: database)(Factory.page([2]), request: .init(since: 0, movesCursor: false), etag: nil)
        try StoreService.Users.MarkSeen(database: database)(id: 2)
        try StoreService.Notes.Save(database: database)(login: "user3", text: "before")
        // When next-page saves users 1 to 3 with a rate limit
        let rateLimit = RateLimit(limit: 60, remaining: 59, reset: Date(timeIntervalSince1970: 1_800_000_000), resource: "core")
        let saved = try StoreService.Users.SavePage(database: database)(
            Factory.page([1, 2, 3], hasNext: true), request: .init(since: 0, movesCursor: true), etag: nil, rateLimit: rateLimit)
        // Then the save returns what later reads find
        #expect(saved.users == (try all()))
        #expect(saved.users.map(\.seen) == [false, true, false])
        #expect(saved.users.map(\.note) == [nil, nil, "before"])
        #expect(saved.state == (try StoreService.Sync.State(database: database)()))
        #expect(saved.state.cursor == 3 && saved.state.pageSize == 3 && saved.state.rateLimit == rateLimit)
        #expect(saved.isFirstStore)
        // And only the first page with users marks the welcome; a later page returns its own users
        let next = try StoreService.Users.SavePage(database: database)(
            Factory.page([4]), request: .init(since: 3, movesCursor: true), etag: nil)
        #expect(!next.isFirstStore && next.users.map(\.user.id) == [4] && next.state.welcomed)
    }

    @Test("users saved from another source (a search) are cached, not gone, with their notes, and the users-list walk does not move")
    func usersFromAnotherSource() throws {
        // Given the first page of the list (users 1 to 3), user 2 gone, and a note on user900
        try StoreService.Users.SavePage(database: database)(Factory.page([1, 2, 3], hasNext: true), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Users.MarkGone(database: database)(id: 2)
        try StoreService.Notes.Save(database: database)(login: "user900", text: "met at a meetup")
        let before = (state: try StoreService.Sync.State(database: database)(), pages: try StoreService.Sync.Statistics(database: database)().pages)
        // When a search brings user 2 again and user 900, far past the cursor
        let rateLimit = RateLimit(limit: 30, remaining: 29, reset: Date(timeIntervalSince1970: 1_800_000_000), resource: "search")
        try StoreService.Users.Save(database: database)([Factory.user(900), Factory.user(2)], rateLimit: rateLimit)
        // Then both are cached and shown, user 2 is back, the note is on user 900
        let users = try all()
        #expect(users.map(\.user.id) == [1, 2, 3, 900])
        #expect(users.map(\.gone) == [false, false, false, false])
        #expect(users.last?.note == "met at a meetup")
        // And nothing of the walk moved: the cursor, the page size and the page rows
        let after = try StoreService.Sync.State(database: database)()
        #expect(after.cursor == before.state.cursor && after.pageSize == before.state.pageSize)
        #expect(try StoreService.Sync.Statistics(database: database)().pages == before.pages)
        // And the response's rate limit is kept with the others
        #expect(try StoreService.Sync.RateLimits(database: database)().contains(rateLimit))
    }

    @Test("a page whose save fails leaves neither users nor a moved cursor")
    func atomicPage() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([1, 2]), request: .init(since: 0, movesCursor: true), etag: nil)
        // A user that breaks the schema (its avatar URL) makes the whole page fail.
        var bad = Factory.page([3, 4])
        bad.users[1].avatarURL = "file:///x"
        #expect(throws: (any Error).self) {
            try StoreService.Users.SavePage(database: database)(bad, request: .init(since: 2, movesCursor: true), etag: nil)
        }
        #expect(try all().map(\.user.id) == [1, 2])
        #expect(try StoreService.Sync.State(database: database)().cursor == 2)
    }

    @Test("an empty page marks the end without moving the cursor")
    func emptyPage() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([1, 2]), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Users.SavePage(database: database)(Factory.page([]), request: .init(since: 2, movesCursor: true), etag: nil)
        let state = try StoreService.Sync.State(database: database)()
        #expect(state.cursor == 2 && state.endReached)
    }

    @Test("saving a user again keeps its seen mark and its note; a rename keeps the note")
    func upsertKeepsLocalData() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([7]), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Users.MarkSeen(database: database)(id: 7)
        try StoreService.Notes.Save(database: database)(login: "USER7", text: "hello")
        try StoreService.Users.SavePage(database: database)(
            Factory.page([7], logins: [7: "renamed"]), request: .init(since: 0, movesCursor: false), etag: nil)
        let row = try #require(try all().first { $0.user.login == "renamed" })
        #expect(row.seen)
        #expect(row.note == "hello")
        #expect(try StoreService.Notes.Find(database: database)(login: "renamed")?.text == "hello")
        #expect(try StoreService.Notes.Find(database: database)(login: "user7") == nil)
    }

    @Test("a note written before its user was cached is attached when the user arrives")
    func noteBeforeUser() throws {
        try StoreService.Notes.Save(database: database)(login: "Tawk", text: "met at a meetup")
        #expect(try StoreService.Notes.Find(database: database)(login: "tawk")?.userID == nil)
        try StoreService.Users.SavePage(database: database)(
            Factory.page([9], logins: [9: "tawk"]), request: .init(since: 0, movesCursor: true), etag: nil)
        let note = try #require(try StoreService.Notes.Find(database: database)(login: "TAWK"))
        #expect(note.userID == 9)
        #expect(note.text == "met at a meetup")
        #expect(try all().first?.note == "met at a meetup")
    }

    @Test("a login taken over by another account replaces the stale row")
    func loginTakenOver() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([1], logins: [1: "name"]), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Users.SavePage(database: database)(Factory.page([2], logins: [2: "NAME"]), request: .init(since: 1, movesCursor: true), etag: nil)
        #expect(try all().map(\.user.id) == [2])
    }

    @Test("list streams in id order with after, through and limit")
    func listWindow() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([1, 3, 5, 8, 13]), request: .init(since: 0, movesCursor: true), etag: nil)
        var ids: [Int64] = []
        try StoreService.Users.List(database: database)(after: 1, limit: 2) { ids.append($0.user.id) }
        #expect(ids == [3, 5])
        ids = []
        try StoreService.Users.List(database: database)(after: 3, through: 8) { ids.append($0.user.id) }
        #expect(ids == [5, 8])
    }

    @Test("statistics count what is cached")
    func statistics() throws {
        try StoreService.Users.SavePage(database: database)(Factory.page([1, 2, 3]), request: .init(since: 0, movesCursor: true), etag: nil)
        try StoreService.Users.MarkSeen(database: database)(id: 2)
        try StoreService.Notes.Save(database: database)(login: "user1", text: "a")
        try StoreService.Notes.Save(database: database)(login: "nobody", text: "b")
        try StoreService.Profiles.Save(database: database)(user: Factory.user(2), profile: Profile(name: "Two"), etag: "e")
        #expect(try StoreService.Sync.Statistics(database: database)() == StoreStatistics(users: 3, profiles: 1, notes: 2, seen: 1, pages: 1))
    }
}
