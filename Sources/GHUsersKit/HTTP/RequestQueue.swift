import Foundation

/// Lets one request at a time reach the network, in this process and across processes.
///
/// In the process, waiting callers are served by ``priority`` (a task-local value; lower goes
/// first: the browser's page fetch, then thumbnails on screen nearest the selection, then
/// prefetch), then in arrival order; the one-shot commands leave it at 0 and are served first
/// come, first served. A waiter whose task is cancelled leaves the queue at once. Across
/// processes, each turn also holds an exclusive `flock` on a lock file in the ghusers home, so
/// two `ghusers` processes never have requests in flight at the same time. The lock is taken per
/// request, not per run: a long `next-page --pages 100` lets other processes in between its
/// pages, and a process that waits out a backoff holds nothing.
package actor RequestQueue {
    /// The priority of requests made by the current task: lower is served first; 0 by default.
    @TaskLocal package static var priority = 0

    private struct Waiter {
        var id: UInt64
        var priority: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lockFile: FileLock?
    private var busy = false
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0

    /// Creates a queue; `lockFileURL` names the cross-process lock file, or `nil` for none.
    package init(lockFileURL: URL?) {
        self.lockFile = lockFileURL.map(FileLock.init(url:))
    }

    /// Runs `operation` alone: no other operation of this queue, nor of another process using
    /// the same lock file, runs at the same time.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting its turn.
    package func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        try await acquire(priority: Self.priority)
        defer { release() }
        if let lockFile {
            try await lockFile.lock()
        }
        defer { lockFile?.unlock() }
        // Cancelled while waiting for another process's turn: dropped, never sent.
        try Task.checkCancellation()
        return try await operation()
    }

    /// How many callers wait for a turn.
    package var waiting: Int { waiters.count }

    private func acquire(priority: Int) async throws {
        try Task.checkCancellation()
        guard busy else {
            busy = true
            return
        }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    private func release() {
        guard let index = waiters.indices.min(by: { (waiters[$0].priority, waiters[$0].id) < (waiters[$1].priority, waiters[$1].id) })
        else {
            busy = false
            return
        }
        waiters.remove(at: index).continuation.resume()
    }
}
