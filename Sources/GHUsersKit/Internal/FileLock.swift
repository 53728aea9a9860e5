import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file, shared by cooperating processes.
///
/// The file is created on first use (mode 0600) and never deleted: deleting a lock file races
/// with processes that have it open. The kernel drops the lock when the process dies, so a
/// killed `ghusers` never leaves a stale lock.
final class FileLock: Sendable {
    private let url: URL
    /// The open descriptor, -1 until the first use; opened and released under the lock.
    private let descriptor = Mutex<Int32>(-1)

    init(url: URL) {
        self.url = url
    }

    deinit {
        let fd = descriptor.withLock { $0 }
        if fd >= 0 { close(fd) }
    }

    /// Waits until the lock is held. The wait blocks a thread of its own, not the caller's.
    func lock() async throws {
        let fd = try openDescriptor()
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                while flock(fd, LOCK_EX) != 0 {
                    if errno != EINTR {
                        continuation.resume(throwing: CocoaError(.fileLocking))
                        return
                    }
                }
                continuation.resume()
            }
        }
    }

    /// Waits until the lock is held, blocking the calling thread: for synchronous callers
    /// (opening the database), where waiting is what the caller does anyway.
    func lockBlocking() throws {
        let fd = try openDescriptor()
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CocoaError(.fileLocking) }
        }
    }

    /// Releases the lock.
    func unlock() {
        descriptor.withLock { fd in
            if fd >= 0 { flock(fd, LOCK_UN) }
        }
    }

    private func openDescriptor() throws -> Int32 {
        try descriptor.withLock { descriptor in
            if descriptor >= 0 { return descriptor }
            let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
            descriptor = fd
            return fd
        }
    }
}
