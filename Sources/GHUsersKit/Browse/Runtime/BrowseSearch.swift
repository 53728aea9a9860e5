import Dispatch
import Synchronization

/// `browse`'s search as you type, off the event loop: the search index, the queue and the
/// read-only connection its reads run on, the read the model waits for, and its cancellation.
/// A read of matches runs on the search queue (the window's ids and the count from
/// ``SearchIndex``, then its users from SQLite by primary key; SQLite's keyset search until
/// the index is loaded) and answers with messages. A newer read stops an older one: skipped
/// if not started, stopped within a part of its scan, or interrupted in SQLite (``cancel()``).
final class BrowseSearch: Sendable {
    /// How long the loop waits for a key's first window of matches before drawing without it
    /// (``awaitsFirstWindow(_:)``): what a 16 ms frame leaves for drawing.
    static let frameBudget = DispatchTimeInterval.milliseconds(12)

    /// Read once the first frame is out (``load(then:)``).
    let index = SearchIndex()
    private let service: CombinedService
    private let queue = DispatchQueue(label: "ghusers.browse.search")
    /// The search queue's connection (opened there after the first frame).
    private let reads: Lazy<CombinedService.Reads>
    /// The read running, and the one the model waits for.
    private let requests = Mutex<(running: WindowRequest?, current: WindowRequest?)>((nil, nil))
    private let deliver: @Sendable (BrowserMessage) -> Void
    /// The ids SQLite gave for the last query's unindexed part, until the database changes.
    private let unindexedIDs = Mutex<(query: SearchQuery, ids: [Int64])?>(nil)

    /// A search over `service`'s cache whose answers go to `deliver`.
    init(service: CombinedService, deliver: @escaping @Sendable (BrowserMessage) -> Void) {
        self.service = service
        self.deliver = deliver
        reads = Lazy { [service] in service.reads() }
    }

    /// Whether the loop waits for `request` before drawing: a query's first window, from memory.
    func awaitsFirstWindow(_ request: WindowRequest?) -> Bool {
        guard index.isLoaded, case .searchAfter(_, nil, _, _) = request else { return false }
        return true
    }

    /// Reads `request` on the search queue, as long as it is the current read.
    func start(_ request: WindowRequest) {
        requests.withLock { $0.current = request }
        queue.async { [self] in
            let reads = reads.wrappedValue
            for attempt in 1...2 {
                let isCurrent = requests.withLock { state in
                    guard state.current == request else { return false }
                    state.running = request
                    return true
                }
                guard isCurrent else { return }
                defer { requests.withLock { $0.running = nil } }
                do {
                    return try answer(request, reads: reads).forEach(deliver)
                } catch {
                    guard error as? StoreError == .interrupted else { return deliver(.windowFailed(request, ErrorText.sentence(error))) }
                    // Interrupted for an older query just as this one started: once more; for a
                    // newer one: nobody waits for it.
                    if attempt == 2 || requests.withLock({ $0.current != request }) { return }
                }
            }
        }
    }

    /// The messages that answer `request` (the count, then the window); none if a newer read
    /// stopped it.
    private func answer(_ request: WindowRequest, reads: CombinedService.Reads) throws -> [BrowserMessage] {
        let (query, id, position, count, before): (String, Int64?, Int, Int, Bool)
        switch request {
        case .searchAfter(let text, let after, let index, let most): (query, id, position, count, before) = (text, after, index, most, false)
        case .searchBefore(let text, let until, let index, let most): (query, id, position, count, before) = (text, until, index, most, true)
        default: return []
        }
        var messages: [BrowserMessage] = []
        let users: [UserDetails]
        if index.isLoaded {
            // The one place where ids computed in SQLite (qualifiers) meet the text's matches.
            let isStale = { self.requests.withLock { $0.current != request } }
            let among = try SearchQuery(query).unindexed.map { unindexed in
                if let kept = unindexedIDs.withLock({ $0 }), kept.query == unindexed { return kept.ids }
                let ids = try reads.ids(unindexed)
                unindexedIDs.withLock { $0 = (unindexed, ids) }
                return ids
            }
            guard let found = index.window(query, id: id, before: before, position: position, count: count, among: among, isCancelled: isStale), !isStale()
            else { return [] }
            users = try reads.users(found.ids, isCancelled: isStale)  // asked at each user
            messages.append(.searchCounted(query: query, total: found.total))
        } else if SearchQuery(query).sort != nil {
            // Sorted, until the index is loaded: by place, as the index reads it.
            let from = before ? max(0, position - count) : position + 1
            users = try reads.sortedMatches(query, from: from, count: before ? max(0, position - from) : count)
        } else if before, let id {
            users = try reads.matches(query, before: id, count: count)
        } else {
            users = try reads.matches(query, after: id, count: count)
        }
        return messages + [.windowLoaded(request, start: before ? position - users.count : position + 1, users: users)]
    }

    /// Stops the read running, if it is not the current one; the model waits for none.
    func cancel() {
        // Under the lock that the search queue takes to mark a read running or done: the
        // interrupt cannot reach the next job on that connection (a refresh).
        requests.withLock { state in
            if state.running != nil { reads.ifMade?.interrupt() }
            state.current = nil
        }
    }

    /// Reads the index once, on a connection of its own, off the event loop, then calls
    /// `loaded`; and opens the search queue's connection, so that the first key does not.
    func load(then loaded: @escaping @Sendable () -> Void) {
        // The index's buffers, grown by doubling, go back to the system when let go, not to
        // the heap (glibc raises its mmap threshold): Docs/BENCHMARKS.md, "Where the time goes".
        ImageLibraries.unmapLargeBuffers()
        queue.async { [self] in _ = reads.wrappedValue }
        DispatchQueue.global(qos: .utility).async { [self] in
            let reads = service.reads()
            let done = (try? reads.load(index)) != nil
            reads.close()
            // The connection's page cache and the load's rows, freed, left 2 MB in the heap at
            // a million profiles.
            ImageLibraries.giveBackFreeHeap()
            if done { loaded() }
        }
    }

    /// Brings the index up to date after a change to the database, before the reads that follow.
    func refresh() {
        queue.async { [self] in
            unindexedIDs.withLock { $0 = nil }
            try? reads.wrappedValue.refresh(index)
        }
    }
}
