/// The terminal's bytes as the model's messages: ``KeyDecoder`` turns them into keys, and a lone
/// Esc is held back for ``escapeDelay`` (50 ms, as tcell and FTXUI do), since it may be the
/// first byte of a sequence still in transit: Esc then `j` in one read is byte-identical to
/// Alt-j. A read that leaves an Esc waiting asks for an escape timer of its own generation; only
/// the newest one lets the Esc go.
struct BrowserInputDecoder {
    /// How long a lone Esc waits for the rest of a sequence: 50 ms.
    static let escapeDelay = Duration.milliseconds(50)

    private var keyDecoder = KeyDecoder()
    private var escapeGeneration = 0

    /// A read of `bytes` at `time` (seconds since the runtime started): the keys it completes,
    /// as one message, and the generation of the escape timer to set when an Esc waits.
    mutating func read(_ bytes: [UInt8], at time: Double) -> (message: BrowserMessage?, escapeTimer: Int?) {
        let keys = keyDecoder.feed(bytes)
        guard keyDecoder.hasPending else { return (Self.message(keys, at: time), nil) }
        escapeGeneration += 1
        return (Self.message(keys, at: time), escapeGeneration)
    }

    /// The escape timer `generation` fired at `time`: the Esc it held, unless bytes came since.
    mutating func escapeTimedOut(_ generation: Int, at time: Double) -> BrowserMessage? {
        guard generation == escapeGeneration else { return nil }
        return Self.message(keyDecoder.flush(), at: time)
    }

    private static func message(_ keys: [KeyEvent], at time: Double) -> BrowserMessage? {
        keys.isEmpty ? nil : .keys(keys, at: time)
    }
}
