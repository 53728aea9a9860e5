import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor: rows are gathered in a 64 KiB buffer and written
/// with one `write(2)` when it fills, so streaming a million rows costs a few thousand system
/// calls, not a million.
///
/// A write that fails is never silent: the first failure's `errno` is kept in ``failure``
/// (later writes are dropped) and ``onFailure`` is called with it; for stdout the commands end
/// the process there (quietly for a closed pipe, as ripgrep does; with one line and exit 1
/// otherwise). Standard error is written from several tasks (retry notices, the spinner):
/// its writes take a lock and go out whole.
package final class OutputStream {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    /// Standard error's writes are serialised: it is written from several tasks.
    private let locked: Bool
    private let mutex = Mutex(())
    /// The `errno` of the first write that failed, if one did.
    package private(set) var failure: Int32?
    /// Called once, with the `errno`, when a write fails.
    package var onFailure: ((Int32) -> Void)?
    /// Whether what is written is turned into ASCII first (``ASCIIFallback``): set for a
    /// terminal whose locale is not UTF-8, never for a file or a pipe, where data stays as it is.
    package var asciiOnly = false

    /// Standard output.
    nonisolated(unsafe) package static let standardOutput = OutputStream(fileDescriptor: 1)
    /// Standard error, flushed after each write.
    nonisolated(unsafe) package static let standardError = OutputStream(fileDescriptor: 2)

    /// Creates a writer to `fileDescriptor`; `serialized` (by default for standard error) takes
    /// a lock around each write and flushes it at once, for a stream written from several tasks.
    package init(fileDescriptor: Int32, serialized: Bool? = nil) {
        self.fileDescriptor = fileDescriptor
        self.locked = serialized ?? (fileDescriptor == 2)
        buffer.reserveCapacity(capacity)
    }

    deinit { flush() }

    /// Appends `text`.
    package func write(_ text: String) {
        var text = text
        append { buffer in text.withUTF8 { buffer.append(contentsOf: $0) } }
    }

    /// Appends raw bytes.
    package func write(bytes: [UInt8]) {
        append { $0.append(contentsOf: bytes) }
    }

    /// Appends what `body` writes into the buffer: bytes built in place, without a `String`.
    package func write(_ body: (inout [UInt8]) -> Void) {
        append(body)
    }

    private func append(_ body: (inout [UInt8]) -> Void) {
        if locked {
            mutex.withLock { _ in
                appendText(body)
                flushBuffer()
            }
            return
        }
        appendText(body)
        if buffer.count >= capacity { flushBuffer() }
    }

    /// Runs `body` on the buffer, then turns what it appended into ASCII when ``asciiOnly``:
    /// each write is whole text (a row, a message), never half a character.
    private func appendText(_ body: (inout [UInt8]) -> Void) {
        let start = buffer.count
        body(&buffer)
        guard asciiOnly, buffer[start...].contains(where: { $0 >= 0x80 }) else { return }
        let ascii = ASCIIFallback.ascii(bytes: buffer[start...])
        buffer.replaceSubrange(start..., with: ascii)
    }

    /// Writes out everything buffered.
    package func flush() {
        if locked { mutex.withLock { _ in flushBuffer() } } else { flushBuffer() }
    }

    private func flushBuffer() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var offset = 0
        let code: Int32? = buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let written = posixWrite(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code {
            failure = code
            onFailure?(code)
        }
    }
}

@inline(__always)
private func posixWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
