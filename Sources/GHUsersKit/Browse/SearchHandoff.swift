import Dispatch
import Synchronization

/// Lets `browse`'s event loop wait, one frame at most (``budget``), for the search index's
/// answer to the read it has just asked for, so that a keystroke's first screen of matches and
/// their count are drawn in the very frame that answers the key. An answer that comes later is
/// delivered as a message, as every other effect's.
final class SearchHandoff: @unchecked Sendable {  // a dispatch semaphore is thread-safe
    /// How long the loop waits before drawing without the matches: 12 ms, which leaves the
    /// rest of a 16 ms frame for drawing.
    static let budget = DispatchTimeInterval.milliseconds(12)

    private struct State {
        /// The read whose answer the loop will wait for.
        var expected: WindowRequest?
        /// Its answer, once offered.
        var answer: [BrowserMessage]?
    }

    private let state = Mutex(State())
    /// Signalled once for each answer stored.
    private let stored = DispatchSemaphore(value: 0)

    /// The loop has asked for `request` (`nil`: for nothing, the search was stopped); an answer
    /// to an older read, not taken, is dropped (the model would ignore it).
    func expect(_ request: WindowRequest?) {
        let dropped = state.withLock { state in
            state.expected = request
            defer { state.answer = nil }
            return state.answer != nil
        }
        if dropped { stored.wait() }
    }

    /// The index's answer to `request`: kept for the loop if it is the read the loop expects
    /// (`true`); otherwise the caller delivers it as messages.
    func offer(_ request: WindowRequest, _ messages: [BrowserMessage]) -> Bool {
        state.withLock { state in
            guard state.expected == request else { return false }
            state.expected = nil
            state.answer = messages
            stored.signal()
            return true
        }
    }

    /// Expects nothing more: returns the answer already offered, if any (a read the loop
    /// answered itself), and lets a later one be delivered as messages by its caller.
    func release() -> [BrowserMessage] {
        let answer = state.withLock { state in
            defer {
                state.expected = nil
                state.answer = nil
            }
            return state.answer
        }
        if answer != nil { stored.wait() }  // its signal, given when it was stored
        return answer ?? []
    }

    /// Waits up to ``budget`` for the answer to the expected read and returns it; `[]` when
    /// none is expected or it did not come in time (it will then be delivered as messages).
    func take() -> [BrowserMessage] {
        guard state.withLock({ $0.expected != nil || $0.answer != nil }) else { return [] }
        let result = stored.wait(timeout: .now() + Self.budget)
        let answer = state.withLock { state in
            defer {
                state.expected = nil
                state.answer = nil
            }
            return state.answer
        }
        // Stored between the timeout and the lock: its signal is still to be taken.
        if answer != nil, result == .timedOut { stored.wait() }
        return answer ?? []
    }
}
