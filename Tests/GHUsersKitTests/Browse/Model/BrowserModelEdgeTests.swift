import Foundation
import Testing

@testable import GHUsersKit

/// Edges of the browser's states found in review: keys behind the editor, long searches, counts
/// under a stream of changes, the banner with nothing waiting, repeated rate limits.
@Suite("Browse: edges of the modes")
struct BrowserModelEdgeTests {
    typealias Base = BrowserModelTests
    typealias Modes = BrowserModelModesTests

    @Test("keys read while the editor takes over are dropped, q included; they work again after")
    func keysBehindTheEditor() {
        var model = Modes.model()
        #expect(Base.keys(&model, [.character("e"), .character("q"), .character("j")], at: 0) == [.editNote(login: "user1")])
        #expect(!model.quitting && model.window.cursor == 0)
        _ = model.update(.noteEdited(login: "user1", .unchanged, base: nil))
        _ = Base.keys(&model, [.character("j")], at: 1)
        #expect(model.window.cursor == 1)
    }

    @Test("Esc and a key in one read (Alt and the key to the decoder) are Esc, then the key")
    func escapeThenKey() {
        var model = Modes.model()
        _ = Base.keys(&model, [.enter], at: 0)
        _ = Base.keys(&model, [.alt("/"), .character("u")], at: 1)
        #expect(model.pane.profile == nil && model.search?.query == "u")
    }

    @Test("a long search whose tail the window let go of reads it again on the way back down")
    func searchTail() {
        var model = Modes.model()
        _ = Base.keys(&model, [.character("/"), .character("u"), .enter], at: 0)
        var matches = 0
        // Read 1,400 matches to the end, 200 at a time
        while case .searchAfter(let query, let id, let index, let count)? = model.window.request {
            let users = matches < 1_400 ? Base.users(matches..<min(1_400, matches + count)) : []
            _ = model.update(.windowLoaded(.searchAfter(query: query, id: id, index: index, count: count), start: index + 1, users: users))
            matches += users.count
            _ = Base.keys(&model, [.character("G")], at: 1)
        }
        #expect(model.search?.complete == true && model.counting.total == 1_400 && model.window.users.count == BrowserModel.windowLimit)
        // Back to the top: the window moves up and lets the tail go
        _ = Base.keys(&model, [.character("g")], at: 2)
        while case .searchBefore(let query, let id, let index, let count)? = model.window.request {
            let first = Int(id) - 1
            _ = model.update(.windowLoaded(.searchBefore(query: query, id: id, index: index, count: count), start: max(0, first - count), users: Base.users(max(0, first - count)..<first)))
        }
        #expect(model.window.start == 0 && model.window.start + model.window.users.count < 1_400)
        let down = Base.keys(&model, [.character("G")], at: 3)
        #expect(down.contains { if case .loadWindow(.searchAfter) = $0 { true } else { false } })
    }

    @Test("changes during a count ask for one more count after it, never a queue of them")
    func countsCoalesce() {
        var model = Modes.model()
        #expect(model.update(.databaseChanged).contains(.count))
        #expect(!model.update(.databaseChanged).contains(.count))
        #expect(!model.update(.databaseChanged).contains(.count))
        #expect(model.update(.counted(100, pageSize: 30, rateLimit: nil, endReached: false)).contains(.count))
        #expect(!model.update(.counted(100, pageSize: 30, rateLimit: nil, endReached: false)).contains(.count))
    }

    @Test("with nothing waiting for the network any more, the next retry ends the banner")
    func bannerWithNothingWaiting() {
        var model = Modes.model()
        _ = Base.keys(&model, [.enter], at: 0)
        _ = model.update(.networkTrouble(reason: "connection refused"))
        _ = model.update(.timerFired(.retry(model.network.retryGeneration), at: 1))
        #expect(model.network.connection == .down(reason: "connection refused"))  // the profile still waits
        _ = Base.keys(&model, [.escape], at: 2)
        _ = model.update(.timerFired(.retry(model.network.retryGeneration), at: 3))
        #expect(model.network.connection == .online)
    }

    @Test("the same rate limit seen again sets no second timer")
    func rateLimitOnce() {
        var model = Modes.model()
        let reset = Date(timeIntervalSinceNow: 3_600)
        #expect(model.update(.rateLimitExhausted(until: reset)).contains(.timerAt(.retry(1), date: reset)))
        #expect(!model.update(.rateLimitExhausted(until: reset)).contains { if case .timerAt = $0 { true } else { false } })
    }

    @Test("a notice leads the activity line at 80 columns, then gives it back to the counters; a newer notice outlives the older timer")
    func noticeLeadsThenFades() {
        var model = Base.model(total: 30, loaded: 30)
        let view = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: true)
        func activity() -> String { view.frame(model).textLines(color: false)[model.rows - 2] }
        #expect(activity().contains("avatars"))
        let first = model.update(.notice("saved the note on user1"))
        #expect(first.contains(.timer(.noticeShown(1), seconds: BrowserModel.noticeSeconds)))
        #expect(activity().hasPrefix(" saved the note on user1"), "the notice first, whole: \(activity())")
        _ = model.update(.notice("deleted the note on user2"))
        _ = model.update(.timerFired(.noticeShown(1), at: 8))
        #expect(activity().contains("deleted the note on user2"), "the older timer leaves the newer notice")
        _ = model.update(.timerFired(.noticeShown(2), at: 9))
        #expect(model.notice == nil && activity().contains("avatars"))
    }

    @Test("drawn thumbnails of users the window no longer holds are forgotten: a long session's slots stay bounded")
    func slotsBounded() {
        var model = Base.model(total: 30, loaded: 30)
        let cells = AvatarCells(small: CellGrid(width: 6, height: 3), large: CellGrid(width: 12, height: 6))
        for id in Int64(10_000)..<10_500 { model.avatars.slots[id] = .drawn(cells) }  // visited long ago
        _ = model.update(.avatarDrawn(1, cells))
        _ = Base.keys(&model, [.character("j")], at: 1)
        let inWindow = Set(model.window.users.map(\.user.id))
        #expect(model.avatars.slots.count <= 2 * max(model.window.users.count, model.pageUsers))
        #expect(model.avatars.slots.keys.allSatisfy { inWindow.contains($0) })
        if case .drawn = model.avatars.slots[1] {} else { Issue.record("the window's drawn thumbnail stays") }
    }
}
