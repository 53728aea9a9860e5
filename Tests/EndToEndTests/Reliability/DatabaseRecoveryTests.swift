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
