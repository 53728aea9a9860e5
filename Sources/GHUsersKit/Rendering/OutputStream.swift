#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor: rows are gathered in a 64 KiB buffer and written
/// with one `write(2)` when it fills, so streaming a million rows costs a few thousand system
/// calls, not a million.
public final class OutputStream {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    /// Standard output.
    nonisolated(unsafe) public static let standardOutput = OutputStream(fileDescriptor: 1)
    /// Standard error, flushed after each write.
    nonisolated(unsafe) public static let standardError = OutputStream(fileDescriptor: 2)

    /// Creates a writer to `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(capacity)
    }

    deinit { flush() }

    /// Appends `text`.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity || fileDescriptor == 2 { flush() }
    }

    /// Appends raw bytes.
    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity || fileDescriptor == 2 { flush() }
    }

    /// Appends what `body` writes into the buffer: bytes built in place, without a `String`.
    public func write(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= capacity || fileDescriptor == 2 { flush() }
    }

    /// Writes out everything buffered.
    public func flush() {
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let written = posixWrite(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // EPIPE and the like: the reader went away; there is no one to tell.
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

@inline(__always)
private func posixWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
