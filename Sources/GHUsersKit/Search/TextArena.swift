import CSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Texts (the logins, or the notes) packed into one folded (lower-cased) byte buffer, each
/// between two separator bytes (0), in ascending user id order: what ``SearchIndex`` scans for
/// a query's bytes, as GNU grep scans a file. 17 bytes a record besides its text (separator,
/// start, id, mask): 1,000,000 logins of 11.4 characters take about 29 MB.
struct TextArena: Sendable {
    /// The byte before and after each record. No folded text contains it.
    static let separator: UInt8 = 0

    /// Separator, record 0, separator, record 1, …, separator.
    private(set) var bytes: [UInt8] = [separator]
    /// The offset of each record's first byte.
    private(set) var starts: [Int32] = []
    /// The user id of each record, ascending (none for an arena of ``TextColumn``'s values,
    /// whose records are their own ids).
    private(set) var ids = UserIDs()
    /// Whether this arena holds ``TextColumn``'s values: records without ``ids`` or ``masks``.
    private let holdsValues: Bool
    /// For each record, a bit for each kind of character of ``characterBits`` it holds: a
    /// one-character query is a pass over these, not a scan.
    private(set) var masks: [UInt32] = []
    /// Each record's flags (a login's account type).
    private(set) var flags = RecordFlags()

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
        ids.reserve(records)
        masks.reserveCapacity(masks.count + records)
        flags.reserve(records)
    }

    /// Gives back what the arrays hold beyond their records, one array at a time.
    mutating func shrink() {
        bytes = bytes.withUnsafeBufferPointer(Array.init)
        starts = starts.withUnsafeBufferPointer(Array.init)
        ids.shrink()
        masks = masks.withUnsafeBufferPointer(Array.init)
        flags.shrink()
    }

    /// The memory the arena holds, in bytes.
    var memory: Int { bytes.capacity + starts.capacity * 4 + ids.memory + masks.capacity * 4 + flags.memory }

    /// The bit of each folded byte in ``masks``: one each for `a` to `z` (``exactBits``), one
    /// for two digits (`0` and `1`, `2` and `3`…), and one for `-`, `_`, `.` and space: 32
    /// bits, where a bit each took 40 and masks of 64 bits (4 MB more at a million logins).
    static let characterBits: [UInt32] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 << UInt32(byte - 0x61)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 << UInt32(26 + (byte - 0x30) / 2)
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: " "): 1 << 31
        default: 0
        }
    }
    /// The bits of ``characterBits`` that one character alone has: a record with such a bit
    /// holds that character; with another, one of its characters.
    static let exactBits: UInt32 = (1 << 26) - 1

    /// Adds `text`, folded in place (no array a record: a million at load), as a record with
    /// `flags` (``RecordFlags``); `id` above every id already in.
    mutating func append(id: Int64, text: String, flags: UInt8 = 0) {
        let start = bytes.count
        starts.append(Int32(start))
        ids.append(id)
        if text.utf8.allSatisfy({ $0 < 0x80 }) { bytes += text.utf8.lazy.map(Self.fold) } else { bytes += Self.fold(text) }
        bytes.append(Self.separator)
        masks.append(bytes[start..<bytes.count - 1].reduce(UInt32(0)) { $0 | Self.characterBits[Int($1)] })
        self.flags.append(flags)
    }

    /// Adds `folded` (already folded, without the separator) as a record of an arena of
    /// values (``init(values:)``): no id, no mask.
    mutating func append(value folded: [UInt8]) {
        precondition(holdsValues, "an arena of ids and masks takes texts")
        // Grown by a quarter, not doubled: how many values come is not known before the load
        // ends, and a doubled array is up to half empty until ``shrink()``.
        if bytes.count + folded.count + 1 > bytes.capacity { bytes.reserveCapacity(bytes.count + folded.count + 1 + bytes.count / 4) }
        if starts.count == starts.capacity { starts.reserveCapacity(starts.count + 1 + starts.count / 4) }
        starts.append(Int32(bytes.count))
        bytes += folded
        bytes.append(Self.separator)
    }

    /// Every record among `records` holding `byte` (folded, with a bit in ``characterBits``),
    /// in order: a pass over the masks without a branch on the bit (every record is written,
    /// and kept if it has it), which a common letter mispredicts every other record (`for`
    /// over the range took twice as long as this `while`); for a byte whose bit it shares, the
    /// records with the bit are then looked into.
    func records(_ records: Range<Int>, holding byte: UInt8) -> [Int32] {
        let bit = Self.characterBits[Int(byte)]
        let found = masks.withUnsafeBufferPointer { masks in
            [Int32](unsafeUninitializedCapacity: records.count) { buffer, kept in
                kept = 0
                var record = records.lowerBound
                while record < records.upperBound {
                    buffer[kept] = Int32(truncatingIfNeeded: record)
                    kept &+= masks[record] & bit == 0 ? 0 : 1
                    record &+= 1
                }
            }
        }
        guard bit & Self.exactBits == 0 else { return found }
        return withRecords { arena in
            found.filter { record in
                let start = Int(arena.starts[Int(record)])
                return memchr(arena.bytes.baseAddress! + start, Int32(byte), length(Int(record))) != nil
            }
        }
    }

    /// Every record among `records` of fewer than `length` bytes, in order.
    func records(_ records: Range<Int>, shorterThan length: Int) -> [Int32] {
        records.filter { self.length($0) < length }.map { Int32($0) }
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
    func records<IDs: Collection<Int64>>(ofIDs wanted: IDs) -> [Int32] {
        var record = 0
        return wanted.map { id in
            record = ids.firstPosition(atLeast: id, from: record)
            return record < count && ids[record] == id ? Int32(record) : -1
        }
    }

    /// The first record whose id is at least `id` (`count` if none).
    func firstRecord(atLeast id: Int64) -> Int {
        ids.firstPosition(atLeast: id)
    }

    /// Whether record `record` is `text` (folded): its length first, then its bytes.
    func equals(_ record: Int, _ text: [UInt8]) -> Bool {
        length(record) == text.count
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
        let masks: UnsafeBufferPointer<UInt32>

        /// Whether record `record`, with its separators, contains `needle`, whose characters'
        /// bits are `required` (a record without one of them is passed over unread).
        @inline(__always) func contains(_ record: Int, _ needle: UnsafeBufferPointer<UInt8>, required: UInt32) -> Bool {
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
