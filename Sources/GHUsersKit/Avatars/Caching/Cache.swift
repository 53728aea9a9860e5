import Synchronization

/// A thread-safe in-memory cache with a total cost limit, evicting the least recently used
/// entries first.
///
/// Reads and writes take a lock (`Mutex`) for O(1) work: a dictionary lookup and a relink in a
/// doubly linked recency list kept in the dictionary itself. Setting a value over the limit
/// evicts the least recently used entries until the total cost is within it; a single value
/// costlier than the whole limit is not kept. ``AvatarPipeline`` keeps decoded avatars here
/// (64 MiB by default).
package final class Cache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var older: Key?
        var newer: Key?
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var newest: Key?
        var oldest: Key?
        var totalCost = 0
    }

    /// The most the values may cost together.
    package let costLimit: Int
    private let state = Mutex(State())

    /// Creates an empty cache that holds values costing at most `costLimit` together.
    package init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// The value for `key`, which becomes the most recently used; `nil` if not cached.
    package func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            Self.unlink(key, in: &state)
            Self.linkNewest(key, in: &state)
            return entry.value
        }
    }

    /// Stores `value` for `key` as the most recently used, then evicts the least recently used
    /// entries while the total cost is over the limit.
    package func set(_ value: Value, for key: Key, cost: Int = 1) {
        state.withLock { state in
            if state.entries[key] != nil { Self.remove(key, in: &state) }
            guard cost <= costLimit else { return }
            state.entries[key] = Entry(value: value, cost: cost)
            state.totalCost += cost
            Self.linkNewest(key, in: &state)
            while state.totalCost > costLimit, let oldest = state.oldest {
                Self.remove(oldest, in: &state)
            }
        }
    }

    /// The cached keys, most recently used first (for tests).
    var keys: [Key] {
        state.withLock { state in
            var keys: [Key] = []
            var cursor = state.newest
            while let key = cursor {
                keys.append(key)
                cursor = state.entries[key]?.older
            }
            return keys
        }
    }

    /// The total cost of the cached values.
    package var totalCost: Int { state.withLock { $0.totalCost } }

    private static func remove(_ key: Key, in state: inout State) {
        unlink(key, in: &state)
        if let entry = state.entries.removeValue(forKey: key) { state.totalCost -= entry.cost }
    }

    private static func unlink(_ key: Key, in state: inout State) {
        guard let entry = state.entries[key] else { return }
        if let older = entry.older { state.entries[older]?.newer = entry.newer } else { state.oldest = entry.newer }
        if let newer = entry.newer { state.entries[newer]?.older = entry.older } else { state.newest = entry.older }
        state.entries[key]?.older = nil
        state.entries[key]?.newer = nil
    }

    private static func linkNewest(_ key: Key, in state: inout State) {
        state.entries[key]?.older = state.newest
        if let newest = state.newest { state.entries[newest]?.newer = key }
        state.newest = key
        if state.oldest == nil { state.oldest = key }
    }
}
