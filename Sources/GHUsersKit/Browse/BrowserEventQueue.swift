import Dispatch
import Synchronization

/// The events `browse`'s loop waits for, posted from any thread (the input thread, timers,
/// effects' tasks, signal sources) and taken, oldest first, by the loop's own thread, which
/// sleeps on a semaphore between them.
///
/// An `AsyncStream` did this before: the loop awaited it on Swift's cooperative pool, and a
/// key read on the input thread reached the loop about 60 µs later (probes at a million
/// users; 31 µs between two idle threads, where a semaphore wakes one in 10). A thread of its
/// own also keeps the loop off the pool's threads, two here, while it waits for a search's
/// answer (``SearchHandoff``): page fetches and avatar loads run there meanwhile.
final class BrowserEventQueue: @unchecked Sendable {  // a dispatch semaphore is thread-safe
    private let pending = Mutex<[BrowserRuntime.Event]>([])
    /// Signalled once for each event posted.
    private let posted = DispatchSemaphore(value: 0)

    /// Posts `event` for the loop (named as `AsyncStream.Continuation`'s, which it replaced).
    func yield(_ event: BrowserRuntime.Event) {
        pending.withLock { $0.append(event) }
        posted.signal()
    }

    /// The oldest event posted and not taken; waits for one if there is none.
    func next() -> BrowserRuntime.Event {
        posted.wait()
        return pending.withLock { $0.removeFirst() }
    }
}
