import Testing

@testable import GHUsersKit

@Suite("Memory cache")
struct CacheTests {
    @Test("the least recently used entries are evicted first")
    func evictionOrder() {
        // Given a cache of cost 3 holding a, b, c
        let cache = Cache<String, Int>(costLimit: 3)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(3, for: "c")
        // When a is read (most recent now) and d is added
        #expect(cache.value(for: "a") == 1)
        cache.set(4, for: "d")
        // Then b, the least recently used, is gone, and the order is d, a, c
        #expect(cache.value(for: "b") == nil)
        #expect(cache.keys == ["d", "a", "c"])
        #expect(cache.totalCost == 3)
    }

    @Test("a costly value evicts as many entries as it needs; one over the limit is not kept")
    func costs() {
        let cache = Cache<String, Int>(costLimit: 10)
        cache.set(1, for: "a", cost: 4)
        cache.set(2, for: "b", cost: 4)
        cache.set(3, for: "c", cost: 8)
        #expect(cache.keys == ["c"])
        cache.set(4, for: "huge", cost: 11)
        #expect(cache.value(for: "huge") == nil)
        #expect(cache.totalCost == 8)
    }

    @Test("replacing a value updates its cost and recency")
    func replace() {
        let cache = Cache<String, Int>(costLimit: 10)
        cache.set(1, for: "a", cost: 5)
        cache.set(2, for: "b", cost: 1)
        cache.set(3, for: "a", cost: 2)
        #expect(cache.keys == ["a", "b"])
        #expect(cache.totalCost == 3)
    }

    @Test("concurrent readers and writers keep the cache consistent")
    func concurrentUse() async {
        // Given a small cache used by 8 tasks at once
        let cache = Cache<Int, Int>(costLimit: 50)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<2_000 {
                        let key = (worker * 31 + step) % 200
                        if step % 3 == 0 { cache.set(key, for: key) } else { _ = cache.value(for: key) }
                    }
                }
            }
        }
        // Then the limit holds and the recency list matches the entries
        let keys = cache.keys
        #expect(keys.count == cache.totalCost)
        #expect(keys.count <= 50)
        #expect(Set(keys).count == keys.count)
        for key in keys { #expect(cache.value(for: key) == key) }
    }
}
