import Testing

@testable import GHUsersKit

@Suite("User cache: the users of recent search windows")
struct UserCacheTests {
    func details(_ ids: ClosedRange<Int64>, note: String? = nil) -> [UserDetails] {
        ids.map { UserDetails(user: Factory.user($0), note: note) }
    }

    @Test("users come back in the order asked, and only when every one of them is cached")
    func allOrNothing() {
        let cache = UserCache()
        cache.keep(details(1...5), readSince: cache.epoch)
        #expect(cache.users([5, 1, 3])?.map(\.user.id) == [5, 1, 3])
        #expect(cache.users([1, 6]) == nil)
        #expect(cache.missing([6, 2, 7]) == [6, 7])
        #expect(cache.users([]) == [])
    }

    @Test("a change to the database empties it, and users read before it are not kept after; a user read again replaces the one kept")
    func emptiedAndReplaced() {
        let cache = UserCache()
        cache.keep(details(1...3, note: "old"), readSince: cache.epoch)
        cache.keep(details(2...2, note: "new"), readSince: cache.epoch)
        #expect(cache.users([2])?.first?.note == "new")
        // Read before the change, kept after it: not kept
        let before = cache.epoch
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.users([1]) == nil)
        cache.keep(details(1...3, note: "old"), readSince: before)
        #expect(cache.count == 0)
    }

    let limit = Int64(UserCache.limit)

    /// A cache with both generations full: users 1…limit in the older, the next in the newer.
    func twoFullGenerations() -> UserCache {
        let cache = UserCache()
        cache.keep(details(1...limit), readSince: 0)
        cache.keep(details((limit + 1)...(2 * limit)), readSince: 0)
        return cache
    }

    @Test("a lookup that moves users from the older generation still answers with all of them")
    func promotedTogether() {
        let cache = twoFullGenerations()
        // Users 1 and 2 are in the older generation; moving 1 turns the full newer one over.
        #expect(cache.users([1, 2, 2 * limit])?.map(\.user.id) == [1, 2, 2 * limit])
        #expect(cache.users([1, 2]) != nil)
    }

    @Test("it holds two generations at most: the oldest users go, those used lately stay")
    func bounded() {
        let cache = twoFullGenerations()
        // Used now: user 1 moves to the newest generation, which is then full and turns over.
        #expect(cache.users([1]) != nil)
        cache.keep(details((2 * limit + 1)...(3 * limit)), readSince: 0)
        #expect(cache.count == UserCache.limit + 1)
        #expect(cache.users([3 * limit]) != nil)
        #expect(cache.users([2]) == nil)
        #expect(cache.users([limit + 1]) == nil)
        #expect(cache.users([1]) != nil)
    }
}

@Suite("User cache: the first users by id")
struct UserCacheFirstUsersTests {
    let limit = Int64(UserCache.limit)

    @Test("the first users stay when recent ones turn both generations over, and answer beside them")
    func keptApart() {
        let cache = UserCache()
        cache.keepFirst((1...10).map { UserDetails(user: Factory.user($0)) }, readSince: cache.epoch)
        cache.keep((100...(100 + 3 * limit)).map { UserDetails(user: Factory.user($0)) }, readSince: cache.epoch)
        #expect(cache.users([3, 100 + 3 * limit, 10])?.map(\.user.id) == [3, 100 + 3 * limit, 10])
        #expect(cache.missing([1, 11, 100]) == [11, 100])
    }

    @Test("a change to the database empties them too, and a read from before it is not kept")
    func emptied() {
        let cache = UserCache()
        let before = cache.epoch
        cache.keepFirst([UserDetails(user: Factory.user(1), note: "old")], readSince: before)
        cache.removeAll()
        #expect(cache.users([1]) == nil)
        cache.keepFirst([UserDetails(user: Factory.user(1), note: "old")], readSince: before)
        #expect(cache.count == 0)
        cache.keepFirst([UserDetails(user: Factory.user(1), note: "new")], readSince: cache.epoch)
        #expect(cache.users([1])?.first?.note == "new")
    }
}
