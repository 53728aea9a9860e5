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

    /// The marker and the first line of `text`, cut to 40 characters.
    func notePreview(_ text: String) -> String {
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        var preview = TerminalSanitizer.sanitize(firstLine, keepNewlines: false)
        if preview.count > 40 { preview = String(preview.prefix(39)) + "…" }
        let marker = color ? "\u{1B}[33m" + Self.noteMarker + "\u{1B}[39m" : Self.noteMarker
        return marker + " " + preview
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }
}
