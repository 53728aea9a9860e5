import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Database watcher (PRAGMA data_version)")
struct DatabaseWatcherTests {
    @Test("a write by another connection to the file is seen; reads alone are not changes")
    func seesOtherConnections() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("ghusers.sqlite")
        let database = try AppDatabase.open(at: file)
        let changes = Mutex(0)
        let watcher = try #require(DatabaseWatcher(database: database) { changes.withLock { $0 += 1 } })
        defer { watcher.stop() }
        // Reads change nothing: three polls after a read, and none saw a change.
        _ = try await database.read(StoreService.Users.count)
        let polled = watcher.polls
        var deadline = ContinuousClock.now + .seconds(60)
        while watcher.polls < polled + 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(watcher.polls >= polled + 3, "the watcher polls")
        #expect(changes.withLock { $0 } == 0)
        // Another connection (as another process would) saves a note
        let other = try AppDatabase.open(at: file)
        try await other.write { try StoreService.Notes.save(login: "tawk", text: "from elsewhere", $0) }
        // Generous deadlines: under a full run's load the watcher's 250 ms poll can wait long
        // for a thread; a watcher that never sees the write still fails.
        deadline = ContinuousClock.now + .seconds(60)
        while changes.withLock({ $0 }) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(changes.withLock { $0 } >= 1)
        // This process's own main connection counts too
        let seen = changes.withLock { $0 }
        try await database.write { try StoreService.Notes.save(login: "tawk", text: "from here", $0) }
        deadline = ContinuousClock.now + .seconds(60)
        while changes.withLock({ $0 }) == seen, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(changes.withLock { $0 } > seen)
    }

    @Test("an in-memory database has no second connection to watch or search with")
    func inMemory() throws {
        let database = try AppDatabase.inMemory()
        #expect(database.reader() == nil)
        #expect(DatabaseWatcher(database: database) {} == nil)
    }
}
