import Synchronization

/// Runs one task per key however many callers ask for it at once, and cancels it only when
/// every caller waiting for it has been cancelled.
///
/// The first caller for a key starts `operation`; callers that arrive while it runs wait for the
/// same result. A cancelled caller stops waiting at once with `CancellationError`; the task goes
/// on for the others and is cancelled when the last waiter leaves. When the task ends the key
/// is free again, so a later call starts a new task (results are cached elsewhere).
package final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct Job {
        var id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter] = [:]
    }

    private struct State {
        var jobs: [Key: Job] = [:]
        var nextWaiter = 0
        /// Waiters cancelled before they were registered.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Creates a coalescer with no task running.
    package init() {}

    /// Tasks running now (for tests).
    var runningCount: Int { state.withLock { $0.jobs.count } }

    /// Callers waiting for the task of `key` (for tests).
    func waiterCount(for key: Key) -> Int { state.withLock { $0.jobs[key]?.waiters.count ?? 0 } }

    /// The result of `operation` for `key`, shared with every concurrent caller for the same key.
    package func value(for key: Key, operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let waiter = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                register(continuation, waiter: waiter, key: key, operation: operation)
            }
        } onCancel: {
            cancel(waiter: waiter, key: key)
        }
    }

    private func register(
        _ continuation: Waiter, waiter: Int, key: Key, operation: @escaping @Sendable () async throws -> Value
    ) {
        let cancelled = state.withLock { state -> Bool in
            if state.cancelledEarly.remove(waiter) != nil { return true }
            if state.jobs[key] != nil {
                state.jobs[key]!.waiters[waiter] = continuation
                return false
            }
            // The job is named after its first waiter, so a task finishing late never ends a
            // newer job for the same key.
            state.jobs[key] = Job(id: waiter, task: nil, waiters: [waiter: continuation])
            state.jobs[key]!.task = Task {
                let result: Result<Value, any Error>
                do { result = .success(try await operation()) } catch { result = .failure(error) }
                self.finish(key, job: waiter, with: result)
            }
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    private func cancel(waiter: Int, key: Key) {
        let (continuation, task): (Waiter?, Task<Void, Never>?) = state.withLock { state in
            guard var job = state.jobs[key], let continuation = job.waiters.removeValue(forKey: waiter) else {
                state.cancelledEarly.insert(waiter)
                return (nil, nil)
            }
            if job.waiters.isEmpty {
                state.jobs[key] = nil
                return (continuation, job.task)
            }
            state.jobs[key] = job
            return (continuation, nil)
        }
        continuation?.resume(throwing: CancellationError())
        task?.cancel()
    }

    private func finish(_ key: Key, job id: Int, with result: Result<Value, any Error>) {
        let waiters: [Waiter] = state.withLock { state in
            guard let job = state.jobs[key], job.id == id else { return [] }
            state.jobs[key] = nil
            return Array(job.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
