import Testing

@testable import GHUsersKit

/// Rows for scripts: `--tsv` one record a line that reads back to the same fields, and whole
/// notes when stdout is not a terminal.
@Suite struct UserRowFormatterScriptTests {
    /// Reads a `--tsv` field back: `\t`, `\n`, `\r` and `\\` undone.
    static func unescape(_ field: Substring) -> String {
        var text = ""
        var escaped = false
        for character in field {
            if escaped {
                text.append(["t": "\t", "n": "\n", "r": "\r", "\\": "\\"][character] ?? character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    @Test("a --tsv line is one line whose fields read back exactly, tabs, newlines and backslashes included")
    func tsvRoundTrip() {
        let notes = ["follow up\nin May", "a\tb", "C:\\path\\n", "plain", "", "\r\n\\"]
        for note in notes {
            let details = UserDetails(user: Factory.user(7, "mojombo"), note: note.isEmpty ? nil : note, seen: true, gone: false)
            var bytes: [UInt8] = []
            UserRowFormatter.appendTSV(details, to: &bytes)
            let line = String(decoding: bytes, as: UTF8.self)
            #expect(!line.contains("\n") && !line.contains("\r"), "\(line.debugDescription)")
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(fields.count == 5)
            #expect(fields.map(Self.unescape) == ["7", "mojombo", "User", "true", note])
        }
    }

    @Test("piped, a row carries the whole note on its one line; on a terminal, its first line cut to 40 characters")
    func wholeNotes() {
        let note = "met at a conference in Berlin, in the hallway\nfollow up in May"
        let details = UserDetails(user: Factory.user(1, "mojombo"), note: note, seen: false, gone: false)
        var piped = UserRowFormatter(color: false)
        piped.wholeNotes = true
        #expect(piped.line(details).hasSuffix("✎ met at a conference in Berlin, in the hallway\\nfollow up in May"))
        #expect(UserRowFormatter(color: false).line(details).hasSuffix("✎ met at a conference in Berlin, in the h…"))
    }
}
