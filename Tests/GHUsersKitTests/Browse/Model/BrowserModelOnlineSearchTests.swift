import Foundation
import Testing

@testable import GHUsersKit

/// ^O on the query line: GitHub's user search of the same query, said in the status line while
/// that search shows, stopped by Esc while it runs.
@Suite("Browse: GitHub's search from the query line")
struct BrowserModelOnlineSearchTests {
    typealias Base = BrowserModelTests

    static func status(_ model: BrowserModel) -> String {
        BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: false)
            .frame(model).textLines(color: false).joined(separator: "\n")
    }

    @Test("^O asks GitHub the query as typed; its progress shows while the search does; Esc stops it while it runs")
    func asksAndSays() {
        var model = BrowserModelModesTests.model()
        _ = Base.keys(&model, [.character("/")], at: 0)
        _ = Base.keys(&model, Array("location:york").map { KeyEvent.character($0) }, at: 0.1)
        // When
        let effects = Base.keys(&model, [.control("o")], at: 0.2)
        // Then
        #expect(effects == [.searchOnline("location:york")])
        #expect(Self.status(model).contains("GitHub: asking…"))
        _ = model.update(.onlineSearch(query: "location:york", status: "GitHub: 100 of 340 accounts kept", finished: false))
        #expect(Self.status(model).contains("GitHub: 100 of 340 accounts kept"))
        // Another query's news is not this one's.
        _ = model.update(.onlineSearch(query: "type:org", status: "GitHub: done", finished: true))
        #expect(!Self.status(model).contains("GitHub: done"))
        // Esc while it runs stops it
        #expect(Base.keys(&model, [.escape], at: 0.3).contains(.cancelOnlineSearch))
    }

    @Test("^O does nothing on an empty query or one with a problem; a finished search is not stopped by Esc")
    func nothingToAsk() {
        var model = BrowserModelModesTests.model()
        _ = Base.keys(&model, [.character("/")], at: 0)
        #expect(Base.keys(&model, [.control("o")], at: 0.1).isEmpty)
        _ = Base.keys(&model, [.paste("locaton:x")], at: 0.2)
        #expect(Base.keys(&model, [.control("o")], at: 0.3).isEmpty)
        _ = Base.keys(&model, [.control("u")], at: 0.4)
        _ = Base.keys(&model, [.paste("type:org")], at: 0.5)
        _ = Base.keys(&model, [.control("o")], at: 0.6)
        _ = model.update(.onlineSearch(query: "type:org", status: "GitHub: done, 3 of 3 accounts kept", finished: true))
        #expect(!Base.keys(&model, [.escape], at: 0.7).contains(.cancelOnlineSearch))
    }
}
