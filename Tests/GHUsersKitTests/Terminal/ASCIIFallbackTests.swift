import Testing

@testable import GHUsersKit

/// A terminal whose locale is not UTF-8 gets ASCII: symbols by their stand-ins, letters
/// without accents, `?` for the rest, each as wide as what it replaces.
@Suite struct ASCIIFallbackTests {
    @Test("the locale: LC_ALL, then LC_CTYPE, then LANG; unset, C and POSIX are not UTF-8")
    func locale() {
        #expect(Terminal.isUTF8(environment: ["LANG": "C.UTF-8"]))
        #expect(Terminal.isUTF8(environment: ["LANG": "en_US.utf8"]))
        #expect(Terminal.isUTF8(environment: ["LANG": "de_DE.UTF-8@euro"]))
        #expect(!Terminal.isUTF8(environment: [:]))
        #expect(!Terminal.isUTF8(environment: ["LANG": "C"]))
        #expect(!Terminal.isUTF8(environment: ["LANG": "POSIX"]))
        #expect(!Terminal.isUTF8(environment: ["LANG": "en_US.ISO-8859-1"]))
        #expect(!Terminal.isUTF8(environment: ["LANG": "C.UTF-8", "LC_ALL": "C"]))
        #expect(Terminal.isUTF8(environment: ["LANG": "C", "LC_CTYPE": "C.UTF-8"]))
        #expect(Terminal.isUTF8(environment: ["LANG": "C.UTF-8", "LC_ALL": ""]), "an empty variable is unset")
    }

    @Test("symbols, accents, and what has no ASCII form, as wide as before")
    func text() {
        #expect(ASCIIFallback.ascii("✎ note · 3 … │ ✗ ⚠ “q”") == "* note - 3 ~ | x ! \"q\"")
        #expect(ASCIIFallback.ascii("café Ångström") == "cafe Angstrom")
        #expect(ASCIIFallback.ascii("cafe\u{301}") == "cafe", "NFD as NFC")
        #expect(ASCIIFallback.ascii("東京 λ") == "???? ?")
        #expect(ASCIIFallback.ascii("plain ascii") == "plain ascii")
        #expect(ASCIIFallback.ascii(bytes: Array("naïve ✎".utf8)) == Array("naive *".utf8))
    }

    @Test("a frame keeps its styles and its columns: a wide character becomes two cells")
    func frame() {
        var grid = CellGrid(width: 8, height: 1)
        grid.write("✎東x", x: 0, y: 0, style: CellStyle(bold: true))
        grid.replaceNonASCII()
        #expect(grid.textLines(color: false) == ["*??x"])
        #expect(grid.cells.allSatisfy { $0.isASCII })
        #expect(grid.cells[1].style == CellStyle(bold: true) && grid.cells[2].style == CellStyle(bold: true))
    }
}
