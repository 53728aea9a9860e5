import Dispatch
import Synchronization

/// The second core's share of the search index's scans and filters: a serial queue of its
/// own, which gets a thread at once where `DispatchQueue.concurrentPerform` often ran every
/// part on the caller, the pool having none to lend (Docs/BENCHMARKS.md, "Search made simple").
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
            let done = DispatchSemaphore(value: 0)
            queue.async { [self] in
                job.run()
                busy.store(false, ordering: .releasing)
                done.signal()
            }
            body()
            done.wait()
        }
    }
}

/// A body handed to the helper's queue, let go as soon as it has run: before its caller is
/// told, whose `withoutActuallyEscaping` then ends.
private final class Job: @unchecked Sendable {
    private var body: (() -> Void)?
    init(_ body: @escaping () -> Void) { self.body = body }
    func run() {
        body?()
        body = nil
    }
}

/// A value handed to another thread that the compiler cannot prove safe: used only while the
/// handing thread waits for it (a scan's `isCancelled`, which reads a lock; a part's body).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
