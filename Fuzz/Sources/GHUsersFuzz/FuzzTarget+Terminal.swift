import Foundation

@testable import GHUsersKit

extension FuzzTarget {
    /// What the sanitiser returns holds no control character but `\n` and `\t` (none at all
    /// without `keepNewlines`, where a tab is a space), no bidirectional override, and is
    /// otherwise the input.
    static func sanitizer(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        for keepNewlines in [true, false] {
            let safe = TerminalSanitizer.sanitize(text, keepNewlines: keepNewlines)
            guard safe.unicodeScalars.count == text.unicodeScalars.count else { fatalError("the sanitiser changed the length") }
            for (before, after) in zip(text.unicodeScalars, safe.unicodeScalars) where before != after {
                guard after == "\u{FFFD}" || (before == "\t" && after == " " && !keepNewlines) else { fatalError("\(before.value) became \(after.value)") }
            }
            if let unsafe = safe.unicodeScalars.first(where: { isUnsafe($0, keepNewlines: keepNewlines) }) {
                fatalError("U+\(String(unsafe.value, radix: 16)) got through")
            }
        }
    }

    /// The rule of `TerminalSanitizer`, written again independently.
    private static func isUnsafe(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        if scalar == "\n" || scalar == "\t" { return !keepNewlines }
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Never crashes; the same bytes decode to the same events whether they come in one read or
    /// split in two at any point (the first byte of the input chooses where).
    static func keys(_ data: Data) {
        guard let first = data.first else { return }
        let bytes = Array(data.dropFirst())
        var whole = KeyDecoder()
        let together = whole.feed(bytes) + whole.flush()
        let split = bytes.isEmpty ? 0 : Int(first) % (bytes.count + 1)
        var parts = KeyDecoder()
        let apart = parts.feed(bytes[..<split]) + parts.feed(bytes[split...]) + parts.flush()
        guard together == apart else { fatalError("split at \(split) of \(bytes.count): \(together) vs \(apart)") }
    }
}
