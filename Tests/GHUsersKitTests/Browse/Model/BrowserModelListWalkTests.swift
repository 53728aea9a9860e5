import Foundation
import Testing

@testable import GHUsersKit

/// Browse never walks GitHub's users list by itself: reaching the end fetches at most one page
/// per arrival, and nothing where searches cached accounts beyond the walk; `n` fetches one
/// page a press, wherever it lands.
@Suite("Browse: the users list's walk")
struct BrowserModelListWalkTests {
    typealias Base = BrowserModelTests

    /// An 80 × 27 model (8 entries on screen) with `total` users cached, all in the window,
    /// whose ids are `first`, `first + 1`, …; `walkLeads`: whether a page lands after them.
    static func model(total: Int, first: Int = 1, walkLeads: Bool) -> BrowserModel {
        var model = BrowserModel(columns: 80, rows: 27, offline: false, avatarsEnabled: false)
        _ = model.start()
        _ = model.update(.counted(total, pageSize: nil, rateLimit: nil, endReached: false, walkLeads: walkLeads))
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: Base.users((first - 1)..<(first - 1 + total))))
        return model
    }

    static func fetches(_ effects: [BrowserEffect]) -> Int {
        effects.filter { $0 == .fetchPage }.count
    }

    static func screen(_ model: BrowserModel) -> String {
        BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .trueColor)), color: false)
            .frame(model).textLines().joined(separator: "\n")
    }

    @Test("where searches cached accounts beyond the walk, G and every key after it fetch nothing; the status bar and the end row name n")
    func searchFilledHome() {
        // Given: 40 accounts a search brought, ids 5001–5040, and a walk that never ran.
        var model = Self.model(total: 40, first: 5_001, walkLeads: false)
        // When: G, then keys at the end, a wheel and a resize.
        var effects = Base.keys(&model, [.character("G")], at: 0)
        for step in 1...20 { effects += Base.keys(&model, [.character(step.isMultiple(of: 2) ? "j" : "k")], at: Double(step)) }
        effects += Base.keys(&model, [.end, .wheel(up: false)], at: 30)
        effects += model.update(.resized(columns: 100, rows: 30))
        // Then
        #expect(Self.fetches(effects) == 0)
        #expect(model.counting.paging == .idle)
        let screen = Self.screen(model)
        #expect(screen.contains("n: next page of GitHub's list"), "\(screen)")
        #expect(screen.contains("n fetches a page of GitHub's users list"), "\(screen)")
    }

    @Test("n fetches exactly one page a press; a press while it loads is said, not queued")
    func nOnePageAPress() {
        var model = Self.model(total: 40, first: 5_001, walkLeads: false)
        #expect(Self.fetches(Base.keys(&model, [.character("n")], at: 0)) == 1)
        #expect(Self.fetches(Base.keys(&model, [.character("n"), .character("n")], at: 1)) == 0)
        #expect(model.notice?.contains("loading") == true)
        // The page lands above the selection (ids 1–30): read again around the selected user,
        // and no other page follows, however long the selection stays at the end.
        _ = Base.keys(&model, [.character("G")], at: 2)
        let selected = model.selected?.user.id
        let landed = model.update(.pageFetched(users: Base.users(0..<30), reachedEnd: false, isFirst: false, pageSize: 30, rateLimit: nil))
        #expect(landed.contains(.loadWindow(.around(id: 5_040, count: BrowserModel.chunk))), "\(landed)")
        #expect(selected == 5_040 && Self.fetches(landed) == 0)
        #expect(model.notice == "a page of GitHub's users list: 30 users, ids 1–30 · n fetches the next")
        _ = model.update(.counted(70, pageSize: 30, rateLimit: nil, endReached: false, walkLeads: false))
        let around = model.update(.windowLoaded(.around(id: 5_040, count: BrowserModel.chunk), start: 0, users: Base.users(0..<30) + Base.users(5_000..<5_040)))
        #expect(model.selected?.user.id == 5_040 && model.window.cursor == 69)
        #expect(Self.fetches(around + Base.keys(&model, [.character("G"), .character("j")], at: 3)) == 0)
        // The next press, the next page.
        #expect(Self.fetches(Base.keys(&model, [.character("n")], at: 4)) == 1)
    }

    @Test("where the walk leads, reaching the end fetches one page per arrival: a page that lands is none")
    func onePagePerArrival() {
        // Given: 10 users, 8 on screen.
        var model = Self.model(total: 10, walkLeads: true)
        #expect(Self.fetches(Base.keys(&model, [.character("G")], at: 0)) == 1)
        // A short page lands below: the selection is still near the end, yet nothing follows.
        let landed = model.update(.pageFetched(users: Base.users(10..<13), reachedEnd: false, isFirst: false, pageSize: 3, rateLimit: nil))
        #expect(Self.fetches(landed) == 0 && model.window.users.count == 13 && model.window.cursor == 9)
        #expect(Self.fetches(model.update(.counted(13, pageSize: 3, rateLimit: nil, endReached: false, walkLeads: true))) == 0)
        // Up and back down to the same user: no arrival. Past it: one page.
        #expect(Self.fetches(Base.keys(&model, [.character("k"), .character("j")], at: 1)) == 0)
        #expect(Self.fetches(Base.keys(&model, [.character("j")], at: 2)) == 1)
    }

    @Test("a page of n that failed is asked again by r, where searches filled the home too")
    func nRetried() {
        var model = Self.model(total: 40, first: 5_001, walkLeads: false)
        #expect(Self.fetches(Base.keys(&model, [.character("n")], at: 0)) == 1)
        _ = model.update(.pageFailed(.failed("GitHub answered 502")))
        #expect(Self.screen(model).contains("r retries"))
        #expect(Self.fetches(Base.keys(&model, [.character("r")], at: 1)) == 1)
    }

    @Test("n at the end of GitHub's list says so")
    func nAtTheEnd() {
        var model = Self.model(total: 40, first: 5_001, walkLeads: false)
        _ = model.update(.pageFetched(users: [], reachedEnd: true, isFirst: false, pageSize: 30, rateLimit: nil))
        model.notice = nil
        _ = Base.keys(&model, [.character("n")], at: 0)
        _ = model.update(.pageFetched(users: [], reachedEnd: true, isFirst: false, pageSize: 30, rateLimit: nil))
        #expect(model.notice?.contains("end of GitHub's users list") == true)
    }

    @Test("a failed page is asked again with r, where the selection stays")
    func retryWhereTheSelectionStays() {
        var model = Self.model(total: 10, walkLeads: true)
        #expect(Self.fetches(Base.keys(&model, [.character("G")], at: 0)) == 1)
        _ = model.update(.pageFailed(.failed("GitHub answered 502")))
        #expect(Self.fetches(Base.keys(&model, [.character("r")], at: 1)) == 1)
    }

    @Test("n is refused offline and while rate limited, with the reason")
    func nRefused() {
        var offline = BrowserModel(columns: 80, rows: 27, offline: true, avatarsEnabled: false)
        _ = offline.start()
        #expect(Self.fetches(Base.keys(&offline, [.character("n")], at: 0)) == 0)
        #expect(offline.notice?.contains("offline by choice") == true)
        var limited = Self.model(total: 10, first: 100, walkLeads: false)
        _ = limited.update(.rateLimitExhausted(until: Date().addingTimeInterval(600)))
        #expect(Self.fetches(Base.keys(&limited, [.character("n")], at: 0)) == 0)
        #expect(limited.notice?.contains("rate limited until") == true)
    }

    @Test("whether the walk leads: its cursor at or past the highest cached id, or nothing cached")
    func walkLeads() {
        var state = SyncState(endReached: false, welcomed: false)
        #expect(state.walkLeads(lastCachedID: nil))
        #expect(!state.walkLeads(lastCachedID: 5_040))
        state.cursor = 135
        #expect(!state.walkLeads(lastCachedID: 5_040))
        #expect(state.walkLeads(lastCachedID: 135))
    }
}
