import Dispatch
import Synchronization

/// The events `browse`'s loop waits for, posted from any thread (the input thread, timers,
/// effects' tasks, signal sources) and taken, oldest first, by the loop's own thread, which
/// sleeps on a semaphore between them.
///
/// A semaphore, not an `AsyncStream` awaited on Swift's cooperative pool: through this queue a
/// key read on the input thread reaches the loop in about 41 µs (median of 33 keys in `browse`,
/// 25 to 100), through a stream in about 60 µs (probes at a million users; 31 µs between two
/// idle threads, where a semaphore wakes one in 10). A thread of its own also keeps the
/// loop off the pool's threads, two here, while it waits for a search's answer
/// (``BrowseSearch/frameBudget``): page fetches and avatar loads run there meanwhile.
final class BrowserEventQueue: @unchecked Sendable {  // a dispatch semaphore is thread-safe
    /// The events posted, from `head` on not yet taken.
    private let pending = Mutex<(events: [BrowserRuntime.Event], head: Int)>(([], 0))
    /// Signalled once for each event posted.
    private let posted = DispatchSemaphore(value: 0)

    /// Posts `event` for the loop (named as `AsyncStream.Continuation`'s).
    func yield(_ event: BrowserRuntime.Event) {
        pending.withLock { $0.events.append(event) }
        posted.signal()
    }

    /// The oldest event posted and not taken; waits for one if there is none.
    func next() -> BrowserRuntime.Event {
        while true {
            if let event = next(before: .distantFuture) { return event }
        }
    }

    /// ``next()``, waiting until `deadline` at most (`nil` then).
    func next(before deadline: DispatchTime) -> BrowserRuntime.Event? {
        guard posted.wait(timeout: deadline) == .success else { return nil }
        return pending.withLock { pending in
            let event = pending.events[pending.head]
            pending.head += 1
            // Taken by moving `head`, not by removing the first (a copy of the rest): the
            // array is emptied once all are taken, or halved when the taken are most of it.
            if pending.head == pending.events.count {
                pending.events.removeAll(keepingCapacity: true)
                pending.head = 0
            } else if pending.head >= 1_024, pending.head * 2 >= pending.events.count {
                pending.events.removeFirst(pending.head)
                pending.head = 0
            }
            return event
        }
    }
}
