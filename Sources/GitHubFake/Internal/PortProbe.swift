#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain BSD-socket connects to a loopback port, to see exactly what the kernel answers
/// (AsyncHTTPClient retries failed connects until its deadline, which would hide a refusal).
enum PortProbe {
    /// A TCP socket connected to 127.0.0.1:`port` (the caller closes it), or the `errno` of
    /// the failed `socket` or `connect`.
    static func connect(port: Int) -> Result<Int32, ConnectError> {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return .failure(ConnectError(code: errno)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            return .failure(ConnectError(code: code))
        }
        return .success(fd)
    }

    /// Whether connecting to 127.0.0.1:`port` is refused (nothing listens).
    static func isRefused(port: Int) -> Bool {
        switch connect(port: port) {
        case .success(let fd):
            close(fd)
            return false
        case .failure(let error):
            return error.code == ECONNREFUSED
        }
    }

    /// Whether a socket listens on 127.0.0.1:`port`, found by binding another socket to it with
    /// `SO_REUSEADDR` (which Linux refuses only while a listener holds the port), never by
    /// connecting: a probe connection accepted while a server shuts down can crash it (NIO
    /// finds a connection whose async writer nobody will finish).
    static func isListening(port: Int) -> Bool {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result != 0 && errno == EADDRINUSE
    }

    /// The `errno` of a failed connect.
    struct ConnectError: Error, Equatable {
        var code: Int32
    }
}
