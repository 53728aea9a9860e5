import Foundation
import Testing

@testable import GHUsersKit

/// Two homes that sync their notes through `notes export` and `notes import` (the default,
/// `newest`): random edits and deletions on either side, random one-way syncs, then a round
/// trip. Both then hold the same notes, each one a text somebody wrote (nothing pasted
/// together, nothing repeated), and a second round trip changes nothing.
@Suite struct NotesSyncPropertyTests {
    static let logins = ["alice", "bob", "carol", "dave", "erin"]

    /// A home: an in-memory database, with the users cached so that notes have ids.
    struct Home {
        let database: AppDatabase
        init() throws {
            database = try AppDatabase.inMemory()
            try database.write { try StoreService.Sync.savePage(
                Factory.page([1, 2, 3, 4, 5], logins: Dictionary(uniqueKeysWithValues: NotesSyncPropertyTests.logins.enumerated().map { (Int64($0 + 1), $1) })),
                request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        }

        /// `notes export`, through the archive's own writer and reader (dates to the second).
        func export(_ file: URL) throws -> NotesArchive {
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 0)
            let stream = GHUsersKit.OutputStream(fileDescriptor: handle.fileDescriptor)
            var writer = NotesArchiveWriter(output: stream, site: .gitHubDotCom, exportedAt: Date())
            try database.read { db in try StoreService.Notes.all(db) { writer.write($0) } }
            writer.finish()
            stream.flush()
            try handle.close()
            return try NotesArchive(decoding: Data(contentsOf: file))
        }

        func notes() throws -> [String: String] {
            var all: [String: String] = [:]
            try database.read { db in try StoreService.Notes.all(db) { all[$0.login] = $0.text } }
            return all
        }
    }

    @Test("any edits and one-way syncs, then a round trip: the same notes on both, each a text once written, stable", arguments: 0..<4)
    func converges(seed: UInt64) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("notes.json")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        for trial in 0..<PropertyScale.count(25) {
            var random = SearchGramsTests.Random(state: 0x9E37_79B9_7F4A_7C15 &* (seed * 1_000 + UInt64(trial) + 1))
            let homes = [try Home(), try Home()]
            var written: Set<String> = []
            // Seconds advance by 0 to 2 between steps: edits in the same second happen.
            var clock = Date(timeIntervalSince1970: 1_800_000_000)
            for step in 0..<Int.random(in: 5...40, using: &random) {
                clock.addTimeInterval(Double(Int.random(in: 0...2, using: &random)) + Double.random(in: 0..<1, using: &random))
                let home = homes[Int.random(in: 0...1, using: &random)]
                let login = Self.logins.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let text = "\(login) note \(step)" + (Bool.random(using: &random) ? "" : " · \(trial)")
                    written.insert(text)
                    try home.database.write { try StoreService.Notes.save(login: login, text: text, now: clock, $0) }
                case 6:
                    try home.database.write { try StoreService.Notes.delete(login: login, now: clock, $0) }
                default:
                    let from = Bool.random(using: &random) ? 0 : 1
                    try homes[1 - from].database.write { try StoreService.Notes.import(try homes[from].export(file), now: clock, $0) }
                }
            }
            // When: a round trip, A to B then B to A.
            try homes[1].database.write { try StoreService.Notes.import(try homes[0].export(file), now: clock, $0) }
            try homes[0].database.write { try StoreService.Notes.import(try homes[1].export(file), now: clock, $0) }
            // Then
            let a = try homes[0].notes()
            let b = try homes[1].notes()
            #expect(a == b, "seed \(seed), trial \(trial)")
            #expect(Set(a.values).isSubset(of: written), "seed \(seed), trial \(trial): a note is a text once written")
            // A second round trip changes nothing, and reports nothing updated.
            let again = try homes[1].database.write { try StoreService.Notes.import(try homes[0].export(file), now: clock, $0) }
            let back = try homes[0].database.write { try StoreService.Notes.import(try homes[1].export(file), now: clock, $0) }
            #expect(again.updated == 0 && again.added == 0 && back.updated == 0 && back.added == 0, "seed \(seed), trial \(trial)")
            #expect(try homes[0].notes() == a)
        }
    }
}
