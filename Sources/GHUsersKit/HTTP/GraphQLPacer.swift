import Synchronization

/// Keeps ghusers's GraphQL requests under GitHub's secondary limit on GraphQL time.
///
/// GitHub Docs, "Rate limits and query limits for the GraphQL API", secondary limits: "No more
/// than 60 seconds of this CPU time may be for the GraphQL API" a minute, "roughly" the total
/// response time (../shared/fixtures/github/SOURCES.md). Every GraphQL request, `search
/// --online`'s and `profiles prefetch`'s alike, waits until the response times of the last
/// ``window`` sum to at most ``budget``: half of GitHub's, since what GitHub counts is not the
/// time this end sees.
package final class GraphQLPacer: Sendable {
    /// The span whose response times are summed: 60 s.
    package static let window = Duration.seconds(60)
    /// The most response time that span may hold before a request waits: 30 s.
    package static let budget = Duration.seconds(30)

    /// A response that ended at `end` (a time of ``clock``) after `took`.
    struct Response: Sendable, Equatable {
        var end: ContinuousClock.Instant
        var took: Duration
    }

    private let responses = Mutex<[Response]>([])
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A pacer on the continuous clock; tests give their own clock and sleep.
    init(
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.clock = clock
        self.sleep = sleep
    }

    /// How long a request must wait at `now` after `responses` (oldest first): until enough of
    /// the oldest leave the window for the rest to sum to at most ``budget``.
    static func wait(after responses: [Response], now: ContinuousClock.Instant) -> Duration {
        let recent = responses.filter { $0.end + window > now }
        var total = recent.reduce(Duration.zero) { $0 + $1.took }
        var wait = Duration.zero
        for response in recent where total > budget {
            total -= response.took
            wait = response.end + window - now
        }
        return max(.zero, wait)
    }

    /// Waits, if it must, before a GraphQL request.
    func pace() async throws {
        let now = clock()
        let wait = responses.withLock { list in
            list.removeAll { $0.end + Self.window <= now }
            return Self.wait(after: list, now: now)
        }
        if wait > .zero { try await sleep(wait) }
    }

    /// Runs `request`, recording how long it took.
    func timing<T: Sendable>(_ request: () async throws -> T) async rethrows -> T {
        let start = clock()
        defer {
            let end = clock()
            responses.withLock { $0.append(Response(end: end, took: end - start)) }
        }
        return try await request()
    }
}
