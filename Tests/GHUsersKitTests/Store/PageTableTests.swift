import Foundation
import GRDB
import PropertyBased
import Testing

@testable import GHUsersKit

/// The `page` table stays a partition of the cached id range, and accounts GitHub stops listing
/// are marked gone, through re-paging, deletions, restorations and renames.
@Suite("Page table: a partition of the id range; gone accounts marked")
struct PageTableTests {
    let database: AppDatabase
    init() throws { database = try AppDatabase.inMemory() }

    /// `(since, last_id)` of every row, in order.
    func rows() throws -> [[Int64]] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT since, last_id FROM page ORDER BY since").map { [$0[0], $0[1]] }
        }
    }

    func gone() throws -> [Int64] {
        try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM user WHERE gone ORDER BY id") }
    }

    /// A server's answer to `since` with `size` of `listed`.
    func save(_ listed: [Int64], since: Int64, size: Int, moves: Bool) throws {
        let ids = Array(listed.filter { $0 > since }.prefix(size))
        let hasNext = ids.last.map { $0 < (listed.last ?? 0) } ?? false
        try database.write { try StoreService.Sync.savePage(
            Factory.page(ids, hasNext: hasNext), request: .init(since: since, movesCursor: moves), etag: "W/\"\(since)\"", $0) }
    }

    /// `refresh` as CombinedService walks it: from 0, each page from where the last ended.
    func refresh(_ listed: [Int64], size: Int) throws {
        let cursor = try database.read { try StoreService.Sync.state($0) }.cursor ?? 0
        var since: Int64 = 0
        while since < cursor {
            let ids = Array(listed.filter { $0 > since }.prefix(size))
            try save(listed, since: since, size: size, moves: false)
            guard let last = ids.last else { return }
            since = last
        }
    }

    @Test("a deletion in a refreshed page: one row reaches further, the next starts where it ends; the account is marked gone")
    func deletion() throws {
        let listed = Array(Int64(1)...9)
        for since in [Int64(0), 3, 6] { try save(listed, since: since, size: 3, moves: true) }
        #expect(try rows() == [[0, 3], [3, 6], [6, 9]])
        try refresh(listed.filter { $0 != 2 }, size: 3)
        #expect(try rows() == [[0, 4], [4, 7], [7, 9]])
        #expect(try gone() == [2])
        // Restored: listed again, no longer gone.
        try refresh(listed, size: 3)
        #expect(try gone() == [])
        #expect(try database.read(StoreService.Sync.pagesArePartition))
    }

    @Test("a home paged at 3 refreshed at 5: fewer, longer rows, still a partition, nothing lost")
    func largerPages() throws {
        let listed = Array(Int64(1)...12)
        for since in stride(from: Int64(0), to: 12, by: 3) { try save(listed, since: since, size: 3, moves: true) }
        try refresh(listed, size: 5)
        #expect(try rows().first == [0, 5])
        #expect(try database.read(StoreService.Sync.pagesArePartition))
        #expect(try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM user") } == 12)
        #expect(try gone() == [])
    }

    @Test("random deletions, restorations and page sizes keep the rows a partition and mark exactly the unlisted gone")
    func randomHistories() async throws {
        let gen = Gen.int(in: 1...6).array(of: 1...6)
        // One database, emptied for each history: opening one (its migrations) costs more than a history.
        let database = try AppDatabase.inMemory()
        let table = PageTableTests(database: database)
        await propertyCheck(count: PropertyScale.count(25), input: gen) { steps in
            var listed = Array(Int64(1)...40)
            do {
                try await database.write { db in
                    try db.execute(sql: "DELETE FROM user; DELETE FROM page; UPDATE sync_state SET cursor = NULL, page_size = NULL")
                }
                var since: Int64 = 0
                while since < 40 {
                    try table.save(listed, since: since, size: 4, moves: true)
                    since = min(40, since + 4)
                }
                for (index, step) in steps.enumerated() {
                    let victim = Int64((step * 7 + index * 13) % 40 + 1)
                    if let at = listed.firstIndex(of: victim) { listed.remove(at: at) } else { listed = (listed + [victim]).sorted() }
                    try table.refresh(listed, size: step + 1)
                    let rows = try table.rows()
                    #expect(try await database.read(StoreService.Sync.pagesArePartition), "\(steps) at \(index): \(rows)")
                }
                let cached = try await database.read { try Int64.fetchAll($0, sql: "SELECT id FROM user ORDER BY id") }
                #expect(try table.gone() == cached.filter { !listed.contains($0) }, "\(steps)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    init(database: AppDatabase) { self.database = database }
}
