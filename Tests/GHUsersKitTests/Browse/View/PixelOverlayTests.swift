import Testing

@testable import GHUsersKit

/// What a forced pixel protocol writes around the frame diff: the picture after the cells, drawn
/// once, erased before any frame that changes a cell under it, moves it or drops it.
@Suite("Browse: pixel pictures over the cells, byte by byte")
struct PixelOverlayTests {
    static let picture = Array("\u{1B}Pq#0;2;0;0;0~-\u{1B}\\".utf8)  // a tiny sixel image

    static func frame(_ text: String = "", at y: Int = 0) -> CellGrid {
        var grid = CellGrid(width: 20, height: 6)
        grid.write(text, x: 0, y: y)
        return grid
    }

    static func overlay(_ pixels: GraphicsMode.Pixels = .sixels, x: Int = 2) -> PixelOverlay {
        PixelOverlay(x: x, y: 1, columns: 4, rows: 2, pixels: pixels, picture: picture)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func ends(_ bytes: [UInt8], with tail: [UInt8]) -> Bool { bytes.count >= tail.count && Array(bytes.suffix(tail.count)) == tail }

    @Test("the first frame: cells, then the picture at its top-left cell")
    func firstFrame() {
        let bytes = PixelOverlay.bytes(previous: nil, next: Self.overlay(), shown: nil, frame: Self.frame("a"))
        #expect(Self.ends(bytes, with: Array("\u{1B}[2;3H".utf8) + Self.picture))
        #expect(Self.text(bytes).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test("a frame that changes nothing under the picture leaves it alone")
    func untouched() {
        let bytes = PixelOverlay.bytes(previous: Self.overlay(), next: Self.overlay(), shown: Self.frame("a"), frame: Self.frame("b", at: 5))
        #expect(!Self.text(bytes).contains("\u{1B}Pq"))
        #expect(Self.text(bytes).contains("\u{1B}[6;1Hb"))
    }

    @Test("sixels: a change under the picture rewrites every cell under it, then draws it again")
    func touchedSixels() {
        let bytes = PixelOverlay.bytes(previous: Self.overlay(), next: Self.overlay(), shown: Self.frame(), frame: Self.frame("  x", at: 1))
        let text = Self.text(bytes)
        #expect(text.contains("\u{1B}[2;3H") && text.contains("x") && text.contains("\u{1B}[3;3H"))  // both rows under it
        #expect(Self.ends(bytes, with: Array("\u{1B}[2;3H".utf8) + Self.picture))
    }

    @Test("kitty: dropping or moving the picture deletes the placements first")
    func kitty() {
        let dropped = PixelOverlay.bytes(previous: Self.overlay(.kitty), next: nil, shown: Self.frame(), frame: Self.frame())
        #expect(Array(dropped.prefix(PixelOverlay.kittyDeleteAll.count)) == PixelOverlay.kittyDeleteAll)
        #expect(!Self.text(dropped).contains("\u{1B}Pq"))
        let moved = PixelOverlay.bytes(previous: Self.overlay(.kitty), next: Self.overlay(.kitty, x: 9), shown: Self.frame(), frame: Self.frame())
        #expect(Array(moved.prefix(PixelOverlay.kittyDeleteAll.count)) == PixelOverlay.kittyDeleteAll)
        #expect(Self.ends(moved, with: Array("\u{1B}[2;10H".utf8) + Self.picture))
        let repaint = PixelOverlay.bytes(previous: Self.overlay(.kitty), next: Self.overlay(.kitty), shown: nil, frame: Self.frame())
        #expect(Array(repaint.prefix(PixelOverlay.kittyDeleteAll.count)) == PixelOverlay.kittyDeleteAll)
    }
}
