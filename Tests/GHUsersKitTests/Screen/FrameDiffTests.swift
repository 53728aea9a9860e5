import Testing

@testable import GHUsersKit

@Suite("Screen: cells and frame diffs")
struct FrameDiffTests {
    @Test("the first frame repaints everything; the next writes only the cells that changed")
    func diff() {
        var old = CellGrid(width: 10, height: 3)
        old.write("hello", x: 0, y: 0)
        let first = String(decoding: FrameDiff.bytes(from: nil, to: old), as: UTF8.self)
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[2J") && first.contains("hello"))
        var new = old
        new.write("J", x: 0, y: 0)
        new.write("x", x: 3, y: 2, style: CellStyle(bold: true))
        let update = String(decoding: FrameDiff.bytes(from: old, to: new), as: UTF8.self)
        #expect(update == "\u{1B}[1;1H\u{1B}[0mJ\u{1B}[3;4H\u{1B}[0;1mx\u{1B}[0m")
        #expect(FrameDiff.bytes(from: new, to: new).isEmpty)
    }

    @Test("wide characters take two cells and are written once")
    func wide() {
        var grid = CellGrid(width: 6, height: 1)
        #expect(grid.write("界a", x: 0, y: 0) == 3)
        #expect(grid[1, 0].isContinuation && grid[2, 0].text == "a")
        #expect(grid.textLines() == ["界a"])
        #expect(grid.write("界界界界", x: 0, y: 0, maxWidth: 5) == 4)
    }

    @Test("writing over half of a wide character blanks the other half")
    func halfOfAWideCharacter() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("界界", x: 0, y: 0)
        grid.write("x", x: 1, y: 0)  // over the first one's second half
        #expect(grid.textLines() == [" x界"])
        grid.write("y", x: 2, y: 0)  // over the second one's first half
        #expect(grid.textLines() == [" xy"])
        #expect(!grid.cells.contains { $0.isContinuation })
    }
}
