import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes typed at the terminal, as they arrive: a dedicated thread waits in `poll(2)` on
/// stdin (a blocking read inside a Swift task would hold one of the cooperative pool's few
/// threads) and hands each chunk to a closure (``start(_:ended:)``: `browse` posts it to its
/// loop's queue) or to an `AsyncStream` (``chunks()``).
///
/// ``pause()`` stops the reading before another program (the note's editor) takes the
/// terminal: it returns once the thread is parked, so not one byte meant for the editor is
/// read here; ``resume()`` starts it again.
package final class TerminalInput: Sendable {
    private let fileDescriptor: Int32
    /// A pipe whose read end the thread also polls: a byte in it means "look at `paused`".
    private let wake: (read: Int32, write: Int32)
    private let paused = Mutex(false)
    private let parked = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)
    private let ended = Mutex(false)
    private let stopped = Mutex(false)

    /// Input from `fileDescriptor` (stdin).
    package init(fileDescriptor: Int32 = 0) {
        self.fileDescriptor = fileDescriptor
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        wake = (ends[0], ends[1])
    }

    /// Starts the reader thread; the stream ends when stdin does.
    package func chunks() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .unbounded)
        start { chunk, _ in continuation.yield(chunk) } ended: { continuation.finish() }
        return stream
    }

    /// Starts the reader thread, which calls `deliver` with each chunk and the instant its
    /// read returned, then `ended` once stdin has (EOF, EIO). `browse` sends the chunk on to
    /// its event loop from here: one hand-over between a key and the loop, not two.
    package func start(_ deliver: @escaping @Sendable ([UInt8], ContinuousClock.Instant) -> Void, ended: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            loop: while true {
                var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, wake.read >= 0 ? 2 : 1, -1)
                if ready < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    break
                }
                if fds[1].revents != 0 {
                    var byte: UInt8 = 0
                    _ = read(wake.read, &byte, 1)
                }
                if stopped.withLock({ $0 }) { break loop }
                if paused.withLock({ $0 }) {
                    parked.signal()
                    resumed.wait()
                    continue
                }
                guard fds[0].revents != 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { break loop }  // EOF or EIO: the terminal is gone
                deliver(Array(buffer[0..<count]), .now)
            }
            self.ended.withLock { $0 = true }
            ended()
        }
        thread.name = "ghusers.terminal-input"
        thread.start()
    }

    /// Stops reading; returns once the reader thread has parked (it reads nothing more until
    /// ``resume()``). Call from one thread at a time, paired with ``resume()``.
    package func pause() {
        paused.withLock { $0 = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        // The thread parks at once, unless stdin has ended and the thread with it.
        while parked.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if ended.withLock({ $0 }) { return }
        }
    }

    /// Ends the reading for good (``start(_:ended:)``'s `ended` is still called): what is
    /// typed after the screen is left goes to the shell, not to a reader nobody listens to.
    package func stop() {
        stopped.withLock { $0 = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Reads again after ``pause()``.
    package func resume() {
        paused.withLock { $0 = false }
        if !ended.withLock({ $0 }) { resumed.signal() }
    }
}
