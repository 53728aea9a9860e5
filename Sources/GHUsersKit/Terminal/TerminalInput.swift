import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes typed at the terminal, as they arrive: a dedicated thread blocks in `read(2)` on
/// stdin (a blocking read inside a Swift task would hold one of the cooperative pool's few
/// threads) and yields each chunk to an `AsyncStream`.
public enum TerminalInput {
    /// Starts the reader thread; the stream ends when stdin does.
    public static func chunks(fileDescriptor: Int32 = 0) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .unbounded)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN {
                    // Another program left the tty non-blocking: wait for input, do not spin.
                    var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                guard count > 0 else { break }
                continuation.yield(Array(buffer[0..<count]))
            }
            continuation.finish()
        }
        thread.name = "ghusers.terminal-input"
        thread.start()
        return stream
    }
}
