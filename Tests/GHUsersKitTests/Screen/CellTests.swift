import Testing

@testable import GHUsersKit

@Suite("Cell: a grapheme kept as bytes")
struct CellTests {
    /// Graphemes of 0 to 25 bytes: ASCII, two-, three- and four-byte characters, a combining
    /// sequence, exactly 8, 15 and 16 bytes, and an emoji family of 25.
    static let texts = [
        "", " ", "a", "é", "e\u{301}", "中", "😀", "🇫🇷", "abcdefgh", "abcdefghijklmno", "abcdefghijklmnop",
        "👨‍👩‍👧‍👦",
    ]

    @Test("the text comes back as given, as a String and as bytes, and only the empty text is a continuation")
    func roundTrip() {
        for text in Self.texts {
            var cell = Cell(text, style: CellStyle(bold: true))
            #expect(cell.text == text && Array(cell.text.utf8) == Array(text.utf8), "\(text)")
            var bytes: [UInt8] = [0x78]
            cell.appendUTF8(to: &bytes)
            #expect(bytes == [0x78] + Array(text.utf8), "\(text)")
            #expect(cell.isContinuation == text.isEmpty, "\(text)")
            cell.text = "z"
            #expect(cell.text == "z" && cell.style.bold)
        }
    }

    @Test("cells are equal, and hash alike, exactly when their bytes and styles are")
    func equality() {
        for (index, text) in Self.texts.enumerated() {
            #expect(Cell(text) == Cell(String(text)) && Cell(text).hashValue == Cell(String(text)).hashValue, "\(text)")
            for other in Self.texts[(index + 1)...] { #expect(Cell(text) != Cell(other), "\(text) \(other)") }
            #expect(Cell(text) != Cell(text, style: CellStyle(dim: true)))
        }
        #expect(Cell.blank == Cell(" ") && Cell() == Cell.blank)
    }

    @Test("long graphemes get numbers up to the table's limit, the same one each time; past it, none")
    func longGraphemesAreBounded() {
        var table = Cell.LongGraphemes()
        table.limit = 3
        let texts = (0..<5).map { "a" + String(repeating: "\u{301}", count: 8 + $0) }  // 17+ bytes each
        let numbers = texts.map { table.number(for: $0) }
        #expect(numbers == [0, 1, 2, nil, nil])
        #expect(table.number(for: texts[1]) == 1, "known ones keep their number when full")
        #expect(table.texts.count == 3)
    }

    @Test("past the table's limit a long grapheme keeps its first scalar, and its emoji presentation, so its width holds")
    func fullTableKeepsTheWidth() {
        let long = "\u{26F9}\u{1F3FB}\u{200D}\u{2642}\u{FE0F}"  // ⛹🏻‍♂️, 16 bytes
        #expect(long.utf8.count > 15)
        let short = "\u{26F9}\u{FE0F}"
        #expect(Cell.width(of: Character(long)) == Cell.width(of: Character(short)))
    }
}

