import Foundation
import GRDB
import Testing

@testable import GHUsersKit

@Suite("One database per site")
struct AppDatabaseSiteTests {
    static let enterprise = GitHubSite(apiRoot: "https://ghe.example.com/api/v3")!

    @Test("the first open records the site; the same site opens again; another site is refused")
    func claim() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.recordedSite() == nil)
        try database.claim(Self.enterprise)
        try database.claim(GitHubSite(apiRoot: "HTTPS://GHE.example.com/api/v3/")!)
        #expect(try database.recordedSite() == "https://ghe.example.com/api/v3")
        #expect(throws: StoreError.self) { try database.claim(.gitHubDotCom) }
        #expect(try database.recordedSite() == "https://ghe.example.com/api/v3")
    }

    @Test("a home from before sites moves into github.com's folder with every note; later opens move nothing")
    func adoptLegacy() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let home = folder.url
        // Given a database where releases before sites kept it, with notes, in WAL mode.
        let legacy = try AppDatabase.open(at: home.appendingPathComponent("ghusers.sqlite"))
        try legacy.write { try StoreService.Notes.save(login: "mojombo", text: "first", $0) }
        try legacy.write { try StoreService.Notes.save(login: "someone-later", text: "pending", $0) }
        legacy.close()
        let avatars = home.appendingPathComponent("cache/avatars")
        try FileManager.default.createDirectory(at: avatars, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: avatars.appendingPathComponent("a1"))
        try FileManager.default.createDirectory(at: home.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        try Data("unsaved text".utf8).write(to: home.appendingPathComponent("drafts/mojombo.md"))

        // When a site's paths are opened (here another site's: the move does not depend on it).
        let paths = GHUsersPaths(dataHome: home, cacheHome: home.appendingPathComponent("cache"), site: Self.enterprise)
        try AppDatabase.adoptLegacyDatabase(of: paths)

        // Then the file is github.com's, whole, and nothing is left behind.
        let dotcom = GHUsersPaths(dataHome: home, cacheHome: home.appendingPathComponent("cache"), site: .gitHubDotCom)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("ghusers.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("ghusers.sqlite-wal").path))
        let moved = try AppDatabase.open(at: dotcom.database)
        #expect(try moved.recordedSite() == "https://api.github.com")
        var notes: [String] = []
        try moved.read { try StoreService.Notes.all($0, { notes.append("\($0.login)=\($0.text)") }) }
        #expect(notes == ["mojombo=first", "someone-later=pending"])
        moved.close()
        #expect(FileManager.default.fileExists(atPath: dotcom.cacheDirectory.appendingPathComponent("avatars/a1").path))
        #expect(try String(contentsOf: dotcom.drafts.appendingPathComponent("mojombo.md"), encoding: .utf8) == "unsaved text")
        // And a second call finds nothing to do.
        try AppDatabase.adoptLegacyDatabase(of: paths)
        #expect(AppDatabase.summary(at: dotcom.database)?.statistics.notes == 2)
    }

    @Test("a move interrupted before its rename is done again, whole, by the next open")
    func interruptedMove() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let home = folder.url
        let legacyURL = home.appendingPathComponent("ghusers.sqlite")
        let legacy = try AppDatabase.open(at: legacyURL)
        try legacy.write { try StoreService.Notes.save(login: "mojombo", text: "kept", $0) }
        legacy.close()
        // Given every step but the rename done: migrated, the site recorded, out of WAL mode,
        // and github.com's folder made.
        let paths = GHUsersPaths(dataHome: home, cacheHome: home.appendingPathComponent("cache"), site: .gitHubDotCom)
        let reopened = try AppDatabase.open(at: legacyURL)
        try reopened.claim(.gitHubDotCom)
        reopened.close()
        let queue = try DatabaseQueue(path: legacyURL.path)
        _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)

        // When the next command opens the home.
        try AppDatabase.adoptLegacyDatabase(of: paths)

        // Then the file has moved with its note.
        #expect(!FileManager.default.fileExists(atPath: legacyURL.path))
        let summary = try #require(AppDatabase.summary(at: paths.database))
        #expect(summary.apiRoot == "https://api.github.com" && summary.statistics.notes == 1)
    }

    @Test("an old file is left alone when github.com's folder already has a database")
    func legacyBesideCurrent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let home = folder.url
        let paths = GHUsersPaths(dataHome: home, cacheHome: home.appendingPathComponent("cache"), site: .gitHubDotCom)
        let current = try AppDatabase.open(at: paths.database)
        try current.write { try StoreService.Notes.save(login: "new", text: "kept", $0) }
        current.close()
        let legacy = try AppDatabase.open(at: home.appendingPathComponent("ghusers.sqlite"))
        try legacy.write { try StoreService.Notes.save(login: "old", text: "also kept", $0) }
        legacy.close()
        try AppDatabase.adoptLegacyDatabase(of: paths)
        #expect(AppDatabase.summary(at: home.appendingPathComponent("ghusers.sqlite"))?.statistics.notes == 1)
        #expect(AppDatabase.summary(at: paths.database)?.statistics.notes == 1)
    }
}
