/// Up to two flags of each record of a ``TextArena`` (a login's account type: an
/// organisation, or neither a user nor one), a bit a record in a set a flag: 250 KB at a
/// million logins, where they took two bits of each record's 64-bit mask (issue 57). A test
/// of a type is a pass over the sets' words, 64 records at a time.
struct RecordFlags: Sendable {
    /// How many flags a record has room for.
    static let count = 2
    /// For each flag, a bit a record.
    private var sets: [[UInt64]] = Array(repeating: [], count: count)
    /// How many records.
    private(set) var records = 0

    /// The bytes held.
    var memory: Int { sets.reduce(0) { $0 + $1.capacity * 8 } }

    /// Makes room for `count` more records.
    mutating func reserve(_ count: Int) {
        for flag in sets.indices { sets[flag].reserveCapacity((records + count + 63) / 64) }
    }

    /// Gives back what the sets hold beyond their records.
    mutating func shrink() {
        for flag in sets.indices { sets[flag] = sets[flag].withUnsafeBufferPointer(Array.init) }
    }

    /// Adds the next record, with `flags` (bit `n`: flag `n`).
    mutating func append(_ flags: UInt8) {
        precondition(flags >> Self.count == 0, "a record has \(Self.count) flags")
        if records & 63 == 0 { for flag in sets.indices { sets[flag].append(0) } }
        for flag in sets.indices where flags >> flag & 1 == 1 { sets[flag][records >> 6] |= 1 << UInt64(records & 63) }
        records += 1
    }

    /// Whether record `record` has any of `flags`.
    func has(_ record: Int, anyOf flags: UInt8) -> Bool {
        word(record >> 6, anyOf: flags) >> UInt64(record & 63) & 1 == 1
    }

    /// The records of `range` (ascending) having any of `flags` (`lacking`: none of them).
    func records(_ range: Range<Int>, anyOf flags: UInt8, lacking: Bool = false) -> [Int32] {
        guard !range.isEmpty else { return [] }
        var found: [Int32] = []
        for index in range.lowerBound >> 6...(range.upperBound - 1) >> 6 {
            var bits = word(index, anyOf: flags)
            if lacking { bits = ~bits }
            let first = index << 6
            if first < range.lowerBound { bits &= ~0 << UInt64(range.lowerBound - first) }
            if first + 64 > range.upperBound { bits &= ~0 >> UInt64(first + 64 - range.upperBound) }
            while bits != 0 {
                found.append(Int32(truncatingIfNeeded: first + bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
        return found
    }

    /// The records of `records` (ascending) having any of `flags` (`lacking`: none of them),
    /// in order, without a branch on the flag (a type a user in seven mispredicts often).
    func records(_ records: [Int32], anyOf flags: UInt8, lacking: Bool = false) -> [Int32] {
        let wanted: UInt64 = lacking ? 0 : 1
        let (first, second) = (flags & 1 == 0 ? [] : sets[0], flags & 2 == 0 ? [] : sets[1])
        return first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                records.withUnsafeBufferPointer { records in
                    [Int32](unsafeUninitializedCapacity: records.count) { buffer, kept in
                        kept = 0
                        for record in records {
                            let (index, shift) = (Int(record) >> 6, UInt64(record & 63))
                            let bits = (first.isEmpty ? 0 : first[index]) | (second.isEmpty ? 0 : second[index])
                            buffer[kept] = record
                            kept &+= Int(truncatingIfNeeded: (bits >> shift & 1) ^ (1 &- wanted))
                        }
                    }
                }
            }
        }
    }

    /// Word `index` of the union of `flags`' sets.
    @inline(__always) private func word(_ index: Int, anyOf flags: UInt8) -> UInt64 {
        (flags & 1 == 0 ? 0 : sets[0][index]) | (flags & 2 == 0 ? 0 : sets[1][index])
    }
}
