/// How a text qualifier matches (`location:us`, `fullname:"nat friedman"`): whole words, in
/// order, as GitHub's user search does, not parts of them. GitHub Docs, "Searching users":
/// `location:iceland` "matches users … who live in Iceland". GitHub does not document how its
/// index splits words; the reading here (issue 54, RELIABILITY.md) is Unicode's: a word is a
/// run of letters, digits and marks (general categories L, Nd and M) of the folded text
/// (``TextArena/fold(_:)``), every other character (punctuation, symbols, spaces) splits words,
/// and each ideograph (Unicode's `Ideographic` property: Han, and the like) is a word of its own.
/// The qualifier's value is its words in a row: `location:us` finds "Austin, US", not "Russia"
/// or "Columbus"; `location:"new york"` finds "New York" and "new-york"; `location:berlin` finds
/// "Berlin–Germany" and "Berlin·Mitte"; `location:東京` finds "東京都". A value without a word
/// (`@`) matches where it is a part of the text.
enum WordMatch {
    /// What a character is to a word.
    enum Kind: UInt8 {
        /// Splits words.
        case separator
        /// Part of a run of letters, digits and marks.
        case letter
        /// A word on its own.
        case ideograph
    }

    /// The kind of every scalar of two UTF-8 bytes or fewer (Latin, Greek, Cyrillic, Arabic,
    /// Hebrew…), read once from Unicode's properties (2 KiB, a fraction of a millisecond); the
    /// CJK Unified Ideographs are ideographs; other scalars are read as they come.
    private static let twoBytes: [Kind] = (0..<0x800).map { kind(of: UInt32($0)) }

    /// The kind of scalar `value`, from its Unicode properties.
    private static func kind(of value: UInt32) -> Kind {
        guard let scalar = Unicode.Scalar(value) else { return .separator }
        if scalar.properties.isIdeographic { return .ideograph }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return .letter
        default:
            return .separator
        }
    }

    /// The kind and length in bytes of the UTF-8 scalar at `index` of `text` (before `to`): ASCII
    /// at a byte's cost; a malformed byte is a separator of one byte.
    @inline(__always) static func scalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int, to: Int) -> (kind: Kind, length: Int) {
        let lead = text[index]
        if lead < 0x80 { return (lead &- 0x61 < 26 || lead &- 0x30 < 10 ? .letter : .separator, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= to else { return (.separator, 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = text[index + offset]
            guard byte & 0xC0 == 0x80 else { return (.separator, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        if value < 0x800 { return (twoBytes[Int(value)], length) }
        return (0x4E00...0x9FFF ~= value ? .ideograph : kind(of: value), length)
    }

    /// The byte range of the first word of `text[from..<to]`, if it has one.
    @inline(__always) static func nextWord(_ text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Range<Int>? {
        var index = from
        while index < to {
            let (kind, length) = scalar(text, at: index, to: to)
            switch kind {
            case .separator:
                index += length
            case .ideograph:
                return index..<index + length
            case .letter:
                var end = index + length
                while end < to {
                    let next = scalar(text, at: end, to: to)
                    guard next.kind == .letter else { break }
                    end += next.length
                }
                return index..<end
            }
        }
        return nil
    }

    /// The words of folded `bytes`.
    static func words(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.withUnsafeBufferPointer { text in
            var words: [[UInt8]] = []
            var index = 0
            while let word = nextWord(text, from: index, to: text.count) {
                words.append(Array(text[word]))
                index = word.upperBound
            }
            return words
        }
    }

    /// Whether folded `text[from..<to]` holds `phrase` (``words(_:)`` of a value, at least one)
    /// as consecutive words.
    static func holds(_ phrase: [[UInt8]], in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        guard let first = phrase.first else { return false }
        var index = from
        while let word = nextWord(text, from: index, to: to) {
            index = word.upperBound
            guard equal(first, text, word) else { continue }
            var next = word.upperBound
            var rest = true
            for wanted in phrase.dropFirst() {
                guard let following = nextWord(text, from: next, to: to), equal(wanted, text, following) else {
                    rest = false
                    break
                }
                next = following.upperBound
            }
            if rest { return true }
        }
        return false
    }

    /// Whether `text[range]` is `word`.
    @inline(__always) private static func equal(_ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count == word.count else { return false }
        for offset in 0..<word.count where text[range.lowerBound + offset] != word[offset] { return false }
        return true
    }

    /// Whether folded `email[from..<to]` holds folded `needle` before its `@`: its words
    /// (`phrase`, ``words(_:)`` of the needle) in a row, or, for a needle without a word, the
    /// needle itself (`in:email`: GitHub cannot search domains, "Searching users").
    static func holdsInLocalPart(
        _ phrase: [[UInt8]], needle: UnsafeBufferPointer<UInt8>, of email: UnsafeBufferPointer<UInt8>, from: Int, to: Int
    ) -> Bool {
        var end = from
        while end < to, email[end] != UInt8(ascii: "@") { end += 1 }
        guard phrase.isEmpty else { return holds(phrase, in: email, from: from, to: end) }
        return !needle.isEmpty && TextArena.find(needle, in: email, from: from, to: end) != nil
    }

    /// `email` before its `@` (all of it without one), what `in:email` searches; by bytes (by
    /// characters, a million took 13 s).
    static func localPart(_ email: String) -> String {
        guard let at = email.utf8.firstIndex(of: UInt8(ascii: "@")) else { return email }
        return String(email[..<at])
    }

    /// ``holdsInLocalPart(_:needle:of:from:to:)`` of folded `needle` over the whole of folded `email`.
    static func holdsInLocalPart(_ needle: [UInt8], of email: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { needle in
            email.withUnsafeBufferPointer { holdsInLocalPart(words(Array(needle)), needle: needle, of: $0, from: 0, to: $0.count) }
        }
    }

    /// Whether folded `text` holds `phrase`'s words in a row (``holds(_:in:from:to:)``).
    static func holds(_ phrase: [[UInt8]], in text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { holds(phrase, in: $0, from: 0, to: $0.count) }
    }
}
