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
            // Opened here at the first search, off the event loop.
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
    /// window by primary key; handed to the loop for the frame it is about to draw. A scan for
    /// a query that is no longer the current one stops where it is.
    private func indexSearch(_ request: WindowRequest) {
        handoff.expect(request)
        searchQueue.async { [self] in
            let isStale = { self.searches.withLock { $0.current != request } }
            let found: (ids: [Int64], total: Int)?
            let query: String
            let index: Int
            switch request {
            case .searchAfter(let text, let id, let at, let count):
                (query, index) = (text, at)
                found = searchIndex.after(text, id: id, count: count, isCancelled: isStale)
            case .searchBefore(let text, let id, let at, let count):
                (query, index) = (text, at)
                found = searchIndex.before(text, id: id, count: count, isCancelled: isStale)
            default:
                return
            }
            guard let found, !isStale() else { return }
            do {
                let users = try searchReads.wrappedValue.users(found.ids)
                let start = if case .searchBefore = request { index - users.count } else { index + 1 }
                let messages: [BrowserMessage] = [.searchCounted(query: query, total: found.total), .windowLoaded(request, start: start, users: users)]
                if !handoff.offer(request, messages) { messages.forEach(deliver) }
            } catch {
                deliver(.windowFailed(request, ErrorText.sentence(error)))
            }
        }
    }

    /// The search index after a change to the database (on the search queue: the reads that
    /// follow see it current); read whole at the first frame (``loadSearchIndex()``).
    func refreshSearchIndex() {
        searchQueue.async { [self] in try? searchReads.wrappedValue.refresh(searchIndex) }
    }

    /// Reads the search index once, on a connection of its own, off the event loop.
    func loadSearchIndex() {
        DispatchQueue.global(qos: .utility).async { [self] in
            let reads = service.reads()
            defer { reads.close() }
            guard (try? reads.load(searchIndex)) != nil, let trace else { return }
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
