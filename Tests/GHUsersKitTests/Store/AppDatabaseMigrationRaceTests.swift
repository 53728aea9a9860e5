import Foundation
import Testing

@testable import GHUsersKit

@Suite("Opening a new database from several places at once")
struct AppDatabaseMigrationRaceTests {
    @Test("eight concurrent opens of one new file all succeed with one complete schema", arguments: 0..<5)
    func concurrentOpens(round: Int) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("ghusers.sqlite")
        // Given eight openers racing on a file that does not exist yet,
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    // when each opens it and writes,
                    let database = try AppDatabase.open(at: url)
                    try await database.write { try StoreService.Notes.save(login: "user\(index)", text: "note \(round)", $0) }
                }
            }
            try await group.waitForAll()
        }
        // then every write is there.
        let database = try AppDatabase.open(at: url)
        await #expect(try database.read { try StoreStatistics($0) }.notes == 8)
    }
}
