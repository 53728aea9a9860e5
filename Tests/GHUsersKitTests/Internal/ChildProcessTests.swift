import Foundation
import Testing

@testable import GHUsersKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Programs ghusers starts inherit its standard streams and nothing else: not a socket of its
/// connections, not its database (SwiftNIO and SQLite open theirs without close-on-exec).
@Suite struct ChildProcessTests {
    @Test("a descriptor opened without close-on-exec is closed in the child; stdout still reaches the parent", .enabled(if: isLinux))
    func descriptorsAreNotInherited() throws {
        let descriptor = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as NIO's sockets
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let script = "if [ -e /proc/$$/fd/\(descriptor) ]; then echo inherited; else echo closed; fi"
        let output = ChildProcess.output(of: "/bin/sh", ["sh", "-c", script], limit: .seconds(10))
        #expect(output.map { String(decoding: $0, as: UTF8.self) } == "closed\n")
    }

    #if os(Linux)
        static let isLinux = true
    #else
        static let isLinux = false
    #endif
}
