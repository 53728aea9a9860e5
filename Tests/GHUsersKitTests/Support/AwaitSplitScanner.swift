/// Finds `await`s that sit in a parenthesised or bracketed list beside other elements, such as
/// `(id, .success(try await load()))` or `Row(id: id, image: await load())`.
///
/// Swift 6.3 in `-O` can corrupt the elements of such a value that were computed before the
/// suspension (swiftlang/swift#91911: async tuple results split across a suspension point), which
/// can make every avatar of the release binary a placeholder. The rule is therefore simple and
/// a little broader than the bug: bind the awaited value to a local, then build the value.
///
/// A light lexer, not a parser: it skips comments and string literals (but scans the code inside
/// `\(…)` interpolations), treats `{…}` as a boundary (an `await` inside a closure belongs to the
/// closure), and counts the commas directly inside each `(…)`/`[…]` (and the colons of `[k: v]`).
enum AwaitSplitScanner {
    /// A flagged `await`: the 1-based line of the list's opening bracket and of the `await`.
    struct Finding: Equatable, CustomStringConvertible {
        var listLine: Int
        var awaitLine: Int
        var description: String { "line \(awaitLine): an await inside the list opened on line \(listLine)" }
    }

    private struct Group {
        var open: UInt8
        var line: Int
        var separators = 0
        var awaits: [Int] = []
        /// For `\(`: the string to go back to when it closes.
        var interpolatedString: StringKind?
    }

    private struct StringKind {
        var hashes: Int
        var multiline: Bool
    }

    /// Every flagged `await` in `source`.
    static func findings(in source: String) -> [Finding] {
        let bytes = Array(source.utf8)
        var findings: [Finding] = []
        var groups: [Group] = []
        var line = 1
        var index = 0
        var string: StringKind?

        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        func close() {
            guard let group = groups.popLast() else { return }
            if group.open != UInt8(ascii: "{"), group.interpolatedString == nil, group.separators > 0 {
                findings += group.awaits.map { Finding(listLine: group.line, awaitLine: $0) }
            }
            string = group.interpolatedString
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if let kind = string {
                // Inside a string literal: look for its end or an interpolation.
                if byte == UInt8(ascii: "\\") {
                    var hashes = 0
                    while hashes < kind.hashes, at(1 + hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if hashes == kind.hashes, at(1 + hashes) == UInt8(ascii: "(") {
                        groups.append(Group(open: UInt8(ascii: "("), line: line, interpolatedString: kind))
                        string = nil
                        index += 2 + hashes
                        continue
                    }
                    let skip = hashes == kind.hashes ? 2 + hashes : 1
                    if skip > 1, at(skip - 1) == UInt8(ascii: "\n") { line += 1 }
                    index += skip
                    continue
                }
                let quotes = kind.multiline ? 3 : 1
                if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }),
                    (0..<kind.hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") })
                {
                    string = nil
                    index += quotes + kind.hashes
                    continue
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
                    if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") { depth -= 1; index += 2; continue }
                    if at(0) == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                } while depth > 0 && index < bytes.count
                continue
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                var hashes = 0
                while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                guard at(hashes) == UInt8(ascii: "\"") else { index += max(1, hashes); continue }
                let multiline = at(hashes + 1) == UInt8(ascii: "\"") && at(hashes + 2) == UInt8(ascii: "\"")
                string = StringKind(hashes: hashes, multiline: multiline)
                index += hashes + (multiline ? 3 : 1)
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                groups.append(Group(open: byte, line: line))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                close()
            case UInt8(ascii: ","):
                if !groups.isEmpty { groups[groups.count - 1].separators += 1 }
            case UInt8(ascii: ":"):
                if let last = groups.last, last.open == UInt8(ascii: "[") { groups[groups.count - 1].separators += 1 }
            case UInt8(ascii: "a"):
                let word = Array("await".utf8)
                if (0..<word.count).allSatisfy({ at($0) == word[$0] }), !isIdentifier(at(word.count)),
                    index == 0 || !isIdentifier(bytes[index - 1])
                {
                    // Every list between the await and the nearest closure holds it.
                    for position in groups.indices.reversed() {
                        if groups[position].open == UInt8(ascii: "{") { break }
                        groups[position].awaits.append(line)
                    }
                    index += word.count
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return findings
    }
}
