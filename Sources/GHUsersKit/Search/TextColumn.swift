/// One text field of every cached profile (the names, the locations…) for `browse`'s index,
/// each distinct value folded and kept once (``values``) and each profile's value a number
/// (``valueOf``), one to four bytes as the distinct values need: a query of the field tests
/// each distinct value once, then passes over the numbers. At 1,000,000 profiles a location
/// is one byte or two where its text was 15, and `location:berlin` tests a few thousand
/// values, not a million texts (issue 57).
struct TextColumn: Sendable {
    /// The distinct values, folded, as records in the order first seen (their ids are their
    /// records); record 0 is the empty text, the value of a profile without one.
    private(set) var values = TextArena(values: true)
    /// Each profile's value: a record of ``values``, in profile order.
    private(set) var valueOf = Indexes()
    /// While values are added: for each slot of an open-addressing table, a value's record + 1
    /// (0: empty), found by the hash of its bytes, at most three quarters full (333,000
    /// emails: 2 MB, not 4, at half); let go by ``finish()``.
    private var slots: [UInt32] = []
    /// Bytes of the value being added (one buffer, not an array a value).
    private var scratch: [UInt8] = []

    /// An empty column; `profiles`: how many are coming, if known.
    init(profiles: Int = 0) {
        values.append(value: [])
        valueOf.reserve(profiles)
    }

    /// How many profiles.
    var count: Int { valueOf.count }

    /// The bytes held.
    var memory: Int { values.memory + valueOf.memory + slots.capacity * 4 + scratch.capacity }

    /// Adds the next profile's value (`nil` or empty: none).
    mutating func append(_ text: String?) {
        guard let text, !text.isEmpty else { return valueOf.append(0) }
        scratch.removeAll(keepingCapacity: true)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            scratch.append(contentsOf: text.utf8.lazy.map(TextArena.fold))
        } else {
            scratch.append(contentsOf: TextArena.fold(text))
        }
        valueOf.append(UInt32(record(of: scratch)))
    }

    /// The record of folded `bytes` among ``values``, added if new.
    private mutating func record(of bytes: [UInt8]) -> Int {
        if 3 * slots.count < 4 * (values.count + 1) { grow() }
        let mask = slots.count - 1
        var slot = Self.hash(bytes[...]) & mask
        while slots[slot] != 0 {
            let record = Int(slots[slot]) - 1
            if values.equals(record, bytes) { return record }
            slot = (slot + 1) & mask
        }
        let record = values.count
        values.append(value: bytes)
        slots[slot] = UInt32(record + 1)
        return record
    }

    /// Doubles the table and places every value again.
    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: max(1_024, slots.count * 2))
        let mask = slots.count - 1
        values.withRecords { records in
            for record in 0..<values.count {
                let start = Int(records.starts[record])
                var slot = Self.hash(records.bytes[start..<start + values.length(record)]) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(record + 1)
            }
        }
    }

    /// FNV-1a of `bytes`.
    private static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }

    /// Lets the builder's table go: every profile is in.
    mutating func finish() {
        slots = []
        scratch = []
        values.shrink()
    }

    /// The profiles (ascending) whose value `holds` says yes of: each distinct value is tested
    /// once, by its record and folded bytes, among those `candidates` gives (the records
    /// ``TextArena/scan(_:records:)`` finds for a needle, by default every value).
    func profiles(candidates: [Int32]? = nil, holds: (UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool) -> [Int32] {
        var matching = [UInt64](repeating: 0, count: (values.count + 63) / 64)
        var any = false
        values.withRecords { records in
            func test(_ record: Int) {
                let start = Int(records.starts[record])
                guard holds(records.bytes, start, start + values.length(record)) else { return }
                matching[record >> 6] |= 1 << UInt64(record & 63)
                any = true
            }
            if let candidates { candidates.forEach { test(Int($0)) } } else { (1..<values.count).forEach(test) }
        }
        return any ? valueOf.positions(in: matching) : []
    }

    /// The records of the values holding `needle` somewhere (a superset of those a test
    /// wants): a scan of the distinct values' bytes.
    func candidates(_ needle: [UInt8]) -> [Int32] {
        values.scan(needle)
    }
}
