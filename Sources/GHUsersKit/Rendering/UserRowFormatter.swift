/// Formats users as the aligned one-line rows people read.
///
/// `     1  mojombo               User          ✎ met at a conference`
///
/// Columns have fixed widths (id 9, login 21, type 12) so rows can be streamed without
/// measuring the whole list first. In colour mode the note marker is yellow and seen users are
/// dimmed, as the original app greyed them. Every text from the network or a note passes
/// through ``TerminalSanitizer``.
public struct UserRowFormatter: Sendable {
    /// Whether to use ANSI colours.
    public var color: Bool

    /// The note marker.
    public static let noteMarker = "✎"

    /// Creates a formatter.
    public init(color: Bool) {
        self.color = color
    }

    /// The row of a cached user, without a line feed.
    public func line(_ details: UserDetails) -> String {
        var line = Self.pad(String(details.user.id), 9, right: true) + "  "
        line += Self.pad(TerminalSanitizer.sanitize(details.user.login, keepNewlines: false), 21) + " "
        let notePart = details.note.map(notePreview)
        line += notePart == nil ? TerminalSanitizer.sanitize(details.user.type, keepNewlines: false)
            : Self.pad(TerminalSanitizer.sanitize(details.user.type, keepNewlines: false), 12) + " " + notePart!
        if color && details.seen { return "\u{1B}[2m" + line + "\u{1B}[0m" }
        return line
    }

    /// The row of a note on a user who is not cached yet.
    public func line(_ note: Note) -> String {
        Self.pad("-", 9, right: true) + "  " + Self.pad(TerminalSanitizer.sanitize(note.login, keepNewlines: false), 21)
            + " " + Self.pad("(not cached)", 12) + " " + notePreview(note.text)
    }

    /// The marker and the first non-empty line of `text`, cut to 40 characters.
    ///
    /// Rows are printed by the thousand, so this looks at bytes rather than walking the whole
    /// note by `Character`: it finds the first line in the UTF-8 view (a line feed right after a
    /// carriage return is part of one "\r\n" character, not a line end, as `Character`
    /// comparison has it) and counts characters only up to the 41st.
    func notePreview(_ text: String) -> String {
        var preview = TerminalSanitizer.sanitize(String(Self.firstLine(of: text)), keepNewlines: false)
        if preview.utf8.count > 40,
            let cut = preview.index(preview.startIndex, offsetBy: 39, limitedBy: preview.endIndex),
            preview.index(cut, offsetBy: 2, limitedBy: preview.endIndex) != nil
        {
            preview = String(preview[..<cut]) + "…"
        }
        let marker = color ? "\u{1B}[33m" + Self.noteMarker + "\u{1B}[39m" : Self.noteMarker
        return marker + " " + preview
    }

    /// The first line of `text` that is not empty; lines end at a line feed that does not follow
    /// a carriage return.
    static func firstLine(of text: String) -> Substring {
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        var previous: UInt8 = 0
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A && previous != 0x0D {
                if index != start { break }
                start = bytes.index(after: index)  // an empty line: skip it
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return text[start..<index]
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        // ASCII without a carriage return (CR LF is one character) has a character per byte.
        if text.utf8.count >= width && text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text }
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }
}
