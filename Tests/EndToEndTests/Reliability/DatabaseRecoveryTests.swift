import Foundation
import GRDB
import Testing

@Suite("A damaged or newer database")
struct DatabaseRecoveryTests {
    @Test("a damaged database: exit 7, a recovery hint, and the file untouched")
    func damaged() async throws {
        try await EndToEnd.with { world in
            try FileManager.default.createDirectory(at: world.siteDirectory, withIntermediateDirectories: true)
            let file = world.database
            let garbage = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try garbage.write(to: file)
            for arguments in [["list"], ["note", "tawk", "x"], ["next-page"], ["status"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 7, "\(arguments): \(result)")
                #expect(result.stderr.contains("damaged") && result.stderr.contains("move it aside"))
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
            #expect(try Data(contentsOf: file) == garbage)
            #expect(await world.server.stats().requests == 0)
        }
    }

    @Test("notes rescue: the notes of a damaged database, all but those on a damaged page, into an archive a new home imports")
    func rescue() async throws {
        try await EndToEnd.with { world in
            // Given: 60 notes of about 1 KB (several pages of the note table), closed cleanly.
            let text = String(repeating: "met at a conference; ", count: 50)
            for index in 1...60 {
                #expect(try await world.run("note", "user\(1_000 + index)", "\(index): \(text)").status == 0)
            }
            // One leaf page of the note table overwritten: the file is damaged.
            let file = world.database
            let (page, pageSize) = try await DatabaseQueue(path: file.path).read { db in
                (try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'note' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 2") ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
            }
            #expect(page > 1)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
            try handle.close()
            let export = try await world.run("notes", "export")
            #expect(export.status == 7 && export.stderr.contains("ghusers notes rescue"), "\(export)")
            // A note written since the last checkpoint lives in the -wal: a connection kept open
            // holds it there while the rescue runs.
            let keeper = try DatabaseQueue(path: file.path)
            try await keeper.write { db in
                try db.execute(sql: "INSERT INTO note (login, user_id, text, updated_at) VALUES ('walnote', NULL, 'only in the wal', 0)")
            }
            #expect((try FileManager.default.attributesOfItem(atPath: file.path + "-wal")[.size] as? Int ?? 0) > 0)
            let damaged = try Data(contentsOf: file)
            // When
            let archive = world.home.appendingPathComponent("rescued.json")
            let rescued = try await world.run("notes", "rescue", "-o", archive.path)
            // Then: most notes, the unreadable rows counted, the file untouched.
            #expect(rescued.status == 0, "\(rescued)")
            let notes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: archive)) as? [String: Any])["notes"] as? [[String: Any]]
            let count = notes?.count ?? 0
            #expect(count > 30 && count < 61, "\(count) rescued")
            #expect(notes?.contains { $0["login"] as? String == "walnote" } == true, "the -wal's note is rescued too")
            #expect(rescued.stderr.contains("rescued \(count) notes") && rescued.stderr.contains("could not be read"), "\(rescued)")
            #expect(try Data(contentsOf: file) == damaged)
            try keeper.close()
            // A new home takes them.
            try await EndToEnd.with { fresh in
                let imported = try await fresh.run("notes", "import", archive.path, "--from-other-site")
                #expect(imported.status == 0 && imported.stderr.contains("imported \(count) notes: \(count) added"), "\(imported)")
            }
        }
    }

    @Test("a home that is a file: exit 7 with a readable one-line message")
    func homeIsAFile() async throws {
        try await EndToEnd.with { world in
            try Data("not a folder".utf8).write(to: world.home)
            let result = try await world.run("status")
            #expect(result.status == 7, "\(result)")
            #expect(result.stderr.contains("pass --home"))
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try String(contentsOf: world.home, encoding: .utf8) == "not a folder")
            try FileManager.default.removeItem(at: world.home)
        }
    }

    @Test("a database from a newer ghusers: exit 7, asks to upgrade, notes kept")
    func newer() async throws {
        try await EndToEnd.with { world in
            #expect(try await world.run("note", "tawk", "precious").status == 0)
            let file = world.database
            let queue = try DatabaseQueue(path: file.path)
            try await queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v2-from-the-future')") }
            try queue.close()
            let result = try await world.run("list")
            #expect(result.status == 7, "\(result)")
            #expect(result.stderr.contains("newer ghusers"))
            #expect(try StoreInspector(world).notes() == ["tawk": "precious"])
        }
    }
}
