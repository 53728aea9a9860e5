import Dispatch
import Foundation

/// The search effects: a read of matches answered by the ``SearchIndex`` once it is loaded
/// (within the frame, through ``SearchHandoff``), by SQLite before that; the index's load after
/// the first frame and its refresh after each change to the database.
extension BrowserRuntime {
    /// A search read, on its own connection and queue: a read for a query that is no longer
    /// the current one is skipped, or interrupted if it is running (``cancelSearch()``).
    func search(_ request: WindowRequest) {
        searches.withLock { $0.current = request }
        if searchIndex.isLoaded { return indexSearch(request) }
        searchQueue.async { [self] in
            // Opened after the first frame (loadSearchIndex), off the event loop.
            let reads = searchReads.wrappedValue
            for attempt in 1...2 {
                let isCurrent = searches.withLock { state in
                    guard state.current == request else { return false }
                    state.running = request
                    return true
                }
                guard isCurrent else { return }
                defer { searches.withLock { $0.running = nil } }
                do {
                    switch request {
                    case .searchAfter(let query, let id, let index, let count):
                        deliver(.windowLoaded(request, start: index + 1, users: try reads.matches(query, after: id, count: count)))
                    case .searchBefore(let query, let id, let index, let count):
                        let users = try reads.matches(query, before: id, count: count)
                        deliver(.windowLoaded(request, start: index - users.count, users: users))
                    default:
                        break
                    }
                    return
                } catch {
                    // Interrupted for an older query just as this one started: once more.
                    if attempt == 1, error as? StoreError == .interrupted, searches.withLock({ $0.current == request }) {
                        continue
                    }
                    // Interrupted for a newer query: nobody waits for it.
                    if error as? StoreError == .interrupted { return }
                    deliver(.windowFailed(request, ErrorText.sentence(error)))
                    return
                }
            }
        }
    }

    /// A search read answered by the index: its ids and count from memory, the users of the
    /// window by primary key; handed to the loop for the frame it is about to draw. Answered
    /// here, on the loop, when it costs no scan and every user is cached (``quickAnswer(_:)``);
    /// otherwise on the search queue, where a scan for a query that is no longer the current
    /// one stops where it is. The loop waits for the search queue's answer (``SearchHandoff``)
    /// only to a query's first window, which its key's frame shows; a read ahead of the
    /// selection as it moves through the matches (200 users, about 10 ms at a million when
    /// none is cached) comes as a message, and the key that moved it is drawn at once.
    private func indexSearch(_ request: WindowRequest) {
        let isStale: @Sendable () -> Bool = { self.searches.withLock { $0.current != request } }
        let quick = quickAnswer(request)
        if quick != nil || Self.isFirstWindow(request) { handoff.expect(request) }
        if let quick {
            _ = handoff.offer(request, quick.messages)
            prepareNarrowing(quick.query, total: quick.total, isStale: isStale)
            idleTrim.schedule()
            return
        }
        searchQueue.async { [self] in
            guard let read = Self.searchRead(request) else { return }
            let found = searchIndex.window(read.query, id: read.id, before: read.before, count: read.count, isCancelled: isStale)
            guard let found, !isStale() else { return }
            do {
                // Only the users not cached are read.
                let epoch = userCache.epoch
                let missing = userCache.missing(found.ids)
                if !missing.isEmpty { userCache.keep(try searchReads.wrappedValue.users(missing), readSince: epoch) }
                let users = try userCache.users(found.ids) ?? searchReads.wrappedValue.users(found.ids)
                let messages = Self.answer(request, query: read.query, found: found, users: users)
                if !handoff.offer(request, messages) { messages.forEach(deliver) }
                prepareNarrowing(read.query, total: found.total, isStale: isStale)
                idleTrim.schedule()
            } catch {
                deliver(.windowFailed(request, ErrorText.sentence(error)))
            }
        }
    }

    /// Once `query`'s frame is out, makes the keys that narrow its `total` matches quick:
    /// reads their users if they are a few hundred (``warmUsers(_:total:isStale:)``), else packs
    /// them (``packMatches(_:isStale:)``), whether the answer came from the loop or the search
    /// queue. A quick answer not followed by a pack left the next key to filter matches whose
    /// records the packed scan had not touched: `gard` after `gar` at 100,000 took 0.77 ms
    /// inside instead of 0.62.
    private func prepareNarrowing(_ query: String, total: Int, isStale: @escaping @Sendable () -> Bool) {
        if total <= SearchIndex.packedAbove {
            warmUsers(query, total: total, isStale: isStale)
        } else if total <= SearchIndex.packedMatches {
            packMatches(query, isStale: isStale)
        }
    }

    /// Reads the users of every match of `query` (`total` of them, a few hundred at most) into
    /// the cache once its frame is out (``warmDelay``): the keys that narrow it are then
    /// answered on the loop. By 64 users, about 0.3 ms each, as long as the query is the
    /// current one; a failed read leaves them to be read when shown.
    private func warmUsers(_ query: String, total: Int, isStale: @escaping @Sendable () -> Bool) {
        searchQueue.asyncAfter(deadline: .now() + Self.warmDelay) { [self] in
            guard let all = searchIndex.after(query, id: nil, count: total, isCancelled: isStale) else { return }
            let epoch = userCache.epoch
            let missing = userCache.missing(all.ids)
            for start in stride(from: 0, to: missing.count, by: 64) {
                guard !isStale(), let users = try? searchReads.wrappedValue.users(Array(missing[start..<min(start + 64, missing.count)])) else { return }
                userCache.keep(users, readSince: epoch)
            }
        }
    }

    /// Packs the matches of `query` (``SearchIndex/pack(_:isCancelled:)``) once its frame is
    /// out (``warmDelay``), as long as its read is the current one (a newer key, or a move of
    /// the selection that reads more, gives it up): the next key, which narrows
    /// them, then scans them packed (`gard` after `gar` at a million, inside browse: 1.6-1.8 ->
    /// 0.8-0.9 ms).
    private func packMatches(_ query: String, isStale: @escaping @Sendable () -> Bool) {
        searchQueue.asyncAfter(deadline: .now() + Self.warmDelay) { [self] in
            guard !isStale() else { return }
            searchIndex.pack(query, isCancelled: isStale)
        }
    }

    /// How long after the last search answer (or load of the index) the memory freed is given
    /// back (``IdleTrim``): at a rest, not between two keys of a word, since the pages given
    /// back are faulted in again by the next scan's allocations.
    static let trimDelay = DispatchTimeInterval.seconds(1)

    /// How long after a query's answer its matches' users are read: past its frame, so that
    /// the read never competes with drawing it for the two cores, and before a typist's next key.
    static let warmDelay = DispatchTimeInterval.milliseconds(20)

    /// The answer to `request` from memory alone, if the index has it without a scan and every
    /// user of the window is cached: about 20 µs from kept matches, under a millisecond to
    /// narrow packed ones (`gar` among `ga`'s 23,991 at a million: 0.25 ms). The loop would
    /// wait that long for the search queue's answer, plus the hand-over there and back (0.1
    /// to 0.3 ms measured) and, for users not cached, their read from SQLite (0.5 ms).
    private func quickAnswer(_ request: WindowRequest) -> (messages: [BrowserMessage], query: String, total: Int)? {
        // The index is behind the database until its refresh has run: the search queue, after it.
        guard refreshesPending.load(ordering: .acquiring) == 0, let read = Self.searchRead(request) else { return nil }
        guard let found = searchIndex.quickly(read.query, id: read.id, before: read.before, count: read.count),
            let users = userCache.users(found.ids)
        else { return nil }
        return (Self.answer(request, query: read.query, found: found, users: users), read.query, found.total)
    }

    /// Whether `request` reads a query's first window (from its first match).
    private static func isFirstWindow(_ request: WindowRequest) -> Bool {
        if case .searchAfter(_, nil, _, _) = request { return true }
        return false
    }

    /// A search read's query, the match it reads after (`nil`: from the first) or `before`,
    /// and how many.
    private static func searchRead(_ request: WindowRequest) -> (query: String, id: Int64?, before: Bool, count: Int)? {
        switch request {
        case .searchAfter(let query, let id, _, let count): (query, id, false, count)
        case .searchBefore(let query, let id, _, let count): (query, id, true, count)
        default: nil
        }
    }

    /// The messages that answer `request`: the count of matches, then the window's users.
    private static func answer(_ request: WindowRequest, query: String, found: (ids: [Int64], total: Int), users: [UserDetails]) -> [BrowserMessage] {
        let start: Int
        switch request {
        case .searchBefore(_, _, let index, _): start = index - users.count
        case .searchAfter(_, _, let index, _): start = index + 1
        default: start = 0
        }
        return [.searchCounted(query: query, total: found.total), .windowLoaded(request, start: start, users: users)]
    }

    /// Forgets the cached users after a change to the database (``UserCache/removeAll()``),
    /// and reads the first ones again once changes have stopped for 100 ms; what was cached
    /// is let go of there too, not on the loop.
    func forgetUsers() {
        let (epoch, forgotten) = userCache.removeAll()
        warmFirstUsers(after: .milliseconds(100), epoch: epoch, releasing: forgotten)
    }

    /// How many of the first users by id are kept read (``UserCache/keepFirst(_:readSince:)``):
    /// the first screen of a query whose matches are dense among the lowest ids (`gar`'s first
    /// 20 of 12,000 at a million are among the first 2,000), about 1.6 MB. Read from SQLite
    /// when the window needs them, they cost 20-30 µs each with the caches cold after a scan.
    static let firstUsers = 4_096

    /// Reads the first ``firstUsers`` users by id into the cache, `delay` from now, on the
    /// database queue, 256 at a time (about 1 ms each, so the list's reads are not held up),
    /// as long as the cache has not been emptied since `epoch`: the last of a burst of changes
    /// reads. `releasing` is let go of there.
    func warmFirstUsers(after delay: DispatchTimeInterval, epoch: Int, releasing forgotten: (any Sendable)? = nil) {
        databaseQueue.asyncAfter(deadline: .now() + delay) { [self] in
            withExtendedLifetime(forgotten) {}
            warmFirstUsers(after: 0, left: Self.firstUsers, epoch: epoch)
        }
    }

    private func warmFirstUsers(after id: Int64, left: Int, epoch: Int) {
        guard left > 0, userCache.epoch == epoch, let users = try? reads.users(after: id, count: min(256, left)), let last = users.last else { return }
        userCache.keepFirst(users, readSince: epoch)
        databaseQueue.async { [self] in warmFirstUsers(after: last.user.id, left: left - users.count, epoch: epoch) }
    }

    /// The search index after a change to the database (on the search queue: the reads that
    /// follow see it current); read whole at the first frame (``loadSearchIndex()``).
    func refreshSearchIndex() {
        refreshesPending.add(1, ordering: .releasing)
        searchQueue.async { [self] in
            defer { refreshesPending.subtract(1, ordering: .releasing) }
            try? searchReads.wrappedValue.refresh(searchIndex)
            idleTrim.schedule()
        }
    }

    /// Reads the search index once, on a connection of its own, off the event loop; and opens
    /// the search queue's connection, so that the first key does not.
    func loadSearchIndex() {
        searchQueue.async { [self] in _ = searchReads.wrappedValue }
        warmFirstUsers(after: .milliseconds(0), epoch: userCache.epoch)
        DispatchQueue.global(qos: .utility).async { [self] in
            let reads = service.reads()
            defer { reads.close() }
            guard (try? reads.load(searchIndex)) != nil else { return }
            idleTrim.schedule()  // the arenas grew by doubling: the smaller copies were freed
            guard let trace else { return }
            let at = nanoseconds(ContinuousClock.now - clockStart)
            trace.write(Data("# search index loaded at \(at): \(searchIndex.count) users, \(searchIndex.memory) bytes\n".utf8))
        }
    }

    /// Stops the search read running, if it is not the current one.
    func cancelSearch() {
        handoff.expect(nil)
        // Under the lock that the search queue takes to mark a read running or done: the
        // interrupt cannot reach the next job on that connection (a window's users, a refresh).
        searches.withLock { state in
            if state.running != nil { searchReads.ifMade?.interrupt() }
            state.current = nil
        }
    }
}
