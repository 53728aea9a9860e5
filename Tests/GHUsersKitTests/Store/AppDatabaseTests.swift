import Foundation
import GRDB
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("The database file")
struct AppDatabaseTests {
    @Test("a new database file and its folder are the owner's alone")
    func permissions() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("home/ghusers.sqlite")
        let database = try AppDatabase.open(at: url)
        try database.write { try StoreService.Notes.save(login: "tawk", text: "x", $0) }
        let fileMode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test("a read stopped by interrupt() fails as interrupted (the browser's sign to let a search go), not as a failure", .timeLimit(.minutes(1)))
    func interruptedRead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let reads = try CombinedService(configuration: .init(paths: GHUsersPaths.resolve(home: folder.url.path, environment: [:], site: .gitHubDotCom))).reads()
        defer { reads.close() }
        try #require(reads.ownsConnection, "interrupt() never touches the service's connection: this needs one of its own")
        // A statement that never ends on its own, on the reads' own connection, interrupted
        // until it has stopped (it may not have started at the first interrupt).
        let stopped = Mutex(false), interrupting = Mutex(true)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
            Thread {
                var outcome: (any Error)?
                do {
                    _ = try reads.database.read { db in
                        try Int.fetchOne(db, sql: "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n")
                    }
                } catch {
                    outcome = error
                }
                stopped.withLock { $0 = true }
                continuation.resume(returning: outcome)
            }.start()
            Thread {
                while !stopped.withLock({ $0 }) {
                    reads.interrupt()
                    Thread.sleep(forTimeInterval: 0.01)
                }
                interrupting.withLock { $0 = false }
            }.start()
        }
        while interrupting.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }  // before close()
        #expect(outcome as? StoreError == .interrupted)
        #expect((outcome as? StoreError)?.localizedDescription.contains("Store") == false)
    }

    @Test("a file that is not a database is reported as damaged and left untouched")
    func corruptFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("ghusers.sqlite")
        let garbage = Data(repeating: 0x41, count: 8_192)
        try garbage.write(to: url)
        #expect(throws: StoreError.corrupt(path: url.path)) { try AppDatabase.open(at: url) }
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test("a database from a newer ghusers is refused and left untouched")
    func newerVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("ghusers.sqlite")
        _ = try AppDatabase.open(at: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')") }
        try queue.close()
        #expect(throws: StoreError.newerVersion(path: url.path)) { try AppDatabase.open(at: url) }
        let identifiers = try DatabaseQueue(path: url.path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(identifiers.contains("v999-from-the-future"))
    }

    @Test("the schema refuses what breaks its invariants")
    func schemaInvariants() throws {
        let database = try AppDatabase.inMemory()
        try database.write { db in
            try db.execute(sql: "INSERT INTO user (id, login, avatar_url, type, site_admin, fetched_at) VALUES (1, 'a', 'https://x/1', 'User', 0, 0)")
        }
        #expect(throws: (any Error).self) {
            try database.write { db in
                try db.execute(sql: "INSERT INTO user (id, login, avatar_url, type, site_admin, fetched_at) VALUES (2, 'A', 'https://x/2', 'User', 0, 0)")
            }
        }
        #expect(throws: (any Error).self) {
            try database.write { db in
                try db.execute(sql: "INSERT INTO user (id, login, avatar_url, type, site_admin, fetched_at) VALUES (3, 'c', 'file:///etc', 'User', 0, 0)")
            }
        }
        #expect(throws: (any Error).self) {
            try database.write { db in try db.execute(sql: "INSERT INTO note (login, text, updated_at) VALUES ('x', '', 0)") }
        }
        #expect(throws: (any Error).self) {
            try database.write { db in try db.execute(sql: "INSERT INTO profile (user_id, fetched_at) VALUES (999, 0)") }
        }
    }
}
