import Dispatch
import Foundation
import GRDB
import Synchronization
import Testing

@testable import GHUsersKit

/// SQLite runs on the database's executors, never on a task's thread, and a read never waits
/// behind a write.
@Suite("Database executors", .timeLimit(.minutes(1)))
struct AppDatabaseExecutorsTests {
    /// The label of the dispatch queue running the caller: libdispatch's
    /// `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`, which Swift's overlay hides.
    static func queueLabel() -> String {
        typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "dispatch_queue_get_label") else { return "" }
        return unsafeBitCast(symbol, to: GetLabel.self)(nil).map { String(cString: $0) } ?? ""
    }

    @Test("a task's read and write run on a connection's own queue, not on the pool")
    func offThePool() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("ghusers.sqlite")
        try AppDatabase.open(at: url).close()  // created and migrated (a pool)
        let database = try AppDatabase.open(at: url)  // current: one connection, and the readers'
        defer { database.close() }
        let written = try await database.write { _ in Self.queueLabel() }
        let read = try await database.read { _ in Self.queueLabel() }
        // GRDB names a connection's queue after its configuration's label. With no write
        // queued, a read goes to the writer's queue (its cache is warm; nothing to wait for).
        #expect(written.hasPrefix("ghusers") && !written.hasPrefix("ghusers.readers"), "\(written)")
        #expect(read == written, "\(read)")
    }

    @Test("a read ends while a write transaction is still open: readers have a connection of their own")
    func readNeverWaitsBehindAWrite() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("ghusers.sqlite")
        try AppDatabase.open(at: url).close()
        let database = try AppDatabase.open(at: url)
        defer { database.close() }
        try await database.write { db in try StoreService.Users.Save()([Factory.user(1)], db) }
        let writing = Atomic(false)
        let release = DispatchSemaphore(value: 0)
        let write = Task {
            try await database.write { db in
                try StoreService.Users.Save()([Factory.user(2)], db)
                writing.store(true, ordering: .sequentiallyConsistent)
                release.wait()  // the transaction stays open until the read below is done
            }
        }
        await eventually { writing.load(ordering: .sequentiallyConsistent) }
        // The read goes to the readers' connection and sees the snapshot before the open write.
        let (count, label) = try await database.read { db in (try StoreService.Users.count(db), Self.queueLabel()) }
        #expect(count == 1 && label.hasPrefix("ghusers.readers"), "\(label)")
        release.signal()
        try await write.value
        #expect(try await database.read(StoreService.Users.count) == 2)
    }

    @Test("what a body throws comes back as it was thrown, a database error as a StoreError")
    func errors() async throws {
        let database = try AppDatabase.inMemory()
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) { try await database.write { _ in throw Refused() } }
        await #expect(throws: StoreError.self) { try await database.read { db in try db.execute(sql: "SELECT * FROM nothing") } }
        // Nothing of a write that threw was kept.
        await #expect(throws: Refused()) {
            try await database.write { db in
                try StoreService.Users.Save()([Factory.user(3)], db)
                throw Refused()
            }
        }
        #expect(try await database.read(StoreService.Users.count) == 0)
    }
}
