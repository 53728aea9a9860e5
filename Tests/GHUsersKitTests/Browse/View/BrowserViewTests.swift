import Foundation
import Testing

@testable import GHUsersKit

/// Frames of fixed models compared with golden files in `Golden/` (`GHUSERS_UPDATE_GOLDEN=1`
/// rewrites them; review the diff).
@Suite("Browse: view (golden frames)")
struct BrowserViewTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func frame(columns: Int, rows: Int, configure: (inout BrowserModel) -> Void = { _ in }) -> String {
        var model = BrowserModel(columns: columns, rows: rows, offline: false, avatarsEnabled: false)
        _ = model.start()
        _ = model.update(.counted(50, pageSize: 30, rateLimit: RateLimit(limit: 5_000, remaining: 4_321, reset: Date(timeIntervalSince1970: 0)), endReached: false))
        var users = BrowserModelTests.users(0..<50)
        users[1].note = "met at a conference\nsecond line"
        users[2].seen = true
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: users))
        configure(&model)
        let view = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: true)
        let grid = view.frame(model)
        #expect(grid.width == columns && grid.height == rows)
        // Plain text, and a second layer marking styled cells (R reverse, D dim, B bold, C colour)
        let text = grid.textLines(color: false).joined(separator: "\n")
        let styles = (0..<grid.height).map { y in
            String((0..<grid.width).map { x -> Character in
                let style = grid[x, y].style
                return style.reverse ? "R" : style.dim ? "D" : style.bold ? "B" : style == .plain ? "." : "C"
            })
        }.joined(separator: "\n")
        return text + "\n--- styles\n" + styles + "\n"
    }

    static func compare(_ actual: String, _ name: String) throws {
        let file = golden.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["GHUSERS_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "frame \(name) differs from \(file.path):\n\(actual)")
    }

    @Test("a pane longer than the screen scrolls with J and K: to its last line, no further, and back to its top")
    func paneScrolls() {
        var model = BrowserModel(columns: 40, rows: 24, offline: false, avatarsEnabled: false)
        _ = model.start()
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: BrowserModelTests.users(0..<5)))
        _ = model.update(.keys([.character("j"), .enter], at: 0))
        var profile = Self.profile
        profile.note = (1...30).map { "note line \($0)" }.joined(separator: "\n")
        _ = model.update(.profileFetched(id: 2, profile))
        let view = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: false)
        func screen() -> String { view.frame(model).textLines(color: false).joined(separator: "\n") }
        #expect(screen().contains("user2") && !screen().contains("note line 30") && screen().contains("↓ J"))
        for _ in 0..<200 { _ = model.update(.keys([.character("J")], at: 0)) }
        #expect(screen().contains("note line 30") && screen().contains("↑ K") && !screen().contains("↓ J"), "\(screen())")
        let bottom = model.pane.profile?.scroll ?? 0
        _ = model.update(.keys([.character("K")], at: 0))
        #expect(model.pane.profile?.scroll == bottom - 1, "one K is one line back, however many J went past the end")
        for _ in 0..<200 { _ = model.update(.keys([.character("K")], at: 0)) }
        #expect(model.pane.profile?.scroll == 0 && screen().contains("user2"))
        _ = model.update(.keys([.character("J"), .character("j")], at: 0))
        #expect(model.pane.profile?.scroll == 0, "another user's pane starts at its top")
    }

    @Test("wrapping counts terminal columns: wide characters take two, a long word is cut where the line ends")
    func wrapsByColumns() {
        #expect(BrowserView.wrap("日本語 テキスト です", width: 6) == ["日本語", "テキス", "ト", "です"])  // "ト です" would be 7 columns
        #expect(BrowserView.wrap("a bb ccc", width: 4) == ["a bb", "ccc"])
        #expect(BrowserView.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(BrowserView.wrap("", width: 4) == [""])
        for line in BrowserView.wrap("絵文字😀とテキストを混ぜた長い文 with words", width: 7) {
            #expect(CellGrid.columns(of: line) <= 7, "\(line)")
        }
    }

    @Test("narrow: one user per entry, the selection marked, the status bar and the footer")
    func narrow() throws {
        try Self.compare(Self.frame(columns: 80, rows: 24) { model in _ = model.update(.keys([.character("j")], at: 0)) }, "narrow-80x24")
    }

    @Test("wide: a grid of three cards per line")
    func wide() throws {
        try Self.compare(Self.frame(columns: 120, rows: 30), "wide-120x30")
    }

    @Test("too small: says so, with the threshold")
    func tooSmall() throws {
        try Self.compare(Self.frame(columns: 30, rows: 8), "too-small-30x8")
    }

    @Test("the loading row after the last user, and the help over the list")
    func loadingAndHelp() throws {
        try Self.compare(
            Self.frame(columns: 80, rows: 24) { model in
                _ = model.update(.keys([.character("G")], at: 0))
                _ = model.update(.keys([.character("?")], at: 1))
            }, "help-loading-80x24")
    }

    static let profile = ProfileDetails(
        user: User(id: 2, login: "user2", avatarURL: "https://avatars.example/u/2", htmlURL: "https://github.com/user2"),
        profile: Profile(name: "Second User", company: "Acme", location: "Berlin", bio: "Writes Swift and, when the weather allows, sails.", followers: 12),
        note: "met at a conference\nsecond line", seen: true, fetchedAt: Date(), source: .network)

    @Test("the profile pane beside the list (120 columns): avatar, name, fields, bio and the note in full")
    func paneBeside() throws {
        try Self.compare(
            Self.frame(columns: 120, rows: 30) { model in
                _ = model.update(.keys([.character("j"), .enter], at: 0))
                _ = model.update(.profileFetched(id: 2, Self.profile))
            }, "pane-beside-120x30")
    }

    @Test("the profile pane over the list (80 columns), with the offline banner")
    func paneCovering() throws {
        try Self.compare(
            Self.frame(columns: 80, rows: 24) { model in
                _ = model.update(.keys([.character("j"), .enter], at: 0))
                _ = model.update(.profileFetched(id: 2, Self.profile))
                _ = model.update(.networkTrouble(reason: "connection refused"))
            }, "pane-covering-offline-80x24")
    }

    @Test("the query line, the matches and a delete question")
    func searchAndConfirm() throws {
        try Self.compare(
            Self.frame(columns: 80, rows: 24) { model in
                _ = model.update(.keys([.character("/"), .character("u"), .character("s")], at: 0))
                let request = WindowRequest.searchAfter(query: "us", id: nil, index: -1, count: model.firstSearchCount)
                _ = model.update(.windowLoaded(request, start: 0, users: Array(BrowserModelTests.users(0..<5))))
            }, "search-80x24")
        try Self.compare(
            Self.frame(columns: 80, rows: 24) { model in
                _ = model.update(.keys([.character("j"), .character("x")], at: 0))
            }, "confirm-delete-80x24")
    }
}
