import Synchronization

/// One character cell of a screen: the text it shows and its style.
///
/// A wide character (CJK, most emoji) takes two cells: the first holds it, the second is a
/// ``continuation`` that draws nothing.
///
/// The text is kept as plain bytes, not a `String`, so that a cell copies as 20 bytes: a
/// frame copies each of its cells several times (made, placed, compared), and with a `String`
/// each copy and release went through Swift's value witnesses (a quarter of a frame's time).
package struct Cell: Hashable, Sendable {
    /// The grapheme's UTF-8 bytes, up to 15, the first in the lowest byte of `low`, their count
    /// in the top byte of `high`; for a longer one (an emoji sequence), its number in
    /// ``Cell/long`` in `low`, and `high`'s top byte 0xFF.
    private var low: UInt64
    private var high: UInt64
    package var style: CellStyle

    /// Creates a cell.
    package init(_ text: String = " ", style: CellStyle = .plain) {
        (low, high) = Self.encode(text)
        self.style = style
    }

    /// A blank cell.
    package static let blank = Cell()

    /// The grapheme drawn here; `""` for the second half of a wide character.
    package var text: String {
        get {
            var bytes: [UInt8] = []
            appendUTF8(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        set { (low, high) = Self.encode(newValue) }
    }

    /// Appends the grapheme's UTF-8 bytes to `bytes` (a frame's output), without a `String`.
    package func appendUTF8(to bytes: inout [UInt8]) {
        let count = Int(high >> 56)
        if count == 0xFF { return bytes += Self.long.withLock { $0.texts[Int(low)] }.utf8 }
        for index in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: (index < 8 ? low >> (8 * index) : high >> (8 * (index - 8)))))
        }
    }

    /// Whether this is the second half of a wide character.
    package var isContinuation: Bool { high >> 56 == 0 }

    /// Whether the text drawn here is one ASCII character.
    package var isASCII: Bool { high >> 56 == 1 && low < 0x80 }

    /// The graphemes of more than 15 bytes drawn so far in this process, each once: a few
    /// emoji sequences in notes, usually.
    private static let long = Mutex(LongGraphemes())

    /// Numbers for graphemes of more than 15 bytes, up to ``limit`` of them: the text drawn
    /// comes from servers too (names, bios), and a table that only grows must not grow without
    /// bound.
    struct LongGraphemes {
        /// How many are kept: 4,096 graphemes of a few dozen bytes.
        static let limit = 4_096
        private(set) var texts: [String] = []
        private var numbers: [String: Int] = [:]
        var limit = Self.limit

        /// The number of `text`, made if there is room; `nil` when the table is full.
        mutating func number(for text: String) -> Int? {
            if let number = numbers[text] { return number }
            guard texts.count < limit else { return nil }
            texts.append(text)
            numbers[text] = texts.count - 1
            return texts.count - 1
        }
    }

    private static func encode(_ text: String) -> (UInt64, UInt64) {
        let utf8 = text.utf8
        guard utf8.count <= 15 else {
            if let number = long.withLock({ $0.number(for: text) }) { return (UInt64(number), 0xFF << 56) }
            // Full: the grapheme's first scalar (its base letter or emoji), not the marks and
            // joiners after it, with the emoji presentation selector if it had one, so that
            // ``width(of:)`` counts the cells the original took.
            var short = text.unicodeScalars.first.map { String($0) } ?? " "
            if text.unicodeScalars.contains("\u{FE0F}") { short += "\u{FE0F}" }
            return encode(short)
        }
        var (low, high) = (UInt64(0), UInt64(utf8.count) << 56)
        for (index, byte) in utf8.enumerated() {
            if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
        }
        return (low, high)
    }

    /// The number of cells `character` takes in a terminal: 0, 1 or 2 (East Asian wide and
    /// emoji ranges, as `wcwidth` has them; combining marks and joiners are 0).
    package static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        if (0x300...0x36F).contains(value) || (0x200B...0x200F).contains(value) || (0xFE00...0xFE0F).contains(value) { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
            0x26F2...0x26F5, 0x26FA...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
            0x2753...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
            0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
