import CSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Texts packed into one folded (lower-cased) byte buffer, each between two separator bytes
/// (0), with the user id of each beside it, in ascending id order: what ``SearchIndex``
/// scans with `memmem`, as GNU grep scans a file, mapping each hit's offset to its record with
/// a forward-only cursor. About 1 byte of overhead per record plus 20 bytes for its start, id
/// and character mask: 1,000,000 logins of 11.4 characters take about 33 MB.
struct LoginArena: Sendable {
    /// The byte before and after each record. No folded text contains it.
    static let separator: UInt8 = 0

    /// Separator, record 0, separator, record 1, …, separator.
    private(set) var bytes: [UInt8] = [separator]
    /// The offset of each record's first byte.
    private(set) var starts: [Int32] = []
    /// The user id of each record, ascending.
    private(set) var ids: [Int64] = []
    /// For each record, a bit for each of the characters of ``characterBits`` it holds: a
    /// one-character query is then a pass over these words, not a scan of the bytes.
    private(set) var masks: [UInt64] = []

    /// How many records.
    var count: Int { ids.count }

    /// The memory the arena holds, in bytes.
    var memory: Int { bytes.capacity + starts.capacity * 4 + ids.capacity * 8 + masks.capacity * 8 }

    /// The bit of each folded byte in ``masks``: `a`-`z`, `0`-`9`, `-`, `_`, `.` and space have
    /// one each; other bytes none (a query for one of them scans).
    static let characterBits: [UInt64] = (0..<256).map { byte in
        let order = Array("abcdefghijklmnopqrstuvwxyz0123456789-_. ".utf8)
        return order.firstIndex(of: UInt8(byte)).map { UInt64(1) << UInt64($0) } ?? 0
    }

    /// Adds `text`, folded, as a record; `id` must be greater than every id already in.
    mutating func append(id: Int64, text: String) {
        starts.append(Int32(bytes.count))
        ids.append(id)
        let utf8 = text.utf8
        var mask: UInt64 = 0
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in utf8 {
                let folded = Self.fold(byte)
                bytes.append(folded)
                mask |= Self.characterBits[Int(folded)]
            }
        } else {
            let folded = Self.fold(text)
            bytes.append(contentsOf: folded)
            for byte in folded { mask |= Self.characterBits[Int(byte)] }
        }
        bytes.append(Self.separator)
        masks.append(mask)
    }

    /// Every record holding the character whose bit is `bit` (``characterBits``), in order.
    func records(having bit: UInt64) -> [Int32] {
        var found: [Int32] = []
        masks.withUnsafeBufferPointer { masks in
            for (record, mask) in masks.enumerated() where mask & bit != 0 { found.append(Int32(record)) }
        }
        return found
    }

    /// Every record among `records` holding all the characters of `required` (their bits)
    /// and containing `needle`, in order; `nil` once `isCancelled` says so (asked every 65,536
    /// records). One pass over the masks, 8 bytes a record, and a look inside the few that
    /// have the characters: for a needle of one or two common characters, `memchr` over the
    /// bytes would stop at nearly every record.
    func records(_ records: Range<Int>, havingAll required: UInt64, containing needle: [UInt8], isCancelled: () -> Bool) -> [Int32]? {
        withRecords { arena in
            needle.withUnsafeBufferPointer { needle in
                var found: [Int32] = []
                for record in records {
                    if record & 0xFFFF == 0xFFFF, isCancelled() { return nil }
                    if arena.contains(record, needle, required: required) { found.append(Int32(record)) }
                }
                return found
            }
        }
    }

    /// `text` lower-cased as the index and the queries are: ASCII by a table, anything else by
    /// Swift's `lowercased()`; the separator byte becomes a space.
    static func fold(_ text: String) -> [UInt8] {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.map { fold($0) } }
        return text.lowercased().utf8.map { $0 == separator ? 0x20 : $0 }
    }

    /// One ASCII byte lower-cased (the separator becomes a space).
    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte | 0x20
        case separator: 0x20
        default: byte
        }
    }

    /// The record whose id is `id`, if any (binary search).
    func record(forID id: Int64) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// The first record whose id is at least `id` (`count` if none).
    func firstRecord(atLeast id: Int64) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many bytes record `record` has.
    func length(_ record: Int) -> Int {
        Int(record + 1 < starts.count ? starts[record + 1] : Int32(bytes.count)) - 1 - Int(starts[record])
    }

    /// Whether record `record`, with its separators, contains `needle`.
    func contains(_ record: Int, _ needle: [UInt8]) -> Bool {
        let from = Int(starts[record]) - 1
        let to = from + length(record) + 2
        return bytes.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { Self.find($0, in: hay, from: from, to: to) != nil }
        }
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
            return LoginArena.find(needle, in: bytes, from: from, to: to) != nil
        }
    }

    /// Every record containing `needle` (which may begin or end with the separator), in
    /// order, among `records` (all by default); `nil` once `isCancelled` says so (asked every
    /// megabyte and every 65,536 hits).
    func scan(_ needle: [UInt8], records: Range<Int>? = nil, isCancelled: () -> Bool) -> [Int32]? {
        let records = records ?? 0..<count
        guard !records.isEmpty, !needle.isEmpty else { return [] }
        let leading = needle[0] == Self.separator ? 1 : 0
        var found: [Int32] = []
        var cancelled = false
        bytes.withUnsafeBufferPointer { bytes in
            // The records' bytes, from the separator before the first to the one after the last.
            let end = records.upperBound < count ? Int(starts[records.upperBound]) : bytes.count
            let hay = UnsafeBufferPointer(rebasing: bytes[..<end])
            needle.withUnsafeBufferPointer { needle in
                starts.withUnsafeBufferPointer { starts in
                    let chunk = 1 << 20
                    var position = Int(starts[records.lowerBound]) - 1
                    var chunkEnd = min(hay.count, position + chunk)
                    var record = records.lowerBound
                    while position < hay.count {
                        let limit = min(hay.count, chunkEnd + needle.count - 1)
                        guard let hit = Self.find(needle, in: hay, from: position, to: limit) else {
                            if chunkEnd >= hay.count { return }
                            position = max(position, chunkEnd)
                            chunkEnd = min(hay.count, chunkEnd + chunk)
                            if isCancelled() {
                                cancelled = true
                                return
                            }
                            continue
                        }
                        record = Self.advance(record, to: Int32(hit + leading), starts)
                        found.append(Int32(record))
                        if found.count & 0xFFFF == 0, isCancelled() {
                            cancelled = true
                            return
                        }
                        // On from the next record's leading separator (an anchored needle starts there).
                        position = record + 1 < starts.count ? Int(starts[record + 1]) - 1 : hay.count
                    }
                }
            }
        }
        return cancelled ? nil : found
    }

    /// The last record starting at or before `offset`, from `record` on: galloping, then
    /// halving, so that dense hits cost a step or two and sparse ones a logarithm.
    private static func advance(_ record: Int, to offset: Int32, _ starts: UnsafeBufferPointer<Int32>) -> Int {
        var record = record
        var step = 1
        while record + step < starts.count, starts[record + step] <= offset {
            record += step
            step <<= 1
        }
        while step > 1 {
            step >>= 1
            if record + step < starts.count, starts[record + step] <= offset { record += step }
        }
        return record
    }

    /// The offset of the first `needle` in `hay[from..<to]`, by `memmem`.
    /// Under 256 bytes (one record) a plain loop: glibc's `memmem` fills a 256-byte shift
    /// table at each call for needles of 3 bytes or more, which costs more than such a search.
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard to - from >= needle.count, let base = hay.baseAddress, let pattern = needle.baseAddress else { return nil }
        // One record (a login, a short note): memchr's vector loop from one first byte to the
        // next, where a byte loop read every byte and memmem's set-up costs more than the search.
        if to - from < 256 { return findByByte(needle, in: hay, from: from, to: to) }
        let significant = needle.count - (pattern[0] == separator ? 1 : 0) - (pattern[needle.count - 1] == separator ? 1 : 0)
        if significant <= 2 { return findByByte(needle, in: hay, from: from, to: to) }
        guard let hit = csearch_memmem(base + from, to - from, pattern, needle.count) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// For a needle of one or two bytes besides separators: `memchr` (vectorised) for its first
    /// byte that is not a separator, then a check of the rest; glibc's `memmem` walks a
    /// two-byte needle one byte at a time (measured: `zq` over 21 MB took 7 ms).
    private static func findByByte(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = hay.baseAddress, let pattern = needle.baseAddress else { return nil }
        let key = pattern[0] == separator ? 1 : 0
        precondition(needle.count > key, "a needle is more than a separator")  // a Term's body is never empty
        var position = from + key
        let last = to - needle.count + key
        while position <= last {
            guard let found = memchr(base + position, Int32(pattern[key]), last - position + 1) else { return nil }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - key
            var matched = 0
            while matched < needle.count, base[start + matched] == pattern[matched] { matched += 1 }
            if matched == needle.count { return start }
            position = start + key + 1
        }
        return nil
    }
}
