/// How a text qualifier matches (`location:us`, `fullname:"nat friedman"`): whole words, in
/// order, as GitHub's user search does, not parts of them. GitHub Docs, "Searching users":
/// `location:iceland` "matches users … who live in Iceland"; GitHub does not document how it
/// splits words, so a word here is a run of letters and digits (ASCII, or any character
/// outside it) of the folded text (``TextArena/fold(_:)``), and the qualifier's value is its
/// words in a row: `location:us` finds "Austin, US", not "Russia" or "Columbus";
/// `location:"new york"` finds "New York" and "new-york". A value without a word (`@`) matches
/// where it is a part of the text. RELIABILITY.md says why.
enum WordMatch {
    /// Whether `byte` of folded text is part of a word.
    @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- 0x61 < 26 || byte &- 0x30 < 10 || byte >= 0x80
    }

    /// The words of folded `bytes`.
    static func words(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split { !isWordByte($0) }.map(Array.init)
    }

    /// Whether folded `text[from..<to]` holds `phrase` (``words(_:)`` of a value, at least one)
    /// as consecutive words.
    static func holds(_ phrase: [[UInt8]], in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        guard let first = phrase.first else { return false }
        var index = from
        while index < to {
            while index < to, !isWordByte(text[index]) { index += 1 }
            guard index < to else { return false }
            if matches(first, text, at: index, to: to), following(phrase, text, after: index + first.count, to: to) { return true }
            while index < to, isWordByte(text[index]) { index += 1 }
        }
        return false
    }

    /// Whether `word` is the whole word starting at `index`.
    private static func matches(_ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>, at index: Int, to: Int) -> Bool {
        let end = index + word.count
        guard end <= to else { return false }
        for offset in 0..<word.count where text[index + offset] != word[offset] { return false }
        return end == to || !isWordByte(text[end])
    }

    /// Whether the words of the text after `index` (where `phrase`'s first word ended) are the
    /// rest of `phrase`.
    private static func following(_ phrase: [[UInt8]], _ text: UnsafeBufferPointer<UInt8>, after index: Int, to: Int) -> Bool {
        var index = index
        for word in phrase.dropFirst() {
            while index < to, !isWordByte(text[index]) { index += 1 }
            guard matches(word, text, at: index, to: to) else { return false }
            index += word.count
        }
        return true
    }

    /// Whether folded `text` holds `phrase`'s words in a row (``holds(_:in:from:to:)``).
    static func holds(_ phrase: [[UInt8]], in text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { holds(phrase, in: $0, from: 0, to: $0.count) }
    }
}
