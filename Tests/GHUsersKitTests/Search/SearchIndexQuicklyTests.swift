import Testing

@testable import GHUsersKit

@Suite("Search index: what is answered on the loop")
struct SearchIndexQuicklyTests {
    let database: AppDatabase
    let index = SearchIndex()

    /// 6,000 users whose logins all hold `ga` (more than ``SearchIndex/quickCandidates``),
    /// a note on every tenth that holds `garden`.
    init() throws {
        database = try AppDatabase.inMemory()
        let logins = Dictionary(uniqueKeysWithValues: (Int64(1)...6_000).map { ($0, "ga\($0)x\($0 % 7)") })
        try StoreService.Users.Save(database: database)(
            Factory.page(Array(Int64(1)...6_000), logins: logins), request: .init(since: 0, pageSize: 6_000, movesCursor: true), etag: nil)
        for id in stride(from: Int64(10), through: 6_000, by: 10) {
            try StoreService.Notes.Save(database: database)(login: logins[id]!, text: "a garden \(id % 3)")
        }
        try index.load(from: database)
    }

    @Test("a narrowing of more than 4,096 kept matches is answered once they are packed, as a fresh index answers it")
    func packedNarrowing() throws {
        let fresh = SearchIndex()
        try fresh.load(from: database)
        // At a text's places (gar, ga1, Ga12), and by a scan of the packed copy (two terms, an exclusion)
        for query in ["gar", "ga1", "Ga12", "garden 2", "ga !x3", "ga1 x2"] {
            index.forgetQueries()
            let base = try #require(index.after("ga", id: nil, count: 1))
            #expect(base.total == 6_000)
            // Given the base's matches kept, not packed: too many to filter on the loop
            #expect(index.quickly(query, id: nil, count: 50) == nil, "\(query)")
            // When they are packed
            #expect(index.pack("ga"))
            // Then the query is answered from them, as a fresh index answers it
            let quick = try #require(index.quickly(query, id: nil, count: 50), "\(query)")
            let expected = try #require(fresh.after(query, id: nil, count: 50))
            #expect(quick.ids == expected.ids && quick.total == expected.total && !expected.ids.isEmpty, "\(query)")
        }
    }
}
