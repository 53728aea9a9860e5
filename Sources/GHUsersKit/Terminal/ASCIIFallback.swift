import Foundation

/// What a terminal whose locale is not UTF-8 (`LANG=C`, `LC_ALL=POSIX`, an unset `LANG`, a
/// Latin-1 locale) is sent instead of the symbols ghusers draws: `✎` is `*`, `…` is `~`, `│`
/// is `|`, and text from GitHub or a note keeps its letters without their accents ("café" is
/// "cafe"). What still has no ASCII form is `?`, `??` for a wide character, so that columns
/// stay where they were. One table, applied where bytes leave for a terminal
/// (``OutputStream/asciiOnly`` and ``CellGrid/replaceNonASCII()``); data written to a file or
/// a pipe is never changed.
package enum ASCIIFallback {
    /// The symbols ghusers draws, each with its one-column ASCII stand-in.
    static let symbols: [Character: String] = [
        "…": "~", "·": "-", "│": "|", "─": "-", "—": "-", "–": "-", "✎": "*", "✗": "x", "✓": "v", "⚠": "!",
        "▌": "|", "█": "#", "▀": "#", "▄": "#", "“": "\"", "”": "\"", "‘": "'", "’": "'", "×": "x",
        "↓": "v", "↑": "^", "←": "<", "→": ">", "⠿": "*", "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\",
        "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/", "•": "*", "≥": ">", "≤": "<",
    ]

    /// `text` in ASCII, as wide on a terminal as it was.
    package static func ascii(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            result += ascii(character)
        }
        return result
    }

    /// One character in ASCII: itself, its stand-in, its letters without accents, or `?`.
    static func ascii(_ character: Character) -> String {
        if character.isASCII { return String(character) }
        if let symbol = symbols[character] { return symbol }
        let width = Cell.width(of: character)
        guard width > 0 else { return "" }
        // A letter with marks (é, ñ, Å, in either normal form): the base letter when it is ASCII.
        let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
        }
        if base.count == 1, let first = base.first, first.isASCII { return String(first) }
        return String(repeating: "?", count: width)
    }

    /// UTF-8 `bytes` in ASCII (invalid sequences become `?`).
    package static func ascii(bytes: some Collection<UInt8>) -> [UInt8] {
        Array(ascii(String(decoding: bytes, as: UTF8.self)).utf8)
    }
}
