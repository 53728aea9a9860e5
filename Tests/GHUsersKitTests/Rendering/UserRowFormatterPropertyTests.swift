import PropertyBased
import Testing

@testable import GHUsersKit

/// `notePreview` and `pad` work on bytes for speed; their results must be those of the plain
/// `Character` definitions, which these tests spell out.
@Suite("Row formatter, property-based")
struct UserRowFormatterPropertyTests {
    /// Pieces that stress line and character boundaries: CR LF, lone CR and LF, combining
    /// marks, multi-scalar emoji, wide characters, control characters.
    static let piece = Gen<Int>.value(in: 0...11).map { kind -> String in
        switch kind {
        case 0: "\n"
        case 1: "\r\n"
        case 2: "\r"
        case 3: "e\u{301}"
        case 4: "👩‍👩‍👧"
        case 5: "語"
        case 6: "\u{1B}[2J"
        case 7: "\t"
        case 8: " "
        default: String(repeating: "abcdefghij", count: kind - 7)
        }
    }

    static let text = piece.array(of: 0...30).map { $0.joined() }

    /// The definition: the first non-empty line split on `Character` "\n", cut to 40 characters.
    static func expectedPreview(_ text: String) -> String {
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        var preview = TerminalSanitizer.sanitize(firstLine, keepNewlines: false)
        if preview.count > 40 { preview = String(preview.prefix(39)) + "…" }
        return UserRowFormatter.noteMarker + " " + preview
    }

    @Test("the note preview is the first non-empty line, sanitised, cut to 40 characters")
    func preview() async {
        let formatter = UserRowFormatter(color: false)
        await propertyCheck(count: PropertyScale.count(2_000), input: Self.text) { text in
            #expect(formatter.notePreview(text) == Self.expectedPreview(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test(
        "edge cases of the preview",
        arguments: [
            "", "\n", "\n\nsecond", "a\r\nb", "a\rb\nc", String(repeating: "x", count: 40), String(repeating: "x", count: 41),
            String(repeating: "é", count: 41), String(repeating: "e\u{301}", count: 40) + "\n",
        ])
    func previewEdges(text: String) {
        #expect(UserRowFormatter(color: false).notePreview(text) == Self.expectedPreview(text))
    }

    @Test("padding fills to the width in characters and never cuts")
    func padding() async {
        await propertyCheck(count: PropertyScale.count(1_000), input: Self.text, Gen<Int>.value(in: 0...40)) { text, width in
            let padded = UserRowFormatter.pad(text, width)
            #expect(padded.hasPrefix(text))
            #expect(padded.count == max(width, text.count))
            #expect(UserRowFormatter.pad(text, width, right: true).hasSuffix(text))
        }
    }
}
