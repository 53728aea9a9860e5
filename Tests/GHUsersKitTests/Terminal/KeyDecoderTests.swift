import Testing

@testable import GHUsersKit

@Suite("Terminal: key decoding")
struct KeyDecoderTests {
    @Test("four arrows in one read are four keys")
    func batched() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}[C".utf8)) == [.up, .up, .down, .right])
        #expect(!decoder.hasPending)
    }

    @Test("a sequence split across reads decodes once it is whole")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("[6".utf8)).isEmpty)
        #expect(decoder.feed(Array("~j".utf8)) == [.pageDown, .character("j")])
        // UTF-8 split in the middle of a character
        let bytes = Array("é".utf8)
        #expect(decoder.feed([bytes[0]]).isEmpty)
        #expect(decoder.feed([bytes[1]]) == [.character("é")])
    }

    @Test("a lone ESC waits for the timer; ESC then a letter at once is Alt")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("\u{1B}j".utf8)) == [.alt("j")])
    }

    @Test("bracketed paste is one event, even split, and its keys are not keys")
    func paste() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~qj".utf8)).isEmpty)
        #expect(decoder.feed(Array("G\u{1B}[2".utf8)).isEmpty)
        #expect(decoder.feed(Array("01~k".utf8)) == [.paste("qjG"), .character("k")])
    }

    @Test("SGR mouse: wheel notches and a left click at 0-based cells")
    func mouse() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<65;10;5M\u{1B}[<64;1;1M\u{1B}[<0;3;7M".utf8)) == [
            .wheel(up: false), .wheel(up: true), .click(x: 2, y: 6),
        ])
    }

    @Test("controls, home/end variants, page keys")
    func controls() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x03, 0x0C, 0x04, 0x15, 0x0D, 0x7F]) == [.control("c"), .control("l"), .control("d"), .control("u"), .enter, .backspace])
        #expect(decoder.feed(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OA\u{1B}[5~".utf8)) == [.home, .end, .home, .end, .up, .pageUp])
    }

    @Test("a paste without its end marker ends at the limit; keys after it are keys again")
    func endlessPaste() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~".utf8)).isEmpty)
        let events = decoder.feed([UInt8](repeating: UInt8(ascii: "a"), count: KeyDecoder.pasteLimit + 10))
        guard case .paste(let text) = events.first else {
            Issue.record("no paste: \(events.prefix(2))")
            return
        }
        #expect(text.count > KeyDecoder.pasteLimit)
        #expect(events.dropFirst().allSatisfy { $0 == .character("a") })
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    }

    @Test("horizontal wheel notches are not vertical scrolls")
    func horizontalWheel() {
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[<66;1;1M\u{1B}[<67;1;1M".utf8))
        #expect(!events.contains(.wheel(up: true)) && !events.contains(.wheel(up: false)) && events.count == 2)
    }

    @Test("mouse reports with impossible numbers are unknown, never a crash (found by fuzzing)")
    func hostileMouse() {
        for report in ["\u{1B}[<0;-9223372036854775808;1M", "\u{1B}[<0;9223372036854775807;1M", "\u{1B}[<0;0;5M", "\u{1B}[<999999;1;1M"] {
            var decoder = KeyDecoder()
            let keys = decoder.feed(Array(report.utf8))
            #expect(keys.count == 1, "\(report)")
            guard case .unknown = keys.first else {
                Issue.record("\(report) decoded as \(String(describing: keys.first))")
                continue
            }
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;10000;1M".utf8)) == [.click(x: 9_999, y: 0)])
    }
}
