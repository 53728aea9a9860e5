import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Ranks of scattered rows")
struct StoreServiceRankTests {
    @Test("ranks of many ids, counted in one walk, are each id's own rank")
    func ranksMatchOneByOne() async throws {
        // Given cached users with gaps in their ids, and ids asked for in any order, repeated,
        // cached or not
        let database = try AppDatabase.inMemory()
        let cached: [Int64] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]
        try await database.write { try StoreService.Sync.savePage(
            Factory.page(cached), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        await propertyCheck(count: PropertyScale.count(200), input: Gen<Int64>.value(in: 0...150).array(of: 0...12)) { ids in
            // When they are ranked together
            guard let ranks = try? await database.read({ try StoreService.Users.ranks(of: ids, $0) }) else {
                Issue.record("ranking failed for \(ids)")
                return
            }
            // Then each is what ranking it alone gives
            #expect(Set(ranks.keys) == Set(ids))
            for id in ids { #expect(ranks[id] == (try? await database.read { try StoreService.Users.rank(through: id, $0) }), "\(id) in \(ids)") }
        }
    }
}
