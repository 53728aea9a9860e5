/// Makes text from the network or the database safe to print on a terminal.
///
/// Every C0 and C1 control character except line feed and tab is replaced, ESC included, so
/// no ANSI CSI or OSC sequence (screen clearing, OSC 52 clipboard writes, OSC 8 links) from a
/// server or a note can reach the terminal. What is replaced is shown as U+FFFD.
package enum TerminalSanitizer {
    /// `text` with every control character but `\n` and `\t` replaced by U+FFFD; with
    /// `keepNewlines` false, for one line, `\n` is replaced too and `\t` is a space.
    package static func sanitize(_ text: String, keepNewlines: Bool = true) -> String {
        // Printable ASCII, which most logins and notes are, has nothing to replace.
        if isPrintableASCII(text.utf8) { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines: keepNewlines) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            // On one line a tab is the white space it stands for, not a replaced character.
            if scalar == "\t" { scalars.append(keepNewlines ? scalar : " ") } else {
                scalars.append(isUnsafe(scalar, keepNewlines: keepNewlines) ? "\u{FFFD}" : scalar)
            }
        }
        return String(scalars)
    }

    /// Whether every byte is printable ASCII (space to tilde): text with nothing to replace, and
    /// a character per byte.
    static func isPrintableASCII(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional overrides and isolates can make text read as something else.
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
