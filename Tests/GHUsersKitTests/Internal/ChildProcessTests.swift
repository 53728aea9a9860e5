import Foundation
import Testing

@testable import GHUsersKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Programs ghusers starts inherit its standard streams and nothing else: not a socket of its
/// connections, not its database nor its lock (SwiftNIO and SQLite open theirs without
/// close-on-exec), with the C library's `closefrom` and with the fallback.
@Suite(.serialized) struct ChildProcessTests {
    /// The descriptors above stderr that a child started by ``ChildProcess`` holds, as its
    /// shell sees them (`/dev/fd`, on Linux and macOS), each on a line, then `done`.
    static func childDescriptors() -> String? {
        let script = "n=3; while [ $n -lt 1024 ]; do [ -e /dev/fd/$n ] && echo $n; n=$((n+1)); done; echo done"
        return ChildProcess.output(of: "/bin/sh", ["sh", "-c", script], limit: .seconds(20)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("while ghusers holds its database, its lock and a socket, a child finds only 0–2; stdout still reaches the parent", arguments: [false, true])
    func descriptorsAreNotInherited(fallback: Bool) async throws {
        // Given: what ghusers holds while browse starts the editor.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("ghusers.sqlite"))
        try await database.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t(x)") }
        let lock = FileLock(url: folder.url.appendingPathComponent("lock"))
        try lock.lockBlocking()
        defer { lock.unlock() }
        #if canImport(Glibc)
            let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // no close-on-exec, as NIO's
        #else
            let socket = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(socket > 2)
        defer { close(socket) }
        let null = open("/dev/null", O_RDONLY)
        try #require(null > 2)
        defer { close(null) }
        ChildProcess.forcedFallback.withLock { $0 = fallback }
        defer { ChildProcess.forcedFallback.withLock { $0 = false } }
        // When / Then
        #expect(Self.childDescriptors() == "done\n")
        _ = database
    }
}
