import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import GitHubFake

/// Loopback exchanges below HTTP, over ``PortProbe``'s plain connects.
enum RawSocket {
    /// 0 if a TCP connection to 127.0.0.1:`port` succeeds, else the `errno` of `connect`.
    static func connectError(port: Int) -> Int32 {
        switch PortProbe.connect(port: port) {
        case .success(let fd):
            close(fd)
            return 0
        case .failure(let error):
            return error.code
        }
    }

    static var connectionRefused: Int32 { ECONNREFUSED }

    /// Sends `request` to 127.0.0.1:`port` and returns every byte received until the server
    /// closes the connection (or 30 s pass without a byte: a loaded machine can be slow to answer;
    /// every use is of a fault that closes). On a thread of its own: blocking a thread of the
    /// cooperative pool (two on a two-core machine) would starve the fake's own handlers, which
    /// run there, and every other test with them.
    static func exchange(port: Int, request: String) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: blockingExchange(port: port, request: request)) }.start()
        }
    }

    private static func blockingExchange(port: Int, request: String) -> [UInt8]? {
        guard case .success(let fd) = PortProbe.connect(port: port) else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }
}
