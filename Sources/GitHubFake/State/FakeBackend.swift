import Foundation
import Synchronization

/// What the request handlers share: the immutable population and fixtures, and the mutable
/// ``FakeState`` behind a `Mutex`.
///
/// Outlives restarts of the HTTP listener (``GitHubFakeServer/refuseConnections(for:)``), so
/// stats, faults and the rate limit carry over.
final class FakeBackend: Sendable {
    let configuration: FakeConfiguration
    let population: UserPopulation
    let fixtures: FixtureCatalog
    /// Signs the `jwt` of expiring avatar URLs (``FakeConfiguration/expiringAvatarIDs``):
    /// a token of another server, or a forged one, does not verify.
    let avatarTokenSecret = UInt64.random(in: .min ... .max)
    private let state: Mutex<FakeState>
    private let boundPort = Mutex(0)
    private let boundAvatarPort = Mutex(0)

    init(configuration: FakeConfiguration) {
        self.configuration = configuration
        fixtures = FixtureCatalog.shared
        population = UserPopulation(userCount: configuration.userCount, fixtures: fixtures, loginPrefix: configuration.loginPrefix)
        state = Mutex(
            FakeState(
                anonymousRateLimit: configuration.anonymousRateLimit, rateLimit: configuration.rateLimit,
                graphQLRateLimit: configuration.graphQLRateLimit,
                logLimit: configuration.requestLogLimit, now: Self.now()))
    }

    /// Epoch seconds.
    static func now() -> Int {
        Int(Date().timeIntervalSince1970)
    }

    /// Seconds added to the clock that avatar tokens are issued and checked by
    /// (``GitHubFakeServer/advanceAvatarTokenClock(by:)``): a test expires a token without
    /// waiting its lifetime.
    private let avatarClockOffset = Mutex(0)

    /// The epoch seconds of the avatar tokens' clock.
    func avatarTokenNow() -> Int {
        Self.now() + avatarClockOffset.withLock { $0 }
    }

    /// Moves the avatar tokens' clock `seconds` ahead.
    func advanceAvatarTokenClock(seconds: Int) {
        avatarClockOffset.withLock { $0 += seconds }
    }

    // MARK: - Address

    var port: Int {
        get { boundPort.withLock { $0 } }
        set { boundPort.withLock { $0 = newValue } }
    }

    /// The port of the avatar host (``FakeConfiguration/separateAvatarHost``); 0 when there is none.
    var avatarPort: Int {
        get { boundAvatarPort.withLock { $0 } }
        set { boundAvatarPort.withLock { $0 = newValue } }
    }

    /// `http://HOST:PORT`, with an IPv6 host in brackets.
    var baseURL: String {
        url(port: port)
    }

    /// `http://HOST:AVATARPORT` of the avatar host, or `nil` when avatars are served by the API's port.
    var avatarBaseURL: String? {
        let port = avatarPort
        return configuration.separateAvatarHost && port != 0 ? url(port: port) : nil
    }

    private func url(port: Int) -> String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    // MARK: - Faults

    /// Carries out `command` (``FakeCommand``).
    func apply(_ command: FakeCommand) {
        switch command {
        case .inject(let fault, let count): inject(fault, count: count)
        case .injectGraphQL(let fault, let count): inject(fault, count: count)
        case .resetStats: resetStats()
        case .reset: reset()
        case .rename(let id, let login): renameUser(id: id, to: login)
        case .delete(let id): deleteUser(id: id)
        case .restore(let id): restoreUser(id: id)
        case .setProfileText(let login, let field, let value): setProfileText(login: login, field: field, to: value)
        case .advanceAvatarTokenClock(let seconds): advanceAvatarTokenClock(seconds: seconds)
        }
    }

    func inject(_ fault: Fault, count: Int) {
        guard count > 0 else { return }
        state.withLock { $0.faults.append(contentsOf: repeatElement(fault, count: count)) }
    }

    func nextFault() -> Fault? {
        state.withLock { $0.nextFault() }
    }

    func inject(_ fault: GraphQLFault, count: Int) {
        guard count > 0 else { return }
        state.withLock { $0.graphQLFaults.append(contentsOf: repeatElement(fault, count: count)) }
    }

    func nextGraphQLFault() -> GraphQLFault? {
        state.withLock { $0.nextGraphQLFault() }
    }

    // MARK: - Rate limit

    /// Admits a request made with `token` (its `Authorization` value, `nil` without one).
    func admit(token: String?, counts: Bool) -> RateLimitWindow.Admission {
        let now = Self.now()
        return state.withLock { $0.rateLimits.admit(token: token, now: now, counts: counts) }
    }

    func rateLimitSnapshot(token: String?) -> RateLimitWindow.Snapshot {
        let now = Self.now()
        return state.withLock { $0.rateLimits.current(token: token, now: now) }
    }

    /// Admits a search request made with `token` (its minute's window).
    func admitSearch(token: String?) -> RateLimitWindow.Admission {
        let now = Self.now()
        return state.withLock { $0.searchLimits.admit(token: token, now: now, counts: true) }
    }

    /// Spends `points` of the GraphQL budget of `token` (its `Authorization` value).
    func spendGraphQL(token: String, points: Int) -> RateLimitWindow.Admission {
        let now = Self.now()
        return state.withLock { $0.graphQLLimits.spend(token: token, points: points, now: now) }
    }

    /// The GraphQL window of `token` as it stands, nothing spent.
    func graphQLSnapshot(token: String) -> RateLimitWindow.Snapshot {
        let now = Self.now()
        return state.withLock { $0.graphQLLimits.current(token: token, now: now) }
    }

    // MARK: - Population edits

    var overrides: UserOverrides {
        state.withLock { $0.overrides }
    }

    func renameUser(id: Int, to login: String) {
        guard population.contains(id: id) else { return }
        state.withLock { $0.overrides.rename(id: id, to: login) }
    }

    func deleteUser(id: Int) {
        guard population.contains(id: id) else { return }
        state.withLock { $0.overrides.delete(id: id) }
    }

    func restoreUser(id: Int) {
        state.withLock { $0.overrides.restore(id: id) }
    }

    func setProfileText(login: String, field: ProfileTextField, to value: String?) {
        state.withLock { state in
            guard let id = population.id(forLogin: login, overrides: state.overrides) else { return }
            state.overrides.setText(id: id, field: field, to: value)
        }
    }

    // MARK: - Accounting

    func begin(_ entry: LoggedRequest, client: String, connection: ObjectIdentifier) -> (ticket: FakeState.Ticket, watchConnection: Bool) {
        state.withLock { $0.begin(entry, client: client, connection: connection) }
    }

    func record(status: Int, compressed: Bool, for ticket: FakeState.Ticket) {
        state.withLock { $0.record(status: status, compressed: compressed, for: ticket) }
    }

    func finish(_ ticket: FakeState.Ticket) {
        state.withLock { $0.finish(ticket) }
    }

    func connectionClosed(_ connection: ObjectIdentifier) {
        state.withLock { $0.connectionClosed(connection) }
    }

    var stats: FakeStats {
        state.withLock { $0.stats }
    }

    func resetStats() {
        state.withLock { $0.resetStats() }
    }

    /// Clears faults and stats and starts fresh rate-limit windows; keeps population edits.
    func reset() {
        let now = Self.now()
        state.withLock { state in
            state.faults = []
            state.graphQLFaults = []
            state.resetStats()
            state.rateLimits.restart(now: now)
            state.graphQLLimits.restart(now: now)
            state.searchLimits.restart(now: now)
        }
    }
}
