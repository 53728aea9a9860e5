/// Every user a query matches, in the order `browse` lists them: the user whose login is the
/// query first, then the others by id (``StoreService/Search/window(_:after:count:_:)``'s order).
struct SearchMatches: Sendable {
    let query: SearchQuery
    /// The matching records of the index's logins, ascending (the exact login included).
    let records: [Int32]
    /// The user id of every login record (``TextArena/ids``, shared): a match's id is looked
    /// up when a window needs it.
    let loginIDs: UserIDs
    /// Where the exact login's record is in ``records``, if one matched.
    let exactPosition: Int?
    /// With `sort:`, the records in the order listed (the first of them only, until
    /// ``listsAll``); `nil` in id order.
    private(set) var listed: [Int32]?
    /// Whether ``listed`` holds every match, not only the first places.
    private(set) var listsAll = true

    init(query: SearchQuery, records: [Int32], loginIDs: UserIDs, exactPosition: Int?) {
        (self.query, self.records, self.loginIDs, self.exactPosition) = (query, records, loginIDs, exactPosition)
    }

    /// These matches listed in `order` (their records, permuted, or its first places when not
    /// `complete`): no exact login first.
    func ordered(_ order: [Int32], complete: Bool = true) -> SearchMatches {
        var matches = SearchMatches(query: query, records: records, loginIDs: loginIDs, exactPosition: nil)
        matches.listed = order
        matches.listsAll = complete
        return matches
    }

    /// Whether a window of `count` by place from `position` (``window(_:before:count:position:)``)
    /// reads beyond the places listed so far.
    func needsMorePlaces(position: Int?, count: Int) -> Bool {
        guard let listed, !listsAll else { return false }
        return (position ?? -1) + 1 + count > listed.count
    }

    /// How many users match.
    var count: Int { records.count }

    @inline(__always) private func id(_ index: Int) -> Int64 { loginIDs[Int(records[index])] }

    /// The matches among `kept` (login records, ascending), the exact login too if it is.
    func among(_ kept: [Int32]) -> SearchMatches {
        let records = SearchCorpus.intersection(records, kept)
        let exact = exactPosition.flatMap { Self.position(of: self.records[$0], in: records) }
        return SearchMatches(query: query, records: records, loginIDs: loginIDs, exactPosition: exact)
    }

    /// Where `record` is in `records` (ascending), if it is there.
    static func position(of record: Int32, in records: [Int32]) -> Int? {
        let low = partitionPoint(records.count) { records[$0] < record }
        return low < records.count && records[low] == record ? low : nil
    }

    /// The user id listed `index` places after the exact login (or from the first, without one).
    private func other(_ index: Int) -> Int64 {
        guard let exactPosition, index >= exactPosition else { return id(index) }
        return id(index + 1)
    }

    private var otherCount: Int { records.count - (exactPosition == nil ? 0 : 1) }

    /// How many users other than the exact login have an id below `id`.
    private func othersBelow(_ id: Int64) -> Int {
        let low = partitionPoint(records.count) { self.id($0) < id }
        if let exactPosition, exactPosition < low { return low - 1 }
        return low
    }

    /// Up to `count` ids after the match with id `id` (`nil`: from the first, the exact login
    /// included; `0`: after the exact login), as ``StoreService/Search/window(_:after:count:_:)``.
    func after(_ id: Int64?, count: Int) -> [Int64] {
        guard count > 0 else { return [] }
        let exact = id == nil ? exactPosition.map { [self.id($0)] } ?? [] : []
        let first = id.map { othersBelow($0 + 1) } ?? 0
        return Array((exact + (first..<max(first, min(otherCount, first + count - exact.count))).map(other)).prefix(count))
    }

    /// ``after(_:count:)``, or with `before` set (and an `id`) ``before(_:count:)``. Sorted
    /// (``listed``), by `position`: the `count` listed after it, or before it (a user's id says
    /// nothing of its place once the list is not in id order, and the user may no longer match).
    func window(_ id: Int64?, before: Bool, count: Int, position: Int? = nil) -> [Int64] {
        if let listed {
            // Sorted: by place alone (from the first without one); an id says nothing of it.
            let start = before ? max(0, (position ?? 0) - count) : min(max(0, (position ?? -1) + 1), listed.count)
            let end = before ? min(max(0, position ?? 0), listed.count) : min(listed.count, start + count)
            return listed[start..<max(start, end)].map { loginIDs[Int($0)] }
        }
        if before, let id { return self.before(id, count: count) }
        return after(id, count: count)
    }

    /// Up to `count` ids before the match with id `id` (not the exact login), in order, as
    /// ``StoreService/Search/window(_:before:count:_:)``.
    func before(_ id: Int64, count: Int) -> [Int64] {
        let end = othersBelow(id)
        let start = max(0, end - count)
        var result = (start..<end).map(other)
        if result.count < count, let exactPosition { result.insert(self.id(exactPosition), at: 0) }
        return result
    }
}
