import Foundation
import GHUsersKit
import GitHubFake

/// A fake GitHub API on loopback (a github-fake process of its own) and a fresh ghusers home:
/// the world of one end-to-end test.
struct EndToEnd {
    let server: FakeServerProcess
    let home: URL
    let ghusers: GHUsersProcess

    /// Runs `body` in a new world (a fake with `configuration`, an empty home) and stops the world
    /// once `body` has returned or thrown, awaiting the teardown: no server or home outlives its
    /// test.
    static func with<T>(
        _ configuration: FakeConfiguration = FakeConfiguration(), home: URL? = nil, anonymousRateLimit: Int? = nil,
        _ body: (EndToEnd) async throws -> T
    ) async throws -> T {
        let world = try await start(configuration, home: home, anonymousRateLimit: anonymousRateLimit)
        do {
            let result = try await body(world)
            await world.stop()
            return result
        } catch {
            await world.stop()
            throw error
        }
    }

    /// Starts a fake with `configuration` and names an empty home (`home`, or a new folder in the
    /// temporary directory); ``with(_:home:anonymousRateLimit:_:)`` also stops it.
    ///
    /// ghusers runs without a token in most tests, and the fake gives requests without a token
    /// GitHub's 60 an hour: unless `anonymousRateLimit` is given or the configuration changed its
    /// own, that window gets the configuration's `rateLimit` (5,000 by default), the budget tests
    /// had when the fake had one window. Pass `anonymousRateLimit: 60` to meet GitHub's.
    static func start(
        _ configuration: FakeConfiguration = FakeConfiguration(), home: URL? = nil, anonymousRateLimit: Int? = nil
    ) async throws -> EndToEnd {
        var configuration = configuration
        if let anonymousRateLimit {
            configuration.anonymousRateLimit = anonymousRateLimit
        } else if configuration.anonymousRateLimit == FakeConfiguration().anonymousRateLimit {
            configuration.anonymousRateLimit = configuration.rateLimit
        }
        let server = try await FakeServerProcess(configuration: configuration)
        let home = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-e2e-home-\(UUID().uuidString)")
        return EndToEnd(server: server, home: home, ghusers: GHUsersProcess(home: home, apiURL: server.baseURL))
    }

    /// Runs `ghusers` against the fake.
    func run(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) async throws -> GHUsersProcess.Result {
        try await run(arguments, input: input, environment: environment)
    }

    /// Runs `ghusers` against the fake.
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) async throws -> GHUsersProcess.Result {
        var process = ghusers
        process.environment = environment
        return try await process.run(arguments, input: input.map { Data($0.utf8) })
    }

    /// Runs `ghusers ARGUMENTS` with a terminal as its standard streams (a pty of util-linux's
    /// `script`), as a person at a terminal runs it: `profile` then marks the user seen, which a
    /// pipe never does.
    func runOnTerminal(_ arguments: String..., environment: [String: String] = [:]) async throws -> GHUsersProcess.Result {
        var process = ghusers
        process.environment = environment
        process.executable = URL(fileURLWithPath: "/usr/bin/script")
        let line = ([GHUsersProcess.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await process.run(["-qec", line, "/dev/null"])
    }

    /// Runs `ghusers ARGUMENTS --json` and parses stdout.
    func json(_ arguments: String...) async throws -> Any {
        let result = try await ghusers.run(arguments + ["--json"])
        // `search` that matched nothing prints `[]` and exits 1, as grep does.
        let nothingFound = arguments.first == "search" && result.status == 1 && result.stdout == "[]\n"
        guard result.status == 0 || nothingFound else { throw HarnessError("ghusers \(arguments) failed: \(result)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The logins of `ghusers list --json`.
    func cachedLogins() async throws -> [String] {
        (try await json("list") as? [[String: Any]] ?? []).compactMap { $0["login"] as? String }
    }

    /// The fake's site folder in the home: `sites/127.0.0.1_PORT`.
    var siteDirectory: URL {
        home.appendingPathComponent("sites/\(GitHubSite(apiRoot: ghusers.apiURL)!.key)", isDirectory: true)
    }

    /// The fake's database in the home.
    var database: URL { siteDirectory.appendingPathComponent("ghusers.sqlite") }

    /// The API requests the fake saw (avatars excluded).
    func apiRequests() async -> [LoggedRequest] {
        await server.stats().log.filter { $0.path.hasPrefix("/users") || $0.path.hasPrefix("/user/") }
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: home)
    }
}
