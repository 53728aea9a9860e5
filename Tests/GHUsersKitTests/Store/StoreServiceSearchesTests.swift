import Foundation
import Testing

@testable import GHUsersKit

/// Where `search --online` stands between runs.
@Suite("Online searches' progress")
struct StoreServiceSearchesTests {
    @Test("a progress of today comes back as stored; one from before windows counted the places asked starts its search over")
    func storedProgress() throws {
        let database = try AppDatabase.inMemory()
        var progress = StoreService.Searches.Progress(from: 1_167_609_600, upper: nil)
        (progress.cursor, progress.windowAsked, progress.kept, progress.refused) = ("Y3Vyc29yOjEwMA==", 300, 290, 2)
        try database.write { try StoreService.Searches.record(progress, of: "type:user", $0) }
        #expect(try database.read { try StoreService.Searches.progress(of: "type:user", $0) } == progress)
        // A row of the version before: its counts meant something else, so it is not read.
        let old = #"{"from":1167609600,"cursor":"Y3Vyc29yOjEwMA==","skip":[],"tail":[],"windowCount":3289,"windowReceived":100,"gitHubCount":3289,"kept":100,"missed":0}"#
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO online_search (query, progress, updated_at) VALUES (?, ?, 0)", arguments: ["type:user", old])
        }
        #expect(try database.read { try StoreService.Searches.progress(of: "type:user", $0) } == nil)
        try database.write { try StoreService.Searches.record(nil, of: "type:user", $0) }
        #expect(try database.read { try StoreService.Searches.progress(of: "type:user", $0) } == nil)
    }
}
