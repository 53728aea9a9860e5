/// A GitHub users API on loopback, for tests, benchmarks and offline demos.
///
/// It serves `GET /users` (paged with `since` and `per_page`, Link headers), `GET /users/{login}`
/// (case-insensitive), identicon avatars at `/avatars/u/{id}`, weak ETags with `304 Not Modified`,
/// GitHub's rate-limit headers, and injectable ``Fault``s. The population is described in
/// ``FakeConfiguration/userCount``. Every `avatar_url` points back at the fake.
///
/// ```swift
/// let server = GitHubFakeServer(configuration: .init(userCount: 100))
/// try await server.start()
/// defer { Task { await server.stop() } }
/// await server.inject(.status(503), count: 2)
/// // GET \(server.baseURL)/users answers 503 twice, then the first page.
/// ```
///
/// The same features are available over HTTP under `/_fake/` (see the `github-fake` command).
/// All state is behind a lock or an actor; the server may be used from any task.
public final class GitHubFakeServer: Sendable {
    /// Errors of ``start()`` and ``refuseConnections(for:)``.
    public enum LifecycleError: Error, Sendable {
        /// The server stopped before it listened (the bind error, if any, is thrown instead).
        case didNotStart
        /// ``refuseConnections(for:)`` was called while the server was not listening.
        case notRunning
    }

    /// The configuration the server was created with.
    public let configuration: FakeConfiguration
    private let backend: FakeBackend
    private let lifecycle: ServerLifecycle

    /// Creates a server; builds the population (a million users take well under a second in
    /// a release build) but does not listen until ``start()``.
    public init(configuration: FakeConfiguration = .init()) {
        self.configuration = configuration
        backend = FakeBackend(configuration: configuration)
        lifecycle = ServerLifecycle(backend: backend)
    }

    /// Binds ``FakeConfiguration/host`` and ``FakeConfiguration/port`` and returns once the
    /// server is listening. Calling it on a running server does nothing.
    public func start() async throws {
        try await lifecycle.start()
    }

    /// Stops listening and closes the connections, waiting up to 2 s for requests in flight.
    public func stop() async {
        await lifecycle.stop()
    }

    /// The bound port, valid after ``start()``; 0 before.
    public var port: Int {
        backend.port
    }

    /// `http://HOST:PORT` of the running server, e.g. `http://127.0.0.1:54321`.
    public var baseURL: String {
        backend.baseURL
    }

    /// Makes the next `count` API requests (`/users`, `/users/{login}`) fail with `fault`,
    /// after any faults injected earlier.
    public func inject(_ fault: Fault, count: Int = 1) async {
        backend.inject(fault, count: count)
    }

    /// Stops listening, so that connecting fails with `ECONNREFUSED`, and returns as soon as
    /// that is so; after `duration` the server listens again on the same port.
    ///
    /// Open connections are closed (requests in flight get up to 2 s to finish). Stats,
    /// faults and the rate limit carry over. ``stop()`` cancels the pending restart.
    /// - Throws: ``LifecycleError/notRunning`` if the server is not listening.
    public func refuseConnections(for duration: Duration) async throws {
        try await lifecycle.refuseConnections(for: duration)
    }

    /// The counters and the request log.
    public func stats() async -> FakeStats {
        backend.stats
    }

    /// Clears counters and log (requests in flight stay in ``FakeStats/inFlight``).
    public func resetStats() async {
        backend.resetStats()
    }

    /// Clears faults and stats and starts a fresh rate-limit window, like `POST /_fake/reset`.
    /// Renamed users and changed names stay.
    public func reset() async {
        backend.reset()
    }

    /// Gives user `id` a new login: lists and profiles show it, the old login answers 404,
    /// the new one is found case-insensitively. Ignored for an id not in the population.
    public func renameUser(id: Int, to newLogin: String) async {
        backend.renameUser(id: id, to: newLogin)
    }

    /// Changes the `name` of a user's profile (`nil` serves `null`), so its ETag changes.
    /// Ignored for an unknown login.
    public func setName(login: String, to name: String?) async {
        backend.setProfileText(login: login, field: .name, to: name)
    }

    /// Changes a free-text field of a user's profile (`nil` serves `null`), so its ETag
    /// changes: for tests of hostile server data. Ignored for an unknown login.
    public func setProfileText(login: String, field: ProfileTextField, to value: String?) async {
        backend.setProfileText(login: login, field: field, to: value)
    }
}
