import Testing

@testable import GHUsersKit

/// The terminal's bytes as key messages, and the 50 ms a lone Esc waits for the rest of a
/// sequence: only the escape timer of the newest read lets it go.
@Suite("Browse: input decoding and Esc timing")
struct BrowserInputDecoderTests {
    /// The keys of a `.keys` message, or `nil`.
    static func keys(_ message: BrowserMessage?) -> [KeyEvent]? {
        guard case .keys(let keys, _) = message else { return nil }
        return keys
    }

    @Test("whole keys become one message at once, with no escape timer")
    func wholeKeys() {
        // Given a decoder
        var decoder = BrowserInputDecoder()
        // When a read holds two keys and an arrow
        let read = decoder.read(Array("jk\u{1B}[B".utf8), at: 1.5)
        // Then they are one message, stamped with the read's time, and no timer is asked for
        #expect(Self.keys(read.message) == [.character("j"), .character("k"), .down])
        guard case .keys(_, let time)? = read.message else { Issue.record("a keys message"); return }
        #expect(time == 1.5 && read.escapeTimer == nil)
    }

    @Test("a lone Esc waits for its timer, then is Esc")
    func loneEscape() {
        // Given a read of a lone Esc
        var decoder = BrowserInputDecoder()
        let read = decoder.read([0x1B], at: 1)
        // Then nothing is sent yet and a timer is asked for
        #expect(read.message == nil && read.escapeTimer == 1)
        // When that timer fires
        let message = decoder.escapeTimedOut(1, at: 1.05)
        // Then the Esc goes, stamped with the timer's time
        #expect(Self.keys(message) == [.escape])
        guard case .keys(_, let time)? = message else { Issue.record("a keys message"); return }
        #expect(time == 1.05)
    }

    @Test("a timer older than the last read does nothing: the sequence it began is completed")
    func staleTimer() {
        // Given an Esc, then the next byte of a sequence in a second read
        var decoder = BrowserInputDecoder()
        let first = decoder.read([0x1B], at: 1)
        let second = decoder.read(Array("[".utf8), at: 1.01)
        #expect(first.escapeTimer == 1 && second.escapeTimer == 2 && second.message == nil)
        // When the first read's timer fires
        // Then nothing goes: the newer read has a timer of its own
        #expect(decoder.escapeTimedOut(1, at: 1.05) == nil)
        // And the rest of the sequence makes one arrow, not Esc, [ and A
        #expect(Self.keys(decoder.read(Array("A".utf8), at: 1.02).message) == [.up])
        #expect(decoder.escapeTimedOut(2, at: 1.06) == nil)
    }
}
