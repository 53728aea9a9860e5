import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Terminal sanitiser, property-based")
struct TerminalSanitizerPropertyTests {
    /// Mostly control characters and escape-sequence material, some ordinary and wide text.
    static let text = Gen<Character?>.element(of: Array("\u{1B}\u{7}\u{9B}\u{9D}\u{0}\u{8}\r\n\t[]0123456789;:?PM^_\\ aé中🧑‍💻\u{202E}\u{2066}\u{7F}\u{85}") as [Character]).map { $0! }
        .string(of: 0...60)

    @Test("no control character but newline and tab survives; the text keeps its length; sanitising twice changes nothing")
    func neutralises() async {
        await propertyCheck(count: PropertyScale.count(3_000), input: Self.text) { text in
            let clean = TerminalSanitizer.sanitize(text)
            #expect(!clean.unicodeScalars.contains { scalar in
                let value = scalar.value
                return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            })
            #expect(clean.unicodeScalars.count == text.unicodeScalars.count)
            #expect(TerminalSanitizer.sanitize(clean) == clean)
            #expect(!TerminalSanitizer.sanitize(text, keepNewlines: false).contains("\n"))
        }
    }
}
