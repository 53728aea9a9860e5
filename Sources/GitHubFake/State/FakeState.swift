/// All mutable state of a fake server. Lives in a `Mutex` inside ``FakeBackend``; every
/// method is quick and never suspends.
struct FakeState: Sendable {
    /// Identifies one counted request, to finish it exactly once.
    struct Ticket: Sendable, Equatable {
        var sequence: Int
        var connection: ObjectIdentifier
    }

    var faults: [Fault] = []
    var graphQLFaults: [GraphQLFault] = []
    var rateLimits: RateLimits
    /// GraphQL's points, per token: a budget of its own (`x-ratelimit-resource: graphql`).
    var graphQLLimits: RateLimits
    /// Search's requests, per minute: 10 without a token, 30 with one (GitHub Docs, "Search":
    /// "the REST API has a custom rate limit for searching … 30 requests per minute" with a
    /// token, "10 requests per minute" without; `x-ratelimit-resource: search`).
    var searchLimits: RateLimits
    var overrides = UserOverrides()

    private var requests = 0
    private var inFlight = 0
    private var maxInFlight = 0
    private var connections: Set<String> = []
    /// The request log; `log[i]` has sequence number `logStart + i`.
    private var log: [LoggedRequest] = []
    private var logStart = 0
    private var nextSequence = 0
    private let logLimit: Int
    /// The request being handled on each connection (HTTP/1 handles one at a time).
    private var openRequest: [ObjectIdentifier: Int] = [:]
    /// Connections whose closing is already being watched.
    private var watchedConnections: Set<ObjectIdentifier> = []

    init(anonymousRateLimit: Int, rateLimit: Int, graphQLRateLimit: Int, logLimit: Int, now: Int) {
        rateLimits = RateLimits(anonymousLimit: anonymousRateLimit, tokenLimit: rateLimit, now: now)
        graphQLLimits = RateLimits(anonymousLimit: 0, tokenLimit: graphQLRateLimit, now: now)
        searchLimits = RateLimits(anonymousLimit: 10, tokenLimit: 30, now: now, length: 60)
        self.logLimit = max(1, logLimit)
    }

    // MARK: - Faults

    mutating func nextFault() -> Fault? {
        faults.isEmpty ? nil : faults.removeFirst()
    }

    mutating func nextGraphQLFault() -> GraphQLFault? {
        graphQLFaults.isEmpty ? nil : graphQLFaults.removeFirst()
    }

    // MARK: - Request accounting

    /// Counts an arriving request. Returns its ticket, and whether its connection is new to the
    /// watcher (the caller then arranges for ``connectionClosed(_:)`` to be called).
    mutating func begin(_ entry: LoggedRequest, client: String, connection: ObjectIdentifier) -> (ticket: Ticket, watchConnection: Bool) {
        let sequence = nextSequence
        nextSequence += 1
        requests += 1
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        connections.insert(client)
        log.append(entry)
        if log.count > logLimit + logLimit / 4 {
            let excess = log.count - logLimit
            log.removeFirst(excess)
            logStart += excess
        }
        openRequest[connection] = sequence
        let isNew = watchedConnections.insert(connection).inserted
        return (Ticket(sequence: sequence, connection: connection), isNew)
    }

    /// Records the status line sent for a request, and whether its body was compressed.
    mutating func record(status: Int, compressed: Bool, for ticket: Ticket) {
        let index = ticket.sequence - logStart
        guard log.indices.contains(index) else { return }
        log[index].status = status
        log[index].compressed = compressed
    }

    /// Ends a request whose response was written (or failed to be).
    mutating func finish(_ ticket: Ticket) {
        guard openRequest[ticket.connection] == ticket.sequence else { return }
        openRequest[ticket.connection] = nil
        inFlight -= 1
    }

    /// Ends whatever request was open on a connection that closed.
    mutating func connectionClosed(_ connection: ObjectIdentifier) {
        watchedConnections.remove(connection)
        if openRequest.removeValue(forKey: connection) != nil { inFlight -= 1 }
    }

    var stats: FakeStats {
        FakeStats(
            requests: requests,
            inFlight: inFlight,
            maxInFlight: maxInFlight,
            connections: connections.count,
            log: Array(log.suffix(logLimit))
        )
    }

    /// Clears counters and log; requests in flight stay counted in ``FakeStats/inFlight``.
    mutating func resetStats() {
        requests = 0
        maxInFlight = inFlight
        connections = []
        log = []
        logStart = nextSequence
    }
}
