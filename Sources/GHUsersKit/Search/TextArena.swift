import CSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Texts (the logins, or the notes) packed into one folded (lower-cased) byte buffer, each
/// between two separator bytes (0), in ascending user id order: what ``SearchIndex`` scans for
/// a query's bytes, as GNU grep scans a file. 21 bytes a record besides its text (separator,
/// start, id, mask): 1,000,000 logins of 11.4 characters take about 33 MB.
struct TextArena: Sendable {
    /// The byte before and after each record. No folded text contains it.
    static let separator: UInt8 = 0

    /// Separator, record 0, separator, record 1, …, separator.
    private(set) var bytes: [UInt8] = [separator]
    /// The offset of each record's first byte.
    private(set) var starts: [Int32] = []
    /// The user id of each record, ascending (none for an arena of ``TextColumn``'s values,
    /// whose records are their own ids).
    private(set) var ids: [Int64] = []
    /// Whether this arena holds ``TextColumn``'s values: records without ``ids`` or ``masks``.
    private let holdsValues: Bool
    /// For each record, a bit for each of the characters of ``characterBits`` it holds (a
    /// one-character query is a pass over these, not a scan), its owner's flags in bits 40 to
    /// 55, and its length, at most 255, in the top 8 (``lengthShift``: equality found unread).
    private(set) var masks: [UInt64] = []
    static let lengthShift: UInt64 = 56

    /// How many records.
    var count: Int { starts.count }

    /// An empty arena; `values`: one of ``TextColumn``'s distinct values, whose records need
    /// no id and no mask (16 bytes a record saved; a term is found there by a scan).
    init(values: Bool = false) {
        holdsValues = values
    }

    /// Makes room for `records` more records of `bytes` more bytes in all, so that a load of
    /// known size grows nothing by doubling (a third of the logins' arena, and a copy of it
    /// in memory at once, at a million).
    mutating func reserve(records: Int, bytes: Int) {
        self.bytes.reserveCapacity(self.bytes.count + bytes + records)
        starts.reserveCapacity(starts.count + records)
        guard !holdsValues else { return }
        ids.reserveCapacity(ids.count + records)
        masks.reserveCapacity(masks.count + records)
    }

    /// Gives back what the arrays hold beyond their records, one array at a time.
    mutating func shrink() {
        bytes = bytes.withUnsafeBufferPointer(Array.init)
        starts = starts.withUnsafeBufferPointer(Array.init)
        ids = ids.withUnsafeBufferPointer(Array.init)
        masks = masks.withUnsafeBufferPointer(Array.init)
    }

    /// The memory the arena holds, in bytes.
    var memory: Int { bytes.capacity + starts.capacity * 4 + ids.capacity * 8 + masks.capacity * 8 }

    /// The bit of each folded byte in ``masks``: `a`-`z`, `0`-`9`, `-`, `_`, `.` and space.
    static let characterBits: [UInt64] = (0..<256).map { byte in
        let order = Array("abcdefghijklmnopqrstuvwxyz0123456789-_. ".utf8)
        return order.firstIndex(of: UInt8(byte)).map { UInt64(1) << UInt64($0) } ?? 0
    }

    /// Adds `text`, folded in place (no array a record: a million at load), as a record with
    /// `flags` in its mask (bits above the characters'); `id` above every id already in.
    mutating func append(id: Int64, text: String, flags: UInt64 = 0) {
        let start = bytes.count
        starts.append(Int32(start))
        ids.append(id)
        if text.utf8.allSatisfy({ $0 < 0x80 }) { bytes += text.utf8.lazy.map(Self.fold) } else { bytes += Self.fold(text) }
        bytes.append(Self.separator)
        let mask = bytes[start..<bytes.count - 1].reduce(UInt64(0)) { $0 | Self.characterBits[Int($1)] }
        masks.append(mask | flags | UInt64(min(bytes.count - 1 - start, 255)) << Self.lengthShift)
    }

    /// Adds `folded` (already folded, without the separator) as a record of an arena of
    /// values (``init(values:)``): no id, no mask.
    mutating func append(value folded: [UInt8]) {
        precondition(holdsValues, "an arena of ids and masks takes texts")
        starts.append(Int32(bytes.count))
        bytes += folded
        bytes.append(Self.separator)
    }

    /// Every record among `records` whose mask has any of `bit`'s bits (`lacking`: none of them), in order: a pass over
    /// the masks without a branch on the bit (every record is written, and kept if it has
    /// it), which a common letter mispredicts every other record; `for` over the range took
    /// twice as long as this `while`.
    func records(_ records: Range<Int>, having bit: UInt64, lacking: Bool = false) -> [Int32] {
        let wanted: UInt64 = lacking ? 0 : 1
        return masks.withUnsafeBufferPointer { masks in
            [Int32](unsafeUninitializedCapacity: records.count) { buffer, kept in
                kept = 0
                var record = records.lowerBound
                while record < records.upperBound {
                    buffer[kept] = Int32(truncatingIfNeeded: record)
                    kept &+= Int(truncatingIfNeeded: masks[record] & bit == 0 ? 1 &- wanted : wanted)
                    record &+= 1
                }
            }
        }
    }

    /// The records of `records` (ascending) whose mask has any of `bit`'s bits (`lacking`:
    /// none of them), in order, without a branch on the bit.
    func records(_ records: [Int32], having bit: UInt64, lacking: Bool = false) -> [Int32] {
        let wanted: UInt64 = lacking ? 0 : 1
        return masks.withUnsafeBufferPointer { masks in
            records.withUnsafeBufferPointer { records in
                [Int32](unsafeUninitializedCapacity: records.count) { buffer, kept in
                    kept = 0
                    for record in records {
                        buffer[kept] = record
                        kept &+= Int(truncatingIfNeeded: masks[Int(record)] & bit == 0 ? 1 &- wanted : wanted)
                    }
                }
            }
        }
    }

    /// Every record among `records` of fewer than `length` bytes (at most 255), in order.
    func records(_ records: Range<Int>, shorterThan length: Int) -> [Int32] {
        masks.withUnsafeBufferPointer { masks in
            records.filter { Int(masks[$0] >> Self.lengthShift) < length }.map { Int32($0) }
        }
    }

    /// ``fold(_:)`` as a string.
    static func foldedString(_ text: String) -> String { String(decoding: fold(text), as: UTF8.self) }

    /// `text` lower-cased as the index, the queries and the SQL function `ghusers_fold` fold
    /// it: ASCII by a table, anything else by `lowercased()`; the separator becomes a space.
    static func fold(_ text: String) -> [UInt8] {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.map { fold($0) } }
        return text.lowercased().utf8.map { $0 == separator ? 0x20 : $0 }
    }

    /// One ASCII byte lower-cased (the separator becomes a space).
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte == separator ? 0x20 : byte
    }

    /// The record of each of `wanted`'s ids (ascending), -1 for an id not here, each looked
    /// for on from the last one found.
    func records(ofIDs wanted: [Int64]) -> [Int32] {
        var record = 0
        return wanted.map { id in
            record = partitionPoint(from: record, count) { ids[$0] < id }
            return record < count && ids[record] == id ? Int32(record) : -1
        }
    }

    /// The first record whose id is at least `id` (`count` if none).
    func firstRecord(atLeast id: Int64) -> Int {
        partitionPoint(ids.count) { ids[$0] < id }
    }

    /// Whether record `record` is `text` (folded): its length from its mask first, then its bytes.
    func equals(_ record: Int, _ text: [UInt8]) -> Bool {
        (masks.isEmpty || Int(masks[record] >> Self.lengthShift) == min(text.count, 255)) && length(record) == text.count
            && bytes[Int(starts[record])..<Int(starts[record]) + text.count].elementsEqual(text)
    }

    /// How many bytes record `record` has.
    func length(_ record: Int) -> Int {
        Int(record + 1 < starts.count ? starts[record + 1] : Int32(bytes.count)) - 1 - Int(starts[record])
    }

    /// Calls `body` with a raw view of the records, for loops that test many of them.
    func withRecords<Result>(_ body: (Records) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                masks.withUnsafeBufferPointer { masks in body(Records(bytes: bytes, starts: starts, masks: masks)) }
            }
        }
    }

    /// A raw view of an arena's records, valid inside ``withRecords(_:)``.
    struct Records {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int32>
        let masks: UnsafeBufferPointer<UInt64>

        /// Whether record `record`, with its separators, contains `needle`, whose characters'
        /// bits are `required` (a record without one of them is passed over unread).
        @inline(__always) func contains(_ record: Int, _ needle: UnsafeBufferPointer<UInt8>, required: UInt64) -> Bool {
            guard masks[record] & required == required else { return false }
            let from = Int(starts[record]) - 1
            let to = record + 1 < starts.count ? Int(starts[record + 1]) : bytes.count
            return TextArena.find(needle, in: bytes, from: from, to: to) != nil
        }
    }

    /// Every record containing `needle` (which may begin or end with the separator), in
    /// order, among `records` (all by default).
    func scan(_ needle: [UInt8], records: Range<Int>? = nil) -> [Int32] {
        let records = records ?? 0..<count
        guard !records.isEmpty, !needle.isEmpty else { return [] }
        let leading = needle[0] == Self.separator ? 1 : 0
        var found: [Int32] = []
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                needle.withUnsafeBufferPointer { needle in
                    // From the separator before the first record to the one after the last.
                    let end = records.upperBound < count ? Int(starts[records.upperBound]) : bytes.count
                    var position = Int(starts[records.lowerBound]) - 1
                    var record = records.lowerBound
                    while let hit = Self.find(needle, in: bytes, from: position, to: end) {
                        // The last record starting at or before the hit, on from the last one.
                        record = partitionPoint(from: record + 1, starts.count) { Int(starts[$0]) <= hit + leading } - 1
                        found.append(Int32(record))
                        // On from the next record's leading separator (an anchored needle starts there).
                        position = record + 1 < starts.count ? Int(starts[record + 1]) - 1 : end
                    }
                }
            }
        }
        return found
    }

    /// The offset of the first `needle` in `hay[from..<to]`: `memchr` for one byte, else its
    /// first two bytes as a pair, 32 positions at a time (`csearch_find_pair`), then a check of
    /// the rest. Not glibc's `memmem`, which walks a two-byte needle one byte at a time and
    /// fills a shift table at each call for a longer one (Docs/BENCHMARKS.md).
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard to - from >= needle.count, let base = hay.baseAddress, let pattern = needle.baseAddress else { return nil }
        if needle.count == 1 {
            guard let found = memchr(base + from, Int32(pattern[0]), to - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var position = from
        let last = to - needle.count
        while position <= last {
            guard let found = csearch_find_pair(base + position, last + 2 - position, pattern[0], pattern[1]) else { return nil }
            let start = base.distance(to: found)
            var matched = 2
            while matched < needle.count, base[start + matched] == pattern[matched] { matched += 1 }
            if matched == needle.count { return start }
            position = start + 1
        }
        return nil
    }
}
