import Foundation

/// Lets one request at a time reach the network, in this process and across processes.
///
/// In the process, callers wait their turn in arrival order. Across processes, each turn also
/// holds an exclusive `flock` on a lock file in the ghusers home, so two `ghusers` processes
/// never have requests in flight at the same time. The lock is taken per request, not per run:
/// a long `next-page --pages 100` lets other processes in between its pages, and a process that
/// waits out a backoff holds nothing.
public actor RequestQueue {
    private let lockFile: FileLock?
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a queue; `lockFileURL` names the cross-process lock file, or `nil` for none.
    public init(lockFileURL: URL?) {
        self.lockFile = lockFileURL.map(FileLock.init(url:))
    }

    /// Runs `operation` alone: no other operation of this queue, nor of another process using
    /// the same lock file, runs at the same time.
    public func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        if let lockFile {
            try await lockFile.lock()
        }
        defer { lockFile?.unlock() }
        return try await operation()
    }

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
