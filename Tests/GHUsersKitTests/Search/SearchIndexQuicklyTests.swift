import Testing

@testable import GHUsersKit

@Suite("Search index: what is answered on the loop")
struct SearchIndexQuicklyTests {
    /// 6,000 users, logins `ga<id>x<id % 7>` (all of them hold `ga`: more than
    /// ``SearchIndex/quickCandidates``), with `note` on every `noteEvery`th user.
    static func database(note: (Int64) -> String, noteEvery: Int64) throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let logins = Dictionary(uniqueKeysWithValues: (Int64(1)...6_000).map { ($0, "ga\($0)x\($0 % 7)") })
        try StoreService.Users.Save(database: database)(
            Factory.page(Array(Int64(1)...6_000), logins: logins), request: .init(since: 0, movesCursor: true), etag: nil)
        for id in stride(from: noteEvery, through: 6_000, by: Int64.Stride(noteEvery)) {
            try StoreService.Notes.Save(database: database)(login: logins[id]!, text: note(id))
        }
        return database
    }

    /// An index of `database`, with nothing kept.
    static func index(_ database: AppDatabase) throws -> SearchIndex {
        let index = SearchIndex()
        try index.load(from: database)
        return index
    }

    @Test("a narrowing of more than 4,096 kept matches is answered once they are packed, as a fresh index answers it")
    func packedNarrowing() throws {
        let database = try Self.database(note: { "a garden \($0 % 3)" }, noteEvery: 10)
        let (index, fresh) = (try Self.index(database), try Self.index(database))
        // At a text's places (gar, ga1, Ga12, an exact login), by a scan of the packed copy
        // (two terms, an exclusion), and read before a match, as the window does going up
        for query in ["gar", "ga1", "Ga12", "ga12x5", "garden 2", "ga !x3", "ga1 x2"] {
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
            if query == "ga12x5" { #expect(quick.ids.first == 12) }  // the exact login first
            if let last = expected.ids.last, expected.ids.count > 2 {
                #expect(index.quickly(query, id: last, before: true, count: 2)?.ids == fresh.before(query, id: last, count: 2)?.ids, "\(query)")
            }
        }
    }

    @Test("a packed base is narrowed on the loop even where a smaller kept base, not packed, is too large to filter")
    func packedOverSmaller() throws {
        // Given 80,000 logins, 9,000 of them holding `gar` (for 3+ characters a kept base of up
        // to an eighth of the logins, 10,000, is filtered rather than scanned: off the loop)
        func index() throws -> SearchIndex {
            let index = try Self.index(try AppDatabase.inMemory())
            index.append((Int64(1)...80_000).map { (id: $0, login: $0 <= 9_000 ? "gar\($0)x\($0 % 7)" : "zz\($0)") })
            return index
        }
        let (index, fresh) = (try index(), try index())
        // And `gar !x3` kept, not packed, with more than 4,096 matches: not filtered on the loop
        #expect(try #require(index.after("gar !x3", id: nil, count: 1)).total > SearchIndex.quickCandidates)
        #expect(index.quickly("gar !x3 !x4", id: nil, count: 50) == nil)
        // When `gar`'s matches are kept and packed
        _ = index.after("gar", id: nil, count: 1)
        #expect(index.pack("gar"))
        // Then a query narrowing both is answered from `gar`'s packed matches
        let quick = try #require(index.quickly("gar !x3 !x4", id: nil, count: 50))
        let expected = try #require(fresh.after("gar !x3 !x4", id: nil, count: 50))
        #expect(quick.ids == expected.ids && quick.total == expected.total)
    }

    @Test("a packed copy larger than quickPackedBytes is not scanned on the loop; its text's places still answer")
    func largePackedCopy() throws {
        // Given notes of 200 bytes on every user: a packed copy of `ga` over 1 MB
        let database = try Self.database(note: { "garden " + String(repeating: "lorem \($0 % 10) ", count: 24) }, noteEvery: 1)
        let (index, fresh) = (try Self.index(database), try Self.index(database))
        _ = index.after("ga", id: nil, count: 1)
        #expect(index.pack("ga"))
        // Then two terms, which need a scan of the copy, are left to the search queue
        #expect(index.quickly("ga x1", id: nil, count: 50) == nil)
        // And one term that holds `ga` is answered at its places
        let quick = try #require(index.quickly("gar", id: nil, count: 50))
        #expect(quick.ids == fresh.after("gar", id: nil, count: 50)?.ids && quick.total == 6_000)
    }
}
