/// One count field of every cached profile (its followers, its repositories) for `browse`'s
/// index: each count in one byte, or two once more than a 64th of them are 254 or more, and
/// the few too large for that kept apart, each with its profile. At a million profiles that
/// is 1 or 2 MB a field, where 32-bit counts took 4 (issue 57); the bench's home keeps 36,000
/// followers' counts apart, a real one fewer (a count past 65,533 is one account in
/// thousands). A test of the field is one pass without a branch over the narrow counts, then
/// one over those kept apart.
struct CountColumn: Sendable {
    private enum Storage {
        case bytes([UInt8]), shorts([UInt16])
    }
    private var storage = Storage.bytes([])
    /// The profiles whose count is at least the storage's ``escape`` value, ascending, and
    /// their counts.
    private var largeProfiles: [Int32] = []
    private var largeCounts: [UInt32] = []

    /// How many profiles.
    var count: Int {
        switch storage {
        case .bytes(let counts): counts.count
        case .shorts(let counts): counts.count
        }
    }

    /// The bytes held.
    var memory: Int {
        let narrow = switch storage {
        case .bytes(let counts): counts.capacity
        case .shorts(let counts): counts.capacity * 2
        }
        return narrow + largeProfiles.capacity * 4 + largeCounts.capacity * 4
    }

    /// Makes room for `count` counts of one byte.
    mutating func reserve(_ count: Int) {
        guard case .bytes(var counts) = storage else { return }
        storage = .bytes([])
        counts.reserveCapacity(count)
        storage = .bytes(counts)
    }

    /// Adds the next profile's count (`nil`: unknown; at most `UInt32.max - 1`).
    mutating func append(_ value: Int64?) {
        let value = value.map { UInt32(clamping: max($0, 0)) }
        switch storage {
        case .bytes(var counts):
            if let value, value >= Self.escape(UInt8.self), largeProfiles.count >= max(64, counts.count / 64) {
                widen(counts)
                return append(Int64(value))
            }
            storage = .bytes([])  // one owner while it grows: no copy
            counts.append(narrowed(value, profile: counts.count))
            storage = .bytes(counts)
        case .shorts(var counts):
            storage = .bytes([])
            counts.append(narrowed(value, profile: counts.count))
            storage = .shorts(counts)
        }
    }

    /// The profiles (ascending) whose count is known and in `lower..<upper` (outside it when
    /// `negated`).
    func profiles(_ lower: Int64?, _ upper: Int64?, negated: Bool) -> [Int32] {
        let (low, high) = (lower ?? .min, upper ?? .max)
        let narrow = switch storage {
        case .bytes(let counts): counts.withUnsafeBufferPointer { Self.within($0, low, high, negated: negated, below: Self.escape(UInt8.self)) }
        case .shorts(let counts): counts.withUnsafeBufferPointer { Self.within($0, low, high, negated: negated, below: Self.escape(UInt16.self)) }
        }
        guard !largeProfiles.isEmpty else { return narrow }
        let large = largeProfiles.indices.compactMap { index in
            (low <= Int64(largeCounts[index]) && Int64(largeCounts[index]) < high) != negated ? largeProfiles[index] : nil
        }
        return SearchCorpus.union(narrow, large)
    }

    /// The count of `profile`, `nil` if unknown.
    subscript(profile: Int) -> UInt32? {
        let (narrow, escape): (UInt32, UInt32) = switch storage {
        case .bytes(let counts): (UInt32(counts[profile]), UInt32(Self.escape(UInt8.self)))
        case .shorts(let counts): (UInt32(counts[profile]), UInt32(Self.escape(UInt16.self)))
        }
        guard narrow >= escape else { return narrow }
        guard narrow == escape else { return nil }
        return largeCounts[partitionPoint(largeProfiles.count) { largeProfiles[$0] < profile }]
    }

    /// The narrow value standing for a count of `Count`'s width: the largest means unknown,
    /// the one below it a count kept apart.
    @inline(__always) private static func escape<Count: FixedWidthInteger>(_: Count.Type) -> Count { Count.max - 1 }

    /// `value` as a narrow count of `Count`'s width, kept apart for `profile` when too large.
    private mutating func narrowed<Count: FixedWidthInteger>(_ value: UInt32?, profile: Int) -> Count {
        guard let value else { return Count.max }
        guard value >= Self.escape(Count.self) else { return Count(value) }
        largeProfiles.append(Int32(profile))
        largeCounts.append(value)
        return Self.escape(Count.self)
    }

    /// Stores `counts` in two bytes each: the counts kept apart that now fit are put in place.
    private mutating func widen(_ counts: [UInt8]) {
        var wide = [UInt16]()
        wide.reserveCapacity(counts.capacity)
        wide.append(contentsOf: counts.lazy.map { $0 >= Self.escape(UInt8.self) ? UInt16.max - UInt16(UInt8.max - $0) : UInt16($0) })
        let fits = largeCounts.map { $0 < Self.escape(UInt16.self) }
        for index in fits.indices where fits[index] { wide[Int(largeProfiles[index])] = UInt16(largeCounts[index]) }
        largeProfiles = largeProfiles.indices.filter { !fits[$0] }.map { largeProfiles[$0] }
        largeCounts = largeCounts.filter { $0 >= Self.escape(UInt16.self) }
        storage = .shorts(wide)
    }

    /// The positions (profiles) of `values` below `below` (the values standing for no value
    /// are above the rest: a count's escape, an unknown date) and in `low..<high` (outside it
    /// when `negated`): the narrow counts' pass, and the dates'. One pass without a branch on
    /// the value, as ``TextArena/records(_:holding:)``: `compactMap` took 7 ms of
    /// `followers:>1000` at a million profiles.
    static func within<Value: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafeBufferPointer<Value>, _ low: Int64, _ high: Int64, negated: Bool, below: Value
    ) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: values.count) { buffer, kept in
            kept = 0
            var profile = 0
            while profile < values.count {
                let value = values[profile]
                let wide = Int64(value)
                buffer[kept] = Int32(truncatingIfNeeded: profile)
                kept &+= value < below && ((low <= wide && wide < high) != negated) ? 1 : 0
                profile &+= 1
            }
        }
    }
}
