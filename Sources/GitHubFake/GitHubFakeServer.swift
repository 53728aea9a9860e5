/// A GitHub users API on loopback, for tests, benchmarks and offline demos.
///
/// It serves `GET /users` (paged with `since` and `per_page`, Link headers), `GET /users/{login}`
/// (case-insensitive), `GET /user/{id}` (by account id), identicon avatars at `/avatars/u/{id}`,
/// weak ETags (one per token) with `304 Not Modified`, GitHub's rate limits (60 an hour without
/// a token, 5,000 per token) and their headers, gzip when asked, GitHub's refusals (no
/// `User-Agent`, an unknown API version, a bad token), and injectable ``Fault``s. The population
/// is described in ``FakeConfiguration/userCount``. Every `avatar_url` points back at the fake.
/// Docs/FAKE.md lists each behaviour with its source.
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

    /// `http://HOST:PORT` of the avatar host once started with
    /// ``FakeConfiguration/separateAvatarHost``; `nil` when avatars are served by ``baseURL``.
    public var avatarBaseURL: String? {
        backend.avatarBaseURL
    }

    /// Makes the next `count` API requests (`/users`, `/users/{login}`) fail with `fault`,
    /// after any faults injected earlier.
    public func inject(_ fault: Fault, count: Int = 1) async {
        backend.inject(fault, count: count)
    }

    /// Makes the next `count` GraphQL queries fail with `fault`, after any injected earlier.
    public func inject(_ fault: GraphQLFault, count: Int = 1) async {
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

    /// Clears faults and stats and starts fresh rate-limit windows, like `POST /_fake/reset`.
    /// Renamed and deleted users and changed names stay.
    public func reset() async {
        backend.reset()
    }

    /// Carries out `command`, as `POST /_fake/command` does for a `github-fake` process.
    public func apply(_ command: FakeCommand) async {
        backend.apply(command)
    }

    /// Moves the clock that expiring avatar tokens (``FakeConfiguration/expiringAvatarIDs``)
    /// are issued and checked by `duration` ahead: a token listed before expires at once,
    /// with no test waiting out its lifetime. The API's clock (rate-limit resets) is not moved.
    public func advanceAvatarTokenClock(by duration: Duration) async {
        backend.advanceAvatarTokenClock(seconds: Int(duration.components.seconds))
    }

    /// Gives user `id` a new login: lists and profiles show it, the old login answers 404,
    /// the new one is found case-insensitively, and `GET /user/{id}` answers with it. Ignored
    /// for an id not in the population. Like `POST /_fake/rename?id=ID&login=LOGIN`.
    public func renameUser(id: Int, to newLogin: String) async {
        backend.renameUser(id: id, to: newLogin)
    }

    /// Deletes (or suspends) account `id`: it drops out of `GET /users` (pages read afterwards
    /// skip it), and `GET /users/{login}` and `GET /user/{id}` answer 404. Its avatar still
    /// answers. Ignored for an id not in the population. Like `POST /_fake/delete?id=ID`.
    public func deleteUser(id: Int) async {
        backend.deleteUser(id: id)
    }

    /// Brings back an account deleted with ``deleteUser(id:)``, under the login it had. Like
    /// `POST /_fake/restore?id=ID`.
    public func restoreUser(id: Int) async {
        backend.restoreUser(id: id)
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
