import Dispatch
import Synchronization

/// The second core's share of the search index's scans and filters: a serial queue of its
/// own, which gets a thread at once where `DispatchQueue.concurrentPerform` often ran every
/// part on the caller, the pool having none to lend, and a key's scan took twice as long.
final class ScanHelper: Sendable {
    /// The helper of the index's scans (tests make their own).
    static let shared = ScanHelper()
    private let queue = DispatchQueue(label: "ghusers.search.scan", qos: .userInitiated)
    /// Whether the queue has a caller's body: a second caller meanwhile works alone.
    private let busy = Atomic(false)

    /// Runs `body` on the calling thread and on the queue's (unless another caller has it), and
    /// returns once both are done: `body` takes parts of the work until none are left.
    func both(_ body: () -> Void) {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return body() }
        withoutActuallyEscaping(body) { body in
            let job = Job(body)
            queue.async { [self] in job.run { busy.store(false, ordering: .releasing) } }
            body()
            job.finish()
        }
    }
}

/// A body handed to the helper's queue and let go before its caller returns: run there, or
/// taken back by a caller done first, who then never waits for a thread scheduled for nothing.
private final class Job: @unchecked Sendable {
    private let state = Atomic(0)  // 0: waiting, 1: run by the helper, 2: taken back
    private var body: (() -> Void)?
    private let done = DispatchSemaphore(value: 0)
    init(_ body: @escaping () -> Void) { self.body = body }

    /// On the helper's thread: runs the body unless taken back, then `release`, then tells.
    func run(then release: () -> Void) {
        let taken = state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
        if taken {
            body?()
            body = nil
        }
        release()
        if taken { done.signal() }
    }

    /// On the caller's, after its own share: takes the body back, or waits for the helper's.
    func finish() {
        if state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged { body = nil } else { done.wait() }
    }
}

/// A value handed to another thread that the compiler cannot prove safe: used only while the
/// handing thread waits for it (a scan's `isCancelled`, which reads a lock; a part's body).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
