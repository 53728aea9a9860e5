import Foundation
import Testing

@testable import GHUsersKit

@Suite("Browse: update")
struct BrowserModelTests {
    static func users(_ range: Range<Int>) -> [UserDetails] {
        range.map { UserDetails(user: User(id: Int64($0 + 1), login: "user\($0 + 1)", avatarURL: "https://avatars.example/u/\($0 + 1)")) }
    }

    /// A narrow 80 × 27 model (8 entries on screen) with `total` users cached and the first
    /// `loaded` of them in the window.
    static func model(total: Int, loaded: Int, avatars: Bool = true, offline: Bool = false) -> BrowserModel {
        var model = BrowserModel(columns: 80, rows: 27, offline: offline, avatarsEnabled: avatars)
        _ = model.start()
        _ = model.update(.counted(total, pageSize: 30, rateLimit: nil, endReached: false))
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: users(0..<loaded)))
        return model
    }

    static func keys(_ model: inout BrowserModel, _ keys: [KeyEvent], at time: Double) -> [BrowserEffect] {
        model.update(.keys(keys, at: time))
    }

    /// `effects` but the timer that ends a notice: the work they ask for.
    static func work(_ effects: [BrowserEffect]) -> [BrowserEffect] {
        effects.filter { if case .timer(.noticeShown, _) = $0 { false } else { true } }
    }

    @Test("the first screen asks for its avatars, nearest the selection first, then prefetch below")
    func firstScreen() {
        var model = BrowserModel(columns: 80, rows: 27, offline: false, avatarsEnabled: true)
        #expect(model.start() == [.loadWindow(.first(count: BrowserModel.chunk)), .count])
        _ = model.update(.counted(100, pageSize: 30, rateLimit: nil, endReached: false))
        let effects = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: Self.users(0..<100)))
        let loads = effects.compactMap { effect -> (Int64, Int)? in
            if case .loadAvatar(let id, _, _, let priority) = effect { return (id, priority) }
            return nil
        }
        #expect(model.pageUsers == 8)
        #expect(loads.prefix(8).map(\.0) == Array(1...8))  // visible, nearest first
        #expect(loads.dropFirst(8).map(\.0) == Array(9...16))  // one screen ahead, going down
        #expect(loads.map(\.1) == loads.map(\.1).sorted())
        #expect(!effects.contains(.fetchPage))
    }

    @Test("the first window is shown before the count of the cache is in; the end row waits for it")
    func windowBeforeCount() {
        var model = BrowserModel(columns: 80, rows: 27, offline: false, avatarsEnabled: false)
        _ = model.start()
        let effects = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: Self.users(0..<200)))
        #expect(!effects.contains(.fetchPage))
        #expect(model.visibleRange == 0..<8)
        _ = model.update(.keys([.character("j")], at: 0))
        #expect(model.window.cursor == 1)
        let frame = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .trueColor)), color: false).frame(model)
        #expect(frame.textLines().joined(separator: "\n").contains("user1") && frame.textLines().joined().contains("(counting)"))
    }

    @Test("nearing the last cached user starts exactly one page fetch; its users are appended")
    func pagingOnce() {
        var model = Self.model(total: 30, loaded: 30, avatars: false)
        var fetches = 0
        for step in 0..<40 {
            fetches += Self.keys(&model, [.character("j")], at: Double(step)).filter { $0 == .fetchPage }.count
        }
        #expect(fetches == 1)
        #expect(model.counting.paging == .loading)
        #expect(model.window.cursor == 29)  // never past the last cached user
        _ = model.update(.pageFetched(users: Self.users(30..<60), reachedEnd: false, isFirst: false, pageSize: 30, rateLimit: nil))
        #expect(model.counting.total == 60 && model.window.users.count == 60 && model.counting.paging == .idle)
        #expect(model.window.cursor == 29)  // the cursor does not jump
    }

    @Test("a failed page is a retry row until r; the end of the list is said once")
    func retryAndEnd() {
        var model = Self.model(total: 10, loaded: 10, avatars: false)
        #expect(Self.keys(&model, [.character("G")], at: 0).contains(.fetchPage) || model.counting.paging == .loading)
        _ = model.update(.pageFailed(.failed("GitHub answered 502, a server error, on every try")))
        #expect(model.counting.paging == .failed("GitHub answered 502, a server error, on every try"))
        #expect(!Self.keys(&model, [.character("j")], at: 1).contains(.fetchPage))
        #expect(Self.keys(&model, [.character("r")], at: 2).contains(.fetchPage))
        _ = model.update(.pageFetched(users: [], reachedEnd: true, isFirst: false, pageSize: 30, rateLimit: nil))
        #expect(model.counting.paging == .ended && model.notice?.contains("end of GitHub's users list") == true)
        model.notice = nil
        #expect(!Self.keys(&model, [.character("k"), .character("j")], at: 3).contains(.fetchPage))
        #expect(model.notice == nil)
    }

    @Test("scrolling away cancels the loads of rows that left the window; prefetch follows the direction")
    func cancellation() {
        var model = Self.model(total: 1_000, loaded: 200)
        // Nothing has loaded yet; jump a few screens down, slowly (no fast scrolling)
        let effects = Self.keys(&model, [.pageDown, .pageDown, .pageDown], at: 0)
        let cancelled = Set(effects.compactMap { if case .cancelAvatar(let id) = $0 { id } else { nil } })
        #expect(cancelled.isSuperset(of: Set(1...8)), "\(cancelled.sorted())")
        #expect(model.visibleRange == 24..<32)
        // Going up now: prefetch is above the screen
        let up = Self.keys(&model, [.character("k")], at: 5)
        let prefetched = up.compactMap { if case .loadAvatar(let id, _, _, let priority) = $0, priority >= 1_000, priority < 2_000 { id } else { nil } }
        #expect(!prefetched.isEmpty && prefetched.allSatisfy { $0 <= 24 }, "\(prefetched)")
    }

    @Test("keys repeating fast schedule only visible rows; the pause widens the window again")
    func fastScroll() {
        var model = Self.model(total: 1_000, loaded: 200)
        _ = Self.keys(&model, [.character("j")], at: 10.00)
        let fast = Self.keys(&model, [.pageDown, .pageDown, .pageDown], at: 10.02)
        #expect(model.window.fastScrolling)
        #expect(fast.contains(.timer(.scrollPause, seconds: BrowserModel.fastScrollInterval * 2)))
        let priorities = fast.compactMap { if case .loadAvatar(_, _, _, let priority) = $0 { priority } else { nil } }
        #expect(!priorities.isEmpty && priorities.allSatisfy { $0 < 1_000 })
        let paused = model.update(.timerFired(.scrollPause, at: 10.2))
        #expect(!model.window.fastScrolling)
        #expect(paused.contains { if case .loadAvatar(_, _, _, let priority) = $0 { priority >= 1_000 } else { false } })
    }

    @Test("a wide terminal gets more cards per line, not wider gutters: 3 at 120 columns, 4 at 136, 5 at 200")
    func gridFillsWideTerminals() {
        var model = Self.model(total: 100, loaded: 100, avatars: false)
        for (columns, cards) in [(96, 3), (120, 3), (136, 4), (200, 5)] {
            _ = model.update(.resized(columns: columns, rows: 40))
            #expect(model.perLine == cards, "\(columns) columns")
            let used = cards * model.cardWidth + 2 * (cards - 1)
            #expect(model.gutter * 2 <= columns - used && columns - used - 2 * model.gutter <= 1)
            #expect(model.gutter < model.cardWidth, "\(columns) columns: \(model.gutter) empty each side")
        }
        _ = Self.keys(&model, [.down], at: 0)
        #expect(model.window.cursor == 5, "down is a line of five cards")
    }

    @Test("grid: j/k by one user, down/up by a line of cards, h/l within the line")
    func gridKeys() {
        var model = Self.model(total: 100, loaded: 100, avatars: false)
        _ = model.update(.resized(columns: 120, rows: 40))
        #expect(model.layout == .grid && model.perLine == 3)
        _ = Self.keys(&model, [.character("j")], at: 0)
        #expect(model.window.cursor == 1)
        _ = Self.keys(&model, [.down], at: 1)
        #expect(model.window.cursor == 4)
        _ = Self.keys(&model, [.character("l"), .character("l")], at: 2)
        #expect(model.window.cursor == 5)  // stops at the end of the line
        _ = Self.keys(&model, [.character("h"), .character("h"), .character("h")], at: 3)
        #expect(model.window.cursor == 3)
        _ = Self.keys(&model, [.up], at: 4)
        #expect(model.window.cursor == 0)
    }

    @Test("wheel scrolls three lines and keeps the selection on screen; a paste changes nothing")
    func wheelAndPaste() {
        var model = Self.model(total: 100, loaded: 100, avatars: false)
        _ = Self.keys(&model, [.wheel(up: false)], at: 0)
        #expect(model.window.top == 3 && model.window.cursor == 3)
        let before = (model.window.cursor, model.window.top, model.showsHelp, model.quitting)
        _ = Self.keys(&model, [.paste("qGj?")], at: 1)
        #expect(before == (model.window.cursor, model.window.top, model.showsHelp, model.quitting))
        _ = Self.keys(&model, [.click(x: 5, y: 7)], at: 2)
        #expect(model.window.cursor == 5)
    }

    @Test("G reads the last users by keyset, not the whole list")
    func jumpToEnd() {
        var model = Self.model(total: 1_000_000, loaded: 200, avatars: false)
        let effects = Self.keys(&model, [.character("G")], at: 0)
        #expect(model.window.cursor == 999_999)
        #expect(effects.contains(.loadWindow(.last(count: BrowserModel.chunk))))
        _ = model.update(.windowLoaded(.last(count: BrowserModel.chunk), start: 999_800, users: Self.users(999_800..<1_000_000)))
        #expect(model.window.user(at: 999_999)?.user.id == 1_000_000)
        #expect(model.window.users.count <= BrowserModel.windowLimit)
    }

    @Test("an empty home fetches the first page at once; offline it says what to do")
    func emptyHome() {
        var model = BrowserModel(columns: 80, rows: 24, offline: false, avatarsEnabled: false)
        _ = model.start()
        #expect(model.update(.counted(0, pageSize: nil, rateLimit: nil, endReached: false)).contains(.fetchPage))
        var offline = BrowserModel(columns: 80, rows: 24, offline: true, avatarsEnabled: false)
        _ = offline.start()
        #expect(!offline.update(.counted(0, pageSize: nil, rateLimit: nil, endReached: false)).contains(.fetchPage))
        #expect(offline.notice?.contains("nothing is cached yet") == true && offline.notice?.contains("--") == false, "keys, not flags")
    }

    @Test("a short read after an id ends the cache there; a failed read waits for the next key")
    func shortAndFailedReads() {
        var model = Self.model(total: 300, loaded: 200, avatars: false)
        let effects = Self.keys(&model, [.character("G")], at: 0)
        #expect(effects.contains(.loadWindow(.after(id: 200, index: 199, count: BrowserModel.chunk))))
        // The count said 300, but only 99 users follow: another process replaced one
        _ = model.update(.windowLoaded(.after(id: 200, index: 199, count: BrowserModel.chunk), start: 200, users: Self.users(200..<299)))
        #expect(model.counting.total == 299 && model.window.cursor == 298)
        #expect(model.window.start + model.window.users.count == 299)
        // A read that fails is not sent again in a loop, only after the next key
        var broken = Self.model(total: 1_000, loaded: 200, avatars: false)
        let first = Self.keys(&broken, [.pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown], at: 1)
        guard let request = broken.window.request else {
            Issue.record("no window read after 24 pages down")
            return
        }
        #expect(first.contains(.loadWindow(request)))
        let after = broken.update(.windowFailed(request, "disk I/O error"))
        #expect(!after.contains { if case .loadWindow = $0 { true } else { false } })
        #expect(Self.keys(&broken, [.character("j")], at: 2).contains { if case .loadWindow = $0 { true } else { false } })
    }

    @Test("grid: a click picks the card under it (the cards are centred), a wheel notch moves one line of cards")
    func gridMouse() {
        var model = Self.model(total: 100, loaded: 100, avatars: false)
        _ = model.update(.resized(columns: 120, rows: 40))
        #expect(model.gutter == 10 && model.cardWidth == 32)
        _ = Self.keys(&model, [.click(x: 10 + 34 + 5, y: 2)], at: 0)
        #expect(model.window.cursor == 1)
        _ = Self.keys(&model, [.click(x: 10 + 32, y: 2)], at: 1)  // the gap between cards
        #expect(model.window.cursor == 1)
        _ = Self.keys(&model, [.wheel(up: false)], at: 2)
        #expect(model.window.top == 1 && model.window.cursor == 3)
    }

    @Test("grid: the loading row shows below the last card whatever the count")
    func gridEndRow() {
        var model = Self.model(total: 31, loaded: 31, avatars: false)
        _ = model.update(.resized(columns: 120, rows: 40))
        _ = Self.keys(&model, [.character("G")], at: 0)
        #expect(model.counting.paging == .loading)
        let frame = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .trueColor)), color: false).frame(model)
        #expect(frame.textLines().contains { $0.contains("loading the next page of users") })
    }
}
