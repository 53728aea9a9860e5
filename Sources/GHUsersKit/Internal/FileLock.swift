import Foundation

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
final class FileLock: @unchecked Sendable {
    // The descriptor is opened, used and closed under `mutex`; @unchecked because Mutex needs
    // macOS 15 and this must stay an ordinary class.
    private let url: URL
    private let mutex = NSLock()
    private var descriptor: Int32 = -1

    init(url: URL) {
        self.url = url
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
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

    /// Releases the lock.
    func unlock() {
        mutex.lock()
        defer { mutex.unlock() }
        if descriptor >= 0 { flock(descriptor, LOCK_UN) }
    }

    private func openDescriptor() throws -> Int32 {
        mutex.lock()
        defer { mutex.unlock() }
        if descriptor >= 0 { return descriptor }
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        descriptor = fd
        return fd
    }
}
