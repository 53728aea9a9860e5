/// Ascending user ids, four bytes each: the low 32 bits of every id, and where the high bits
/// change (never, on github.com today). A `databaseId` is GraphQL's `Int`, 32 bits
/// (`../shared/fixtures/github/graphql-schema.graphql`: `databaseId: Int`), so GitHub's ids
/// fit the low part; an id past 2^32 still reads back exact. Half of `[Int64]`: 4 MB saved a
/// million logins, and as much for the profiles' ids while the index loads (issue 57).
struct UserIDs: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable, Equatable {
    /// The low 32 bits of each id.
    private(set) var low: [UInt32] = []
    /// For each place where the high bits change, the first position and the new high bits,
    /// ascending (empty while every id is under 2^32).
    private var highs: [(position: Int, bits: UInt32)] = []

    init() {}

    /// The ids `ids`, ascending.
    init(arrayLiteral ids: Int64...) {
        ids.forEach { append($0) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { low.count }
    /// The bytes held.
    var memory: Int { low.capacity * 4 + highs.capacity * 16 }

    /// The id at `position`.
    @inline(__always) subscript(position: Int) -> Int64 {
        let low = Int64(self.low[position])
        guard !highs.isEmpty else { return low }
        let change = partitionPoint(highs.count) { highs[$0].position <= position } - 1
        return change < 0 ? low : Int64(highs[change].bits) << 32 | low
    }

    /// Adds `id`, at least the last one.
    mutating func append(_ id: Int64) {
        precondition(id >= 0 && id >= (last ?? 0), "user ids are added in ascending order")
        let bits = UInt32(truncatingIfNeeded: id >> 32)
        if bits != (highs.last?.bits ?? 0) { highs.append((low.count, bits)) }
        low.append(UInt32(truncatingIfNeeded: id))
    }

    /// Makes room for `count` more ids.
    mutating func reserve(_ count: Int) { low.reserveCapacity(low.count + count) }

    /// Gives back what the array holds beyond its ids.
    mutating func shrink() { low = low.withUnsafeBufferPointer(Array.init) }

    /// The first position whose id is at least `id` (``count`` if none), searched from `from`.
    func firstPosition(atLeast id: Int64, from: Int = 0) -> Int {
        partitionPoint(from: from, count) { self[$0] < id }
    }

    static func == (left: UserIDs, right: UserIDs) -> Bool {
        left.low == right.low && left.highs.elementsEqual(right.highs) { $0 == $1 }
    }
}
