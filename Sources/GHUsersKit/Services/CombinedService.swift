import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the commands call: the network and the store together, cache first.
///
/// Reads (`list`, `search`, notes, a fresh cached profile) never touch the network. Operations
/// that need it build the ``GitHubClient`` on first use, so a command that only reads never
/// opens a connection or starts an event loop.
///
/// This file holds the type, its configuration and its lifecycle; the operations are in one
/// file per concern: `+Pages` (`next-page`, `refresh`), `+Profiles`, `+Users` (list, search,
/// ranks), `+Notes`, `+Status` and `+Avatars`.
public final class CombinedService: Sendable {
    /// Settings of the service.
    public struct Configuration: Sendable {
        /// Where the files are.
        package var paths: GHUsersPaths
        /// The API root.
        public var apiURL: URL
        /// The API token, if any: the environment's token for the site (see ``TokenSource``).
        public var token: String?
        /// Asked for a token on first network use when ``token`` is `nil` (`gh auth token`).
        public var tokenLookup: (@Sendable () -> String?)?
        /// `--offline`: never touch the network.
        public var offline: Bool = false
        /// The retry schedule.
        package var retryPolicy = RetryPolicy()
        /// How long a cached profile is shown without asking the server: 1 hour.
        public var profileMaxAge: TimeInterval = 3_600
        /// Time limits of one request.
        package var timeouts = HTTPTransport.Timeouts()
        /// The longest an avatar download may take; `nil`: ``GitHubClient/downloadDeadline``.
        public var downloadDeadline: Duration?

        /// The real API root.
        public static let gitHubAPI = URL(string: "https://api.github.com")!

        /// Creates settings.
        package init(paths: GHUsersPaths, apiURL: URL = Configuration.gitHubAPI, token: String? = nil) {
            self.paths = paths
            self.apiURL = apiURL
            self.token = token
        }
    }

    public let configuration: Configuration
    /// The local database.
    package let database: AppDatabase
    /// The site's folder, held while the service runs; `nil` for folders used as they are.
    let folder: SiteFolder?
    /// The network client with its token, made on first use (also by
    /// ``makeAvatarPipeline(sizeLimit:)``): ``client()`` gives it.
    let madeClient: AsyncLazy<GitHubClient?>
    /// Set by ``shutdown()``: a client asked for after it is never made.
    let closed = ClosedFlag()
    /// Whether requests so far carried a token (`false` before the first request).
    public var sentToken: Bool { (token.ifMade ?? nil) != nil }

    /// The token: the configured one, else the lookup's answer (`gh auth token`, a child
    /// process), asked once on first use, on a thread of its own.
    let token: AsyncLazy<String?>

    /// Opens the site's database (moving a home written before sites into its site folder
    /// first, see ``AppDatabase/adoptLegacyDatabase(of:)``), checks that it holds this API
    /// root's data, and prepares (but does not open) the network client.
    ///
    /// - Parameter onRetry: told before every retry, for a status line.
    /// - Parameter transport: makes the transport on first network use; `nil` for the real
    ///   ``HTTPTransport`` with the configured timeouts (unit tests pass a scripted one).
    package init(
        configuration: Configuration,
        transport: (@Sendable () -> any HTTPTransporting)? = nil,
        onRetry: @escaping @Sendable (RetryController.Event) -> Void = { _ in }
    ) throws {
        self.configuration = configuration
        var folder: SiteFolder?
        if configuration.paths.site != nil {
            try AppDatabase.adoptLegacyDatabase(of: configuration.paths)
            try AppDatabase.adoptFormerGHEComFolder(of: configuration.paths)
            folder = try SiteFolder(url: configuration.paths.dataDirectory)
        }
        self.folder = folder
        let database: AppDatabase
        do {
            database = try AppDatabase.open(at: configuration.paths.database)
            try database.claim(GitHubSite(apiRoot: configuration.apiURL.absoluteString) ?? .gitHubDotCom)
            self.database = database
        } catch {
            // Only a database file this process just made, still empty, goes: a file that
            // could not be claimed (another site's, a newer ghusers's) is somebody's data.
            var info = stat()
            let empty = stat(configuration.paths.database.path, &info) != 0 || info.st_size == 0
            folder?.release(removing: empty && folder?.isOnlyHolderOfFolderItMade() == true)
            throw error
        }
        let token = AsyncLazy { configuration.token ?? configuration.tokenLookup?() }
        self.token = token
        let closed = closed
        self.madeClient = AsyncLazy {
            // Made once the token is: client() waits for it first. None once the service is
            // shut down: a request that was waiting for the token must not open a connection
            // nobody will close, nor write to a closed database.
            guard !closed.isClosed else { return nil }
            var client = GitHubClient.Configuration(apiURL: configuration.apiURL, token: token.ifMade ?? nil)
            if let deadline = configuration.downloadDeadline { client.downloadDeadline = deadline }
            client.onScopes = ScopeMemory(database: database, fingerprint: TokenSource.fingerprint(token.ifMade ?? nil)).heard
            return GitHubClient(
                configuration: client,
                transport: transport?() ?? HTTPTransport(timeouts: configuration.timeouts),
                queue: RequestQueue(lockFileURL: configuration.paths.networkLock),
                retry: RetryController(policy: configuration.retryPolicy, onRetry: onRetry))
        }
    }

    /// Closes the network connection if one was opened, then the database (checkpointing its
    /// WAL), and lets the site's folder go: removed when this process made it and nothing was
    /// written there (a mistyped `--api-url`; see ``SiteFolder``). Call once at the end; the
    /// service is unusable afterwards.
    nonisolated(nonsending) public func shutdown() async {
        closed.close()
        // A client being made (its token still asked of `gh`) is waited for and closed too.
        if let client = await madeClient.valueIfStarted ?? nil { try? await client.shutdown() }
        let madeHere = folder?.isOnlyHolderOfFolderItMade() == true
        let removing = madeHere ? !(await database.holdsData()) : false
        database.close()
        folder?.release(removing: removing)
    }

    /// The site of the configured API root, whose data the database holds.
    public var site: GitHubSite {
        GitHubSite(apiRoot: configuration.apiURL.absoluteString) ?? .gitHubDotCom
    }

    func network(for what: String) async throws -> GitHubClient {
        guard !configuration.offline else { throw CombinedServiceError.offline(what) }
        // Whatever the network brings is saved: a read-only home says so before any request.
        guard !database.isReadOnly else { throw StoreError.readOnly(path: database.path) }
        try configuration.checkTokenTransport(token: await token.value)
        return try await client()
    }

    /// The network client, made with the token once the token is known.
    ///
    /// - Throws: `CancellationError` once the service is shut down.
    func client() async throws -> GitHubClient {
        try await Self.client(token: token, made: madeClient)
    }

    /// ``client()`` for a closure that outlives a call (the avatar pipeline's downloads).
    static func client(token: AsyncLazy<String?>, made: AsyncLazy<GitHubClient?>) async throws -> GitHubClient {
        _ = await token.value
        guard let client = await made.value else { throw CancellationError() }
        return client
    }

    func record(_ rateLimit: RateLimit?) async {
        guard let rateLimit else { return }
        _ = try? await database.write { db in try StoreService.Sync.record(rateLimit, db) }
    }

    /// Runs a request; when it ends on a used-up primary rate limit, remembers that (remaining
    /// 0, the reset time) for `status` before rethrowing.
    func observingRateLimit<T: Sendable>(_ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch GitHubAPIError.rateLimited(let reset) {
            let known = try? await database.read(StoreService.Sync.state).rateLimit
            await record(RateLimit(limit: known?.limit ?? 0, remaining: 0, reset: reset, resource: known?.resource ?? "core"))
            throw GitHubAPIError.rateLimited(reset: reset)
        }
    }
}

extension CombinedService.Configuration {
    /// Refuses to send `token` (the configured one, or `gh`'s) over plain HTTP, except to a
    /// loopback host (the fake API in tests and demos): checked before any connection.
    ///
    /// - Throws: ``CombinedServiceError/insecureToken(host:)``.
    public func checkTokenTransport(token: String?) throws {
        guard token != nil, apiURL.scheme?.lowercased() == "http" else { return }
        let host = apiURL.host?.lowercased() ?? ""
        let loopback = host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
        guard loopback else { throw CombinedServiceError.insecureToken(host: host) }
    }
}
