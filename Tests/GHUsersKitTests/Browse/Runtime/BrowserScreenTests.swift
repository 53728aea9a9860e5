import Testing

@testable import GHUsersKit

/// Frame writing: the first frame whole, then only what changed; whole again after a repaint or
/// when the terminal was taken back; a forced pixel picture after the cells.
@Suite("Browse: frame writing")
struct BrowserScreenTests {
    static let view = BrowserView(drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .indexed256)), color: false)
    static let clear = Array("\u{1B}[0m\u{1B}[2J".utf8)

    /// A model of 50 cached users on an 80 × 24 terminal.
    static func model() -> BrowserModel {
        var model = BrowserModel(columns: 80, rows: 24, offline: true, avatarsEnabled: false)
        _ = model.start()
        _ = model.update(.counted(50, pageSize: 30, rateLimit: nil, endReached: false))
        _ = model.update(.windowLoaded(.first(count: BrowserModel.chunk), start: 0, users: BrowserModelTests.users(0..<50)))
        return model
    }

    static func startsWithClear(_ bytes: [UInt8]) -> Bool { Array(bytes.prefix(clear.count)) == clear }

    @Test("the first frame is whole, the same frame again writes nothing, a move writes only the change")
    func diff() {
        // Given a screen and a model
        var screen = BrowserScreen(view: Self.view, pixels: nil, sessionGeneration: 0)
        var model = Self.model()
        // When the first frame is written
        let first = screen.bytes(for: model, sessionGeneration: 0)
        // Then it clears the screen and draws every line
        #expect(Self.startsWithClear(first))
        // When nothing changed, nothing is written
        #expect(screen.bytes(for: model, sessionGeneration: 0).isEmpty)
        // When the selection moves, only the changed cells are written
        _ = model.update(.keys([.character("j")], at: 1))
        let moved = screen.bytes(for: model, sessionGeneration: 0)
        #expect(!moved.isEmpty && !Self.startsWithClear(moved) && moved.count < first.count)
    }

    @Test("a repaint, or a terminal taken back (a newer session generation), writes the frame whole")
    func whole() {
        // Given a screen showing a frame
        var screen = BrowserScreen(view: Self.view, pixels: nil, sessionGeneration: 0)
        let model = Self.model()
        _ = screen.bytes(for: model, sessionGeneration: 0)
        // When a repaint is asked for, the same frame is written whole
        screen.repaint()
        #expect(Self.startsWithClear(screen.bytes(for: model, sessionGeneration: 0)))
        // When the session's generation moved on (after the editor), too, once
        #expect(Self.startsWithClear(screen.bytes(for: model, sessionGeneration: 1)))
        #expect(screen.bytes(for: model, sessionGeneration: 1).isEmpty)
    }

    @Test("a forced pixel protocol draws the pane's picture after the cells, once, at the pane's avatar")
    func picture() {
        // Given a screen with sixels forced and the pane open on a user with a picture drawn
        // for the size the pane shows
        var screen = BrowserScreen(view: Self.view, pixels: .sixels, sessionGeneration: 0)
        var model = Self.model()
        _ = model.update(.keys([.enter], at: 1))
        let cells = model.paneHeaderCells
        let picture = Array("\u{1B}Pq#0;2;0;0;0~-\u{1B}\\".utf8)
        model.pane.profile?.picture = PanePicture(columns: cells.columns, rows: cells.rows, bytes: picture)
        // When the frame is written
        let bytes = screen.bytes(for: model, sessionGeneration: 0)
        // Then the picture follows the cells, at the top-left cell of the pane's avatar (the
        // pane covers the screen below 96 columns)
        #expect(bytes.count > picture.count && Array(bytes.suffix(picture.count + 6)) == Array("\u{1B}[1;2H".utf8) + picture)
        // And an unchanged frame does not draw it again
        #expect(screen.bytes(for: model, sessionGeneration: 0).isEmpty)
    }
}
