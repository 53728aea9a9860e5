import Testing

@testable import GHUsersKit

@Suite("Search matches: windows in browse's order")
struct SearchMatchesTests {
    /// Users 10, 20, …, 60 match (every other login record of the index); 40 is the exact login.
    let matches = SearchMatches(
        query: SearchQuery("x"), records: [1, 3, 5, 7, 9, 11], loginIDs: [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60], exactPosition: 3)

    @Test("from the first: the exact login, then the others by id; after 0: the others; after an id: the others above it")
    func after() {
        #expect(matches.after(nil, count: 3) == [40, 10, 20])
        #expect(matches.after(0, count: 10) == [10, 20, 30, 50, 60])
        #expect(matches.after(20, count: 2) == [30, 50])
        #expect(matches.after(35, count: 10) == [50, 60])
        #expect(matches.after(60, count: 10).isEmpty)
    }

    @Test("before an id: the others below it, and the exact login once they run out")
    func before() {
        #expect(matches.before(60, count: 2) == [30, 50])
        #expect(matches.before(30, count: 2) == [10, 20])
        #expect(matches.before(20, count: 2) == [40, 10])
        #expect(matches.before(10, count: 2) == [40])
    }

    @Test("without an exact login, the order is the ids'")
    func noExact() {
        let plain = SearchMatches(query: SearchQuery("x"), records: [0, 1], loginIDs: [5, 9], exactPosition: nil)
        #expect(plain.after(nil, count: 5) == [5, 9] && plain.after(0, count: 5) == [5, 9] && plain.before(9, count: 5) == [5])
    }
}
