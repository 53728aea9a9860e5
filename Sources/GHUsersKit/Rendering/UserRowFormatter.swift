/// Formats users as the aligned one-line rows people read.
///
/// `     1  mojombo               User          ✎ met at a conference`
///
/// Columns have fixed widths (id 9, login 21, type 12) so rows can be streamed without
/// measuring the whole list first. In colour mode the note marker is bold and seen users are
/// dimmed, as the original app greyed them. Every text from the network or a note passes
/// through ``TerminalSanitizer``.
///
/// Rows are printed by the thousand, so they are written as UTF-8 bytes straight into the
/// output buffer (the `append` methods): printable ASCII, which logins, types and most notes
/// are, is copied and counted a byte at a time; only other text is counted in `Character`s.
/// ``line(_:)`` gives the same row as a string, for tests.
package struct UserRowFormatter: Sendable {
    /// Whether to use ANSI colours.
    package var color: Bool
    /// Whether a note is printed whole, its line breaks written `\n`, rather than its first
    /// line cut to 40 characters: when stdout is not a terminal (a pipe, a file), so that
    /// `ghusers list | grep 'follow up'` finds what a note says.
    package var wholeNotes = false

    /// The note marker.
    package static let noteMarker = "✎"

    /// The type column of an account GitHub no longer has (deleted or suspended).
    package static let goneLabel = "gone"

    /// Creates a formatter.
    package init(color: Bool) {
        self.color = color
    }

    /// The row of a cached user, without a line feed.
    func line(_ details: UserDetails) -> String {
        var bytes: [UInt8] = []
        append(details, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the row of a cached user, without a line feed, to `bytes`.
    package func append(_ details: UserDetails, to bytes: inout [UInt8]) {
        let dims = color && details.seen
        if dims { bytes.append(contentsOf: Self.dim) }
        Self.appendNumber(details.user.id, width: 9, to: &bytes)
        bytes.append(contentsOf: Self.twoSpaces)
        Self.appendCell(details.user.login, width: 21, to: &bytes)
        bytes.append(Self.space)
        // An account GitHub no longer has says so where its type was (``UserDetails/gone``).
        let type = details.gone ? Self.goneLabel : details.user.type
        if let note = details.note {
            Self.appendCell(type, width: 12, to: &bytes)
            bytes.append(Self.space)
            appendNotePreview(note, to: &bytes, dimmed: dims)
        } else {
            // The last column: no padding.
            bytes.append(contentsOf: TerminalSanitizer.sanitize(type, keepNewlines: false).utf8)
        }
        if dims { bytes.append(contentsOf: Self.reset) }
    }

    /// Appends the row of a note on a user who is not cached yet, without a line feed.
    package func append(_ note: Note, to bytes: inout [UInt8]) {
        Self.appendCell("-", width: 9, right: true, to: &bytes)
        bytes.append(contentsOf: Self.twoSpaces)
        Self.appendCell(note.login, width: 21, to: &bytes)
        bytes.append(Self.space)
        Self.appendCell("(not cached)", width: 12, to: &bytes)
        bytes.append(Self.space)
        appendNotePreview(note.text, to: &bytes)
    }

    /// The marker and the first non-empty line of `text`, cut to 40 characters.
    func notePreview(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendNotePreview(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``notePreview(_:)``.
    ///
    /// The first line is found in the UTF-8 bytes (a line feed right after a carriage return is
    /// part of one "\r\n" character, not a line end, as `Character` comparison has it), and
    /// characters are counted only when that line is not printable ASCII.
    private func appendNotePreview(_ text: String, to bytes: inout [UInt8], dimmed: Bool = false) {
        bytes.append(contentsOf: color ? Self.colouredMarker : Self.plainMarker)
        // Bold's end (22) ends dim too: a seen user's row is dimmed again after the marker.
        if color, dimmed { bytes.append(contentsOf: Self.dim) }
        bytes.append(Self.space)
        if wholeNotes {
            Self.appendEscaped(TerminalSanitizer.sanitize(text), escapingBackslash: false, to: &bytes)
            return
        }
        var text = text
        text.withUTF8 { utf8 in
            let line = UnsafeBufferPointer(rebasing: utf8[Self.firstLine(in: utf8)])
            if TerminalSanitizer.isPrintableASCII(line) {
                // A byte per character, nothing to sanitise.
                if line.count > 40 {
                    bytes.append(contentsOf: line.prefix(39))
                    bytes.append(contentsOf: Self.ellipsis)
                } else {
                    bytes.append(contentsOf: line)
                }
                return
            }
            var preview = TerminalSanitizer.sanitize(String(decoding: line, as: UTF8.self), keepNewlines: false)
            if preview.count > 40 { preview = String(preview.prefix(39)) + "…" }
            bytes.append(contentsOf: preview.utf8)
        }
    }

    /// Appends the `--tsv` line of a cached user: id, login, type (`gone` for an account GitHub
    /// no longer has), seen, and the whole note (empty without one), tab-separated, without a
    /// line feed. Every field is one line: ``appendEscaped(_:escapingBackslash:to:)``.
    package static func appendTSV(_ details: UserDetails, to bytes: inout [UInt8]) {
        appendNumber(details.user.id, width: 0, to: &bytes)
        for field in [details.user.login, details.gone ? goneLabel : details.user.type, details.seen ? "true" : "false", details.note ?? ""] {
            bytes.append(0x09)
            appendEscaped(field, escapingBackslash: true, to: &bytes)
        }
    }

    /// Appends the `--tsv` line of a note on a user not cached yet: no id, the login, type
    /// `-`, seen `false`, the note.
    package static func appendTSV(_ note: Note, to bytes: inout [UInt8]) {
        for field in [note.login, "-", "false", note.text] {
            bytes.append(0x09)
            appendEscaped(field, escapingBackslash: true, to: &bytes)
        }
    }

    /// Appends `text` on one line: tab, line feed and carriage return written `\t`, `\n` and
    /// `\r`, and a backslash `\\` when `escapingBackslash` (TSV, read back by a program).
    static func appendEscaped(_ text: String, escapingBackslash: Bool, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x5C where escapingBackslash: bytes.append(contentsOf: [0x5C, 0x5C])
            default: bytes.append(byte)
            }
        }
    }

    /// Where the first line of `utf8` that is not empty lies; lines end at a line feed that does
    /// not follow a carriage return.
    static func firstLine(in utf8: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var index = 0
        var previous: UInt8 = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0x0A && previous != 0x0D {
                if index != start { break }
                start = index + 1  // an empty line: skip it
            }
            previous = byte
            index += 1
        }
        return start..<index
    }

    /// `text` padded with spaces to `width` characters; never cut.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        var bytes: [UInt8] = []
        appendPadded(text, width: width, right: right, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, sanitised, padded to `width` characters.
    private static func appendCell(_ text: String, width: Int, right: Bool = false, to bytes: inout [UInt8]) {
        appendPadded(TerminalSanitizer.sanitize(text, keepNewlines: false), width: width, right: right, to: &bytes)
    }

    /// Appends `text` padded with spaces to `width` characters; never cut.
    private static func appendPadded(_ text: String, width: Int, right: Bool, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            let count = TerminalSanitizer.isPrintableASCII(utf8) ? utf8.count : String(decoding: utf8, as: UTF8.self).count
            let padding = repeatElement(space, count: max(0, width - count))
            if right { bytes.append(contentsOf: padding) }
            bytes.append(contentsOf: utf8)
            if !right { bytes.append(contentsOf: padding) }
        }
    }

    /// Appends `number` in decimal, right-aligned in `width` characters.
    private static func appendNumber(_ number: Int64, width: Int, to bytes: inout [UInt8]) {
        var length = number < 0 ? 2 : 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        bytes.append(contentsOf: repeatElement(space, count: max(width, length)))
        var index = bytes.count - 1
        rest = number.magnitude
        repeat {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        } while rest > 0
        if number < 0 { bytes[index] = UInt8(ascii: "-") }
    }

    private static let space = UInt8(ascii: " ")
    private static let twoSpaces: [UInt8] = [0x20, 0x20]
    private static let dim = Array("\u{1B}[2m".utf8)
    private static let reset = Array("\u{1B}[0m".utf8)
    private static let ellipsis = Array("…".utf8)
    private static let plainMarker = Array(noteMarker.utf8)
    /// Bold in the terminal's own foreground: legible on light and dark backgrounds alike, where
    /// yellow would be faint on white.
    private static let colouredMarker = Array(("\u{1B}[1m" + noteMarker + "\u{1B}[22m").utf8)
}
