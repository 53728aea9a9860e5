import Foundation
import Testing

@testable import GHUsersKit

/// Colours follow the terminal: terminfo's `max_colors` as ncurses compiled it, none for an
/// unset `TERM`, `dumb` or `vt100`, and the 16 standard colours written so 8-colour terminals read them.
@Suite struct TerminalColorsTests {
    @Test("terminfo's colours: xterm 8, xterm-256color 256, vt100 none; unset, dumb and COLORTERM")
    func counts() {
        let installed = ["/lib/terminfo/x/xterm", "/usr/share/terminfo/x/xterm"].contains { FileManager.default.fileExists(atPath: $0) }
        if installed {
            #expect(Terminal.colorCount(environment: ["TERM": "xterm"]) == 8)
            #expect(Terminal.colorCount(environment: ["TERM": "xterm-256color"]) == 256)
            #expect(Terminal.colorCount(environment: ["TERM": "vt100"]) == 0)
        }
        #expect(Terminal.colorCount(environment: [:]) == 0)
        #expect(Terminal.colorCount(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]) == 0)
        #expect(Terminal.colorCount(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]) == 1 << 24)
        #expect(Terminal.colorCount(environment: ["TERM": "no-such-term-256color", "TERMINFO_DIRS": "/nonexistent"]) >= 256)
    }

    @Test("both compiled formats are read: 16-bit numbers and ncurses 6's 32-bit ones")
    func formats() {
        // Names "t|x\0" (4 bytes), one boolean (an odd total: a pad byte), 14 numbers, colors#88.
        func entry(magic: UInt16, width: Int) -> Data {
            var bytes: [UInt8] = []
            for value in [magic, 4, 1, 14, 0, 0] { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
            bytes += Array("t|x".utf8) + [0, 1, 0]
            for index in 0..<14 {
                let value = index == 13 ? 88 : 0xFFFF_FFFF
                bytes += (0..<width).map { UInt8((value >> ($0 * 8)) & 0xFF) }
            }
            return Data(bytes)
        }
        #expect(Terminal.maxColors(in: entry(magic: 0o432, width: 2)) == 88)
        #expect(Terminal.maxColors(in: entry(magic: 0o1036, width: 4)) == 88)
        #expect(Terminal.maxColors(in: Data([1, 2, 3])) == nil)
    }

    @Test("the 16 standard colours are 30–37 and 90–97 (backgrounds 40–47, 100–107); the rest 38;5;n")
    func sgr() {
        #expect(CellStyle(foreground: .indexed(1)).sgr == "\u{1B}[0;31m")
        #expect(CellStyle(foreground: .indexed(15), background: .indexed(1)).sgr == "\u{1B}[0;97;41m")
        #expect(CellStyle(background: .indexed(12)).sgr == "\u{1B}[0;104m")
        #expect(CellStyle(foreground: .indexed(208)).sgr == "\u{1B}[0;38;5;208m")
    }
}
