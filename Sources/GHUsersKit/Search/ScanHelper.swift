import Dispatch
import Foundation
import Synchronization

/// A second thread for the search index's scans and filters, started once and kept: the caller
/// and it take a scan's parts in turn (``SearchCorpus``). Not `DispatchQueue.concurrentPerform`,
/// which often ran every part of a key's scan on the calling thread while the other core was
/// idle, the pool having no thread to lend at once (Docs/BENCHMARKS.md, "Search made simple").
final class ScanHelper: Sendable {
    /// The helper of the index's scans (tests make their own: a thread each).
    static let shared = ScanHelper()

    /// Work handed to the thread, and the semaphore that tells its caller it is done.
    private struct Job {
        let body: @Sendable () -> Void
        let done: DispatchSemaphore
    }

    /// The job handed to the thread, until it takes it.
    private let job = Mutex<Job?>(nil)
    /// Whether the thread has a job (taken, to be taken, or taken back and not yet seen to be):
    /// a second caller meanwhile works alone.
    private let busy = Atomic(false)
    private let started = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            while true {
                started.wait()
                var taken = job.withLock { job in
                    defer { job = nil }
                    return job
                }
                taken?.body()
                let done = taken?.done
                taken = nil  // the caller's body is let go before the caller is told
                busy.store(false, ordering: .releasing)
                done?.signal()
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
            let done = DispatchSemaphore(value: 0)
            let helped = busy.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            if helped {
                job.withLock { $0 = Job(body: { shared.value() }, done: done) }
                started.signal()
            }
            body()
            guard helped else { return }
            // Not taken yet (the caller did every part): taken back, and the thread, when it
            // wakes, finds nothing to do. Otherwise its part is waited for. Only this call's own
            // job: another caller's, handed over once the thread let this one go, is theirs.
            let takenBack = job.withLock { job in
                guard let waiting = job, waiting.done === done else { return false }
                job = nil
                return true
            }
            if !takenBack { done.wait() }
        }
    }
}

/// A value handed to another thread that the compiler cannot prove safe: used only while the
/// handing thread waits for it (a scan's `isCancelled`, which reads a lock; a part's body).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
