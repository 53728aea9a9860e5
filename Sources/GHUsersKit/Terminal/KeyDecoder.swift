/// Turns the bytes a terminal sends into ``KeyEvent``s: batched reads (four arrows in one read)
/// and sequences split across reads both decode the same.
///
/// A lone `ESC` is ambiguous (Escape, or the start of a sequence, or Alt-key): it stays pending
/// until more bytes arrive or the caller's short timer (about 50 ms, as tcell and FTXUI use)
/// calls ``flush()``. Bracketed paste (`ESC[200~ … ESC[201~`) becomes one ``KeyEvent/paste(_:)``;
/// SGR mouse reports (`ESC[<b;x;yM`) become wheel notches and clicks.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// A paste longer than this ends there: a start marker without its end must not swallow
    /// every later key (`q` and `Ctrl-C` included: there are no signals in raw mode).
    package static let pasteLimit = 1 << 20

    /// Creates a decoder with nothing pending.
    package init() {}

    /// Whether bytes wait for more input or for ``flush()`` (start the ESC timer).
    package var hasPending: Bool { !pending.isEmpty && paste == nil }

    /// The events `bytes` complete, in order.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// The events of what is pending, taking a lone `ESC` as Escape (the timer ran out).
    package mutating func flush() -> [KeyEvent] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [KeyEvent] {
        var events: [KeyEvent] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                guard let end = find([0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E], from: index) else {
                    // Keep the tail that could be the start of the end marker.
                    let keep = max(index, pending.count - 5)
                    paste!.append(contentsOf: pending[index..<keep])
                    index = keep
                    if paste!.count > Self.pasteLimit {
                        events.append(.paste(String(decoding: paste!, as: UTF8.self)))
                        paste = nil
                        continue
                    }
                    break
                }
                paste!.append(contentsOf: pending[index..<end])
                events.append(.paste(String(decoding: paste!, as: UTF8.self)))
                paste = nil
                index = end + 6
                continue
            }
            guard let (event, length) = Self.event(in: pending[index...], final: final) else { break }
            index += length
            if event == .paste("") {
                paste = []
                continue
            }
            events.append(event)
        }
        pending.removeFirst(index)
        return events
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard pending.count - start >= needle.count else { return nil }
        for position in start...(pending.count - needle.count) where pending[position] == needle[0] {
            if pending[position..<position + needle.count].elementsEqual(needle) { return position }
        }
        return nil
    }

    /// The event at the start of `bytes` and its length, or `nil` if more bytes are needed.
    /// `.paste("")` marks the start of a bracketed paste.
    static func event(in bytes: ArraySlice<UInt8>, final: Bool) -> (KeyEvent, Int)? {
        let start = bytes.startIndex
        let first = bytes[start]
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return final ? (.escape, 1) : nil }
            let second = bytes[start + 1]
            if second == UInt8(ascii: "[") { return csi(bytes, final: final) }
            if second == UInt8(ascii: "O") {
                guard bytes.count > 2 else { return final ? (.alt("O"), 2) : nil }
                let key: KeyEvent =
                    switch bytes[start + 2] {
                    case UInt8(ascii: "A"): .up
                    case UInt8(ascii: "B"): .down
                    case UInt8(ascii: "C"): .right
                    case UInt8(ascii: "D"): .left
                    case UInt8(ascii: "H"): .home
                    case UInt8(ascii: "F"): .end
                    default: .unknown(Array(bytes[start..<start + 3]))
                    }
                return (key, 3)
            }
            if second == 0x1B { return (.escape, 1) }
            guard let (inner, length) = event(in: bytes.dropFirst(), final: final) else { return nil }
            if case .character(let character) = inner { return (.alt(character), 1 + length) }
            return (.escape, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (.unknown([0]), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x1C...0x1F: return (.unknown([first]), 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            // UTF-8: the length from the lead byte; wait for the rest.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return final ? (.unknown(Array(bytes)), bytes.count) : nil }
            let text = String(decoding: bytes[start..<start + length], as: UTF8.self)
            guard length > 1, let character = text.first, !text.contains("\u{FFFD}") else { return (.unknown([first]), 1) }
            return (.character(character), length)
        }
    }

    /// `ESC [ parameters final`.
    private static func csi(_ bytes: ArraySlice<UInt8>, final: Bool) -> (KeyEvent, Int)? {
        let start = bytes.startIndex
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return final ? (.unknown(Array(bytes)), bytes.count) : nil }
        let length = end - start + 1
        let body = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let terminator = bytes[end]
        if body.hasPrefix("<"), terminator == UInt8(ascii: "M") || terminator == UInt8(ascii: "m") {
            // Button and 1-based cell; a terminal has at most thousands of cells a side, so
            // anything else (a hostile `ESC[<0;-9223372036854775808;1M`) is not a mouse report.
            let numbers = body.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3, (0...255).contains(numbers[0]), numbers.dropFirst().allSatisfy({ (1...10_000).contains($0) }) else {
                return (.unknown(Array(bytes[start..<end + 1])), length)
            }
            let (button, x, y) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
            if button & 64 != 0 {
                // 64/65: up/down; 66/67: left/right, which the list does not use.
                guard button & 2 == 0 else { return (.unknown(Array(bytes[start..<end + 1])), length) }
                return (.wheel(up: button & 1 == 0), length)
            }
            if button & 3 == 0, button & 32 == 0, terminator == UInt8(ascii: "M") { return (.click(x: x, y: y), length) }
            return (.unknown(Array(bytes[start..<end + 1])), length)
        }
        let parameter = Int(body.split(separator: ";").first ?? "") ?? 1
        let key: KeyEvent
        switch terminator {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "Z"): key = .tab
        case UInt8(ascii: "~"):
            switch parameter {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 200: key = .paste("")
            default: key = .unknown(Array(bytes[start..<end + 1]))
            }
        default: key = .unknown(Array(bytes[start..<end + 1]))
        }
        return (key, length)
    }
}
