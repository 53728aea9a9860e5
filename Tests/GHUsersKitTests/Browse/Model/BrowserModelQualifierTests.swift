import Foundation
import Testing

@testable import GHUsersKit

/// `/` with a query that has a problem (an unknown qualifier, a bad value): the query line says
/// it, nothing is read, the last good query's matches stay, and Enter does not keep it.
@Suite("Browse: a problem in the query")
struct BrowserModelQualifierTests {
    typealias Base = BrowserModelTests

    static func loads(_ effects: [BrowserEffect]) -> [WindowRequest] {
        effects.compactMap { if case .loadWindow(let request) = $0 { request } else { nil } }
    }

    @Test("a problem is said and nothing is read; the matches of the last good query stay; fixing it searches again")
    func problem() {
        // Given a search for a qualifier with its matches on screen
        var model = BrowserModelModesTests.model()
        _ = Base.keys(&model, [.character("/")], at: 0)
        let good = Base.keys(&model, Array("type:org").map { KeyEvent.character($0) }, at: 0.1)
        let request = WindowRequest.searchAfter(query: "type:org", id: nil, index: -1, count: model.firstSearchCount)
        #expect(Self.loads(good).last == request)
        _ = model.update(.windowLoaded(request, start: 0, users: Base.users(0..<3)))
        // When a mistyped qualifier follows (pasted: typed, `locaton` would be a term first)
        let bad = Base.keys(&model, [.paste(" locaton:x")], at: 0.2)
        // Then no read, the problem in the search, the matches kept
        #expect(Self.loads(bad).isEmpty && !bad.contains(.cancelSearch))
        #expect(model.search?.problem?.contains("locaton:") == true && model.search?.shown == "type:org")
        #expect(model.window.users.map(\.user.id) == [1, 2, 3])
        // Enter keeps editing; the problem is in the query line
        _ = Base.keys(&model, [.enter], at: 0.3)
        #expect(model.search?.editing == true)
        let footer = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: false)
            .frame(model).textLines(color: false).last ?? ""
        #expect(footer.contains("/type:org locaton:x") && footer.contains("✗ “locaton:” is not a qualifier"), "\(footer)")
        // Erasing the word searches again, and the problem goes
        let fixed = Base.keys(&model, [.control("w")], at: 0.4)
        #expect(model.search?.problem == nil && Self.loads(fixed) == [.searchAfter(query: "type:org ", id: nil, index: -1, count: model.firstSearchCount)])
    }
}
