import Dispatch
import Foundation
import Synchronization

/// A second thread for the search index's scans and filters, started once and kept: the caller
/// and it take a scan's parts in turn (``SearchCorpus``). `DispatchQueue.concurrentPerform`
/// did the same with the dispatch pool's threads, but measured in `browse` it often ran every
/// part of a key's scan on the calling thread, one after the other, while the other core was
/// idle (the pool had no thread to lend at once): `g` at a million took 3 ms of parts instead of
/// 1.5.
final class ScanHelper: Sendable {
    /// The helper of the index's scans (tests make their own: a thread each).
    static let shared = ScanHelper()

    /// The work handed to the thread, and whether it is taken.
    private let work = Mutex<(@Sendable () -> Void)?>(nil)
    private let busy = Atomic(false)
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            while true {
                started.wait()
                work.withLock { $0 }?()
                work.withLock { $0 = nil }
                busy.store(false, ordering: .releasing)
                finished.signal()
            }
        }
        thread.name = "ghusers-scan"
        thread.start()
    }

    /// Runs `body` on the calling thread and, at once, on the helper thread too (if it is not
    /// busy with another caller's), and returns once both are done: `body` takes parts of the
    /// work until none are left, so either thread may end up doing all of it.
    func both(_ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedSendable(value: body)
            let helped = busy.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            if helped {
                work.withLock { $0 = { shared.value() } }
                started.signal()
            }
            body()
            if helped { finished.wait() }
        }
    }
}

/// A value handed to another thread that the compiler cannot prove safe: used only while the
/// handing thread waits for it (a scan's `isCancelled`, which reads a lock; a part's body).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
