import Foundation
import Testing

@testable import GHUsersKit

/// The keys and results of the profile pane, notes, search, live updates and the network's
/// states, in `update` alone (no terminal, no database).
@Suite("Browse: pane, notes, search, live updates, offline")
struct BrowserModelModesTests {
    typealias Base = BrowserModelTests

    static func model(columns: Int = 80, total: Int = 100, loaded: Int = 100) -> BrowserModel {
        var model = BrowserModel(columns: columns, rows: 27, offline: false, avatarsEnabled: false)
        _ = model.start()
        _ = model.update(.counted(total, pageSize: 30, rateLimit: nil, endReached: false))
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: Base.users(0..<loaded)))
        return model
    }

    static func details(_ id: Int64, source: ProfileDetails.Source = .network, note: String? = nil) -> ProfileDetails {
        ProfileDetails(
            user: User(id: id, login: "user\(id)", avatarURL: "https://avatars.example/u/\(id)", htmlURL: "https://github.com/user\(id)"),
            profile: Profile(name: "User \(id)", company: "Acme"), note: note, seen: true, fetchedAt: Date(), source: source)
    }

    static func fetches(_ effects: [BrowserEffect]) -> [Int64] {
        effects.compactMap { if case .fetchProfile(let id, _) = $0 { id } else { nil } }
    }

    // MARK: - Pane

    @Test("Enter opens the pane on the selection, cache first, marks it seen and asks at once; Esc and q close it")
    func openAndClose() {
        var model = Self.model(columns: 150)
        let effects = Base.keys(&model, [.enter], at: 0)
        #expect(model.pane.profile?.id == 1 && model.paneBeside && model.listColumns < 96 && model.layout == .lines)
        #expect(effects.contains(.loadCachedProfile(id: 1, login: "user1")))
        #expect(effects.contains(.markSeen(1)) && Self.fetches(effects) == [1])
        #expect(model.window.users[0].seen)
        _ = Base.keys(&model, [.escape], at: 1)
        #expect(model.pane.profile == nil && model.layout == .grid && !model.quitting)
        _ = Base.keys(&model, [.enter], at: 2)
        _ = Base.keys(&model, [.character("q")], at: 3)
        #expect(model.pane.profile == nil && !model.quitting)
        _ = Base.keys(&model, [.character("q")], at: 4)
        #expect(model.quitting)
        var narrow = Self.model(columns: 80)
        _ = Base.keys(&narrow, [.enter], at: 0)
        #expect(narrow.paneCovers && !narrow.paneBeside)
    }

    @Test("holding j with the pane open reads the cache for each user but asks the network only once the selection rests")
    func restBeforeRequests() {
        var model = Self.model()
        _ = Base.keys(&model, [.enter], at: 0)
        var effects: [BrowserEffect] = []
        for step in 1...20 { effects += Base.keys(&model, [.character("j")], at: 1 + Double(step) * 0.03) }
        #expect(Self.fetches(effects).isEmpty)
        #expect(!effects.contains { if case .markSeen = $0 { true } else { false } })
        #expect(effects.filter { if case .loadCachedProfile = $0 { true } else { false } }.count == 20)
        #expect(model.pane.profile?.id == 21)
        let generation = model.pane.profile!.generation
        // An older user's timer does nothing; the last one's fetches and marks seen
        #expect(Self.fetches(model.update(.timerFired(.rest(generation - 1), at: 2))).isEmpty)
        let rested = model.update(.timerFired(.rest(generation), at: 2))
        #expect(Self.fetches(rested) == [21] && rested.contains(.markSeen(21)))
        #expect(model.window.users[20].seen && !model.window.users[19].seen)
    }

    @Test("the cached profile shows, the fetched one replaces it and updates the row; an old user's result is ignored")
    func profileResults() {
        var model = Self.model()
        _ = Base.keys(&model, [.enter], at: 0)
        let cached = CachedProfile(details: UserDetails(user: Self.details(1).user, note: "old"), profile: Profile(name: "Cached"), etag: nil, fetchedAt: Date(timeIntervalSinceNow: -7_200))
        _ = model.update(.profileCached(id: 1, cached))
        #expect(model.pane.profile?.details?.profile.name == "Cached" && model.pane.profile?.details?.source == .cache)
        _ = model.update(.profileFetched(id: 2, Self.details(2)))
        #expect(model.pane.profile?.details?.profile.name == "Cached")
        _ = model.update(.profileFetched(id: 1, Self.details(1, source: .staleCache(reason: "offline"), note: "new")))
        #expect(model.pane.profile?.message == "cached profile (offline)" && model.window.users[0].note == "new")
        _ = model.update(.profileFailed(id: 1, .failed("no GitHub user is named user1")))
        #expect(model.pane.profile?.message == "no GitHub user is named user1 · r tries again" && model.pane.profile?.fetching == false)
        #expect(model.network.connection == .online, "a 404 is not an outage")
    }

    // MARK: - Notes

    @Test("e hands the note to the editor; a change is saved, an emptied file asks first, a failure only says so")
    func editNote() {
        var model = Self.model()
        // Two e's in one read start one editor
        #expect(Base.keys(&model, [.character("e"), .character("e")], at: 0) == [.editNote(login: "user1")])
        #expect(model.update(.noteEdited(login: "user1", .changed("hello"), base: nil)).contains(.saveNote(login: "user1", text: "hello", base: nil)))
        _ = model.update(.noteSaved(login: "user1", text: "hello"))
        #expect(model.window.users[0].note == "hello" && model.notice == "saved the note on user1")
        let failed = model.update(.noteEdited(login: "user1", .failed("nano: command not found"), base: "hello"))
        #expect(!failed.contains { if case .saveNote = $0 { true } else { false } })
        #expect(model.notice?.contains("note on user1 is unchanged") == true)
        _ = model.update(.noteEdited(login: "user1", .emptied, base: "hello"))
        #expect(model.confirmation == .deleteNote(login: "user1", base: "hello"))
        #expect(Base.work(Base.keys(&model, [.character("n")], at: 1)).isEmpty && model.notice == "kept the note on user1")
        _ = model.update(.noteEdited(login: "user1", .emptied, base: "hello"))
        #expect(Base.keys(&model, [.character("y")], at: 2) == [.deleteNote(login: "user1", base: "hello")])
        _ = model.update(.noteSaved(login: "user1", text: nil))
        #expect(model.window.users[0].note == nil)
    }

    @Test("x asks before deleting, and only when there is a note")
    func deleteNote() {
        var model = Self.model()
        #expect(Base.work(Base.keys(&model, [.character("x")], at: 0)).isEmpty && model.confirmation == nil)
        #expect(model.notice == "user1 has no note")
        model.window.users[0].note = "a note"
        _ = Base.keys(&model, [.character("x")], at: 1)
        #expect(model.confirmation == .deleteNote(login: "user1", base: "a note"))
        // The answer is one key: j is "no", not a move
        _ = Base.keys(&model, [.character("j")], at: 2)
        #expect(model.confirmation == nil && model.window.cursor == 0)
        _ = Base.keys(&model, [.character("x")], at: 3)
        #expect(Base.keys(&model, [.character("y")], at: 4) == [.deleteNote(login: "user1", base: "a note")])
    }

    // MARK: - Search

    @Test("each edit reads its matches at once and stops the older read; a late result of an older query is ignored")
    func searchAtEachKey() {
        var model = Self.model()
        _ = Base.keys(&model, [.character("j"), .character("j")], at: 0)
        _ = Base.keys(&model, [.character("/")], at: 1)
        let first = Base.keys(&model, [.character("a")], at: 1.01)
        let second = Base.keys(&model, [.character("b")], at: 1.02)
        let request = WindowRequest.searchAfter(query: "ab", id: nil, index: -1, count: model.firstSearchCount)
        #expect(first.first == .cancelSearch && first.contains(.loadWindow(.searchAfter(query: "a", id: nil, index: -1, count: model.firstSearchCount))))
        #expect(second.first == .cancelSearch && second.contains(.loadWindow(request)))
        // A read for an older query comes back late: ignored, and so is its count
        _ = model.update(.searchCounted(query: "a", total: 50))
        _ = model.update(.windowLoaded(.searchAfter(query: "a", id: nil, index: -1, count: model.firstSearchCount), start: 0, users: Base.users(0..<50)))
        #expect(model.window.users.isEmpty && model.counting.total == nil)
        _ = model.update(.windowLoaded(request, start: 0, users: Base.users(10..<13)))
        #expect(model.isFiltering && model.search?.complete == true && model.counting.total == 3 && model.window.cursor == 0)
        #expect(model.window.users.map(\.user.id) == [11, 12, 13])
        // Esc: the full list, the selection where it was
        let back = Base.keys(&model, [.escape], at: 2)
        #expect(model.search == nil && model.counting.total == 100 && model.window.cursor == 2 && model.window.users.count == 100)
        #expect(back.contains(.cancelSearch) && back.contains(.loadWindow(.reload(id: 1, start: 0, count: 100))))
    }

    @Test("keys read at once (a paste without brackets) read the matches of the query they leave, once")
    func pastedKeysSearchOnce() {
        var model = Self.model()
        _ = Base.keys(&model, [.character("/")], at: 1)
        let typed = Base.keys(&model, "location:berlin".map { .character($0) }, at: 1.01)
        let searches = typed.filter { if case .loadWindow(let request) = $0 { request.isSearch } else { false } }
        #expect(searches == [.loadWindow(.searchAfter(query: "location:berlin", id: nil, index: -1, count: model.firstSearchCount))])
        #expect(typed.first == .cancelSearch && model.search?.shown == "location:berlin" && model.window.request == .searchAfter(query: "location:berlin", id: nil, index: -1, count: model.firstSearchCount))
        // Typed on, then Enter in the same read: kept, with the read of the query it leaves.
        let kept = Base.keys(&model, [.character(" "), .character("d"), .enter], at: 2)
        #expect(kept.filter { if case .loadWindow(let request) = $0 { request.isSearch } else { false } }.count == 1)
        #expect(model.search?.editing == false && model.search?.shown == "location:berlin d")
    }

    @Test("the index's count makes the number of matches known with the first window, and the reads go on to it")
    func searchCounted() {
        var model = Self.model()
        _ = Base.keys(&model, [.character("/"), .character("u")], at: 0)
        // The first read is one screen of matches and a few rows, not a whole chunk: what the key's frame needs.
        #expect(model.firstSearchCount == model.pageUsers + 8 && model.firstSearchCount < BrowserModel.chunk)
        let request = WindowRequest.searchAfter(query: "u", id: nil, index: -1, count: model.firstSearchCount)
        _ = model.update(.searchCounted(query: "u", total: 5000))
        let effects = model.update(.windowLoaded(request, start: 0, users: Base.users(0..<model.firstSearchCount)))
        #expect(model.search?.complete == true && model.counting.total == 5000 && model.knownUsers == 5000)
        // The next screen, for a page down, is read at once, after the key's frame, from the last one read.
        let last = Base.users(0..<model.firstSearchCount).last!.user.id
        let next = WindowRequest.searchAfter(query: "u", id: last, index: model.firstSearchCount - 1, count: BrowserModel.chunk)
        #expect(effects.contains(.loadWindow(next)) && model.window.request == next)
        _ = model.update(
            .windowLoaded(next, start: model.firstSearchCount, users: Base.users(model.firstSearchCount..<(model.firstSearchCount + BrowserModel.chunk))))
        // Enough for the screen and a page down: no read follows until the selection moves.
        #expect(model.searchWindowNeeded() == nil)
        // Enter keeps the matches (no read again); G goes to the last of the 5,000 and reads on
        let kept = Base.keys(&model, [.enter], at: 0.1)
        #expect(model.search?.editing == false && !kept.contains(.cancelSearch))
        let end = Base.keys(&model, [.character("G")], at: 0.2)
        #expect(model.window.cursor == 4999)
        #expect(end.contains { if case .loadWindow(.searchAfter(query: "u", _, _, _)) = $0 { true } else { false } })
    }

    @Test("pastes go into the query, never to the keys; Enter keeps the matches for list keys; / edits again")
    func searchKeys() {
        var model = Self.model()
        _ = Base.keys(&model, [.character("/"), .paste("q\nx"), .backspace], at: 0)
        #expect(model.search?.query == "q " && !model.quitting)
        let typed = Base.keys(&model, [.control("u"), .character("u"), .character("s")], at: 0.1)
        let kept = Base.keys(&model, [.enter], at: 0.2)
        #expect(model.search?.editing == false && model.search?.shown == "us" && !kept.contains(.cancelSearch))
        guard case .loadWindow(let request) = typed.last(where: { if case .loadWindow = $0 { true } else { false } }) else {
            Issue.record("the keys did not read the matches")
            return
        }
        _ = model.update(.windowLoaded(request, start: 0, users: Base.users(0..<BrowserModel.chunk)))
        #expect(model.search?.complete == false && model.knownUsers == BrowserModel.chunk)
        // Reading on: the next window after the last match shown
        let down = Base.keys(&model, [.character("G")], at: 0.3)
        #expect(down.contains(.loadWindow(.searchAfter(query: "us", id: 200, index: 199, count: BrowserModel.chunk))))
        _ = Base.keys(&model, [.character("/")], at: 0.4)
        #expect(model.search?.editing == true && model.search?.query == "us")
    }

    @Test("Esc after a kept search: the whole list again, on the match that was selected; Esc while typing: where it was")
    func escapeAfterKeptSearch() {
        var model = Self.model(total: 5_000, loaded: 200)
        _ = Base.keys(&model, [.character("j")], at: 0)  // user2, before the search
        func search() -> WindowRequest? {
            let typed = Base.keys(&model, [.character("/"), .character("u")], at: 0.1)
            guard case .loadWindow(let request) = typed.last(where: { if case .loadWindow = $0 { true } else { false } }) else { return nil }
            return request
        }
        guard let first = search() else { Issue.record("the key read the matches"); return }
        let matches = Base.users(4_000..<4_010)  // user4001 … user4010
        _ = model.update(.windowLoaded(first, start: 0, users: matches))
        _ = Base.keys(&model, [.enter, .character("j"), .character("j")], at: 0.2)
        #expect(model.selected?.user.id == 4_003)
        let ended = Base.keys(&model, [.escape], at: 0.3)
        let around = WindowRequest.around(id: 4_003, count: BrowserModel.chunk)
        #expect(model.search == nil && ended.contains(.loadWindow(around)))
        _ = model.update(.windowLoaded(around, start: 3_902, users: Base.users(3_902..<4_102)))
        #expect(model.selected?.user.id == 4_003 && model.window.cursor == 4_002 && model.knownUsers == 5_000)
        // Esc while the query is still being typed: back on the user of before the search.
        guard let second = search() else { Issue.record("the key read the matches"); return }
        _ = model.update(.windowLoaded(second, start: 0, users: matches))
        _ = Base.keys(&model, [.escape], at: 0.4)
        #expect(model.search == nil && model.selected?.user.id == 4_003)
    }

    // MARK: - Live updates

    @Test("a change in the database re-reads the count and the window; the selection stays on its user")
    func liveUpdates() {
        var model = Self.model(total: 100, loaded: 100)
        _ = Base.keys(&model, [.character("j"), .character("j")], at: 0)
        let effects = model.update(.databaseChanged)
        let reload = WindowRequest.reload(id: 1, start: 0, count: 100)
        #expect(effects.contains(.count) && effects.contains(.loadWindow(reload)))
        // Another change while that read is in flight: read again after it
        #expect(!model.update(.databaseChanged).contains(.loadWindow(reload)))
        var users = Base.users(0..<100)
        users.remove(at: 0)  // user 1 went: user 3 is now at index 1
        users[1].note = "written elsewhere"
        let after = model.update(.windowLoaded(reload, start: 0, users: users))
        #expect(model.selected?.user.id == 3 && model.window.cursor == 1 && model.window.users[1].note == "written elsewhere")
        #expect(after.contains { if case .loadWindow(.reload) = $0 { true } else { false } })
    }

    @Test("a search SQLite answered while the index loaded is asked again once it is in; without a search, nothing is")
    func searchIndexLoaded() {
        var model = Self.model(total: 100, loaded: 100)
        #expect(model.update(.searchIndexLoaded).isEmpty)
        let typed = Base.keys(&model, [.character("/"), .character("u")], at: 0.1)
        guard case .loadWindow(let first) = typed.last(where: { if case .loadWindow = $0 { true } else { false } }) else {
            Issue.record("the key read the matches")
            return
        }
        _ = model.update(.windowLoaded(first, start: 0, users: Base.users(0..<10)))
        let effects = model.update(.searchIndexLoaded)
        #expect(effects.contains(.loadWindow(.searchAfter(query: "u", id: nil, index: -1, count: BrowserModel.chunk))))
    }

    // MARK: - Network

    @Test("the network down: a banner, retries on a growing schedule, and recovery without a key")
    func offlineAndRecovery() {
        var model = Self.model()
        #expect(Base.keys(&model, [.character("G")], at: 0).contains(.fetchPage))  // waits for the network
        let down = model.update(.networkTrouble(reason: "connection refused"))
        #expect(model.network.connection == .down(reason: "connection refused"))
        #expect(down.contains(.timer(.retry(1), seconds: BrowserModel.retryDelay(attempt: 1))))
        let retry = model.update(.timerFired(.retry(1), at: 3))
        #expect(retry.contains(.networkBack) && retry.contains(.timer(.retry(2), seconds: BrowserModel.retryDelay(attempt: 2))))
        #expect(BrowserModel.retryDelay(attempt: 2) > BrowserModel.retryDelay(attempt: 1))
        #expect(BrowserModel.retryDelay(attempt: 20) <= BrowserModel.retryCap)
        #expect(model.update(.timerFired(.retry(1), at: 4)).isEmpty)  // stale
        let back = model.update(.pageFetched(users: [], reachedEnd: false, isFirst: false, pageSize: 30, rateLimit: nil))
        #expect(model.network.connection == .online && back.contains(.networkBack))
    }

    @Test("a rate limit pauses the page fetch and profile requests until its reset, then they resume")
    func rateLimit() {
        var model = Self.model(total: 30, loaded: 30)
        let reset = Date(timeIntervalSinceNow: 600)
        let paused = model.update(.pageFailed(.rateLimited(until: reset)))
        #expect(model.network.connection == .rateLimited(until: reset) && paused.contains(.timerAt(.retry(1), date: reset)))
        #expect(!Base.keys(&model, [.character("G"), .character("r")], at: 1).contains(.fetchPage))
        #expect(model.notice?.hasPrefix("rate limited until") == true)
        #expect(Self.fetches(Base.keys(&model, [.enter], at: 2)).isEmpty)
        #expect(model.pane.profile?.message?.hasPrefix("rate limited until") == true)
        let resumed = model.update(.timerFired(.retry(1), at: 600))
        #expect(model.network.connection == .online && resumed.contains(.fetchPage) && Self.fetches(resumed) == [30])
    }
}
