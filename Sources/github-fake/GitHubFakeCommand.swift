import ArgumentParser
import Dispatch
import Foundation
import GitHubFake

/// `github-fake`: runs the fake GitHub users API until SIGINT or SIGTERM.
///
/// Prints one line, `github-fake listening on http://HOST:PORT`, once listening, so that a
/// script started with `--port 0` can read the port; with `--avatar-host`, a second line,
/// `github-fake avatars on http://HOST:PORT`.
@main
struct GitHubFakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-fake",
        abstract: "Serve a fake GitHub users API on loopback for tests, benchmarks and offline demos.",
        discussion: """
            Serves GET /users, GET /users/{login}, GET /user/{id}, GET /search/users, POST /graphql (profiles by node id, user search, \
            token scopes checked as GitHub does) and avatars at /avatars/u/{id}, \
            and runs until SIGINT or SIGTERM. As GitHub: 60 requests an hour without a token and \
            --rate-limit per token (a 304 is free only with a token), ETags per token, gzip when \
            asked, 403 without a User-Agent, 400 for an unknown X-GitHub-Api-Version, 401 for a bad \
            token (one given with --bad-token, or any token starting with "bad"). Users 138, 139, \
            141, 142, 144, 145 and 148 are artur-, mees-, gil--, 0----0, -ACE-, -Jerry- and \
            mona-cat_octo. Docs/FAKE.md lists every behaviour with its source. Control endpoints:
              POST /_fake/fault?kind=status&status=503&count=2
              POST /_fake/graphql-fault?kind=secondaryRateLimit&status=200&retry_after=60
              GET  /_fake/stats
              POST /_fake/reset
              POST /_fake/refuse?seconds=N
              POST /_fake/rename?id=ID&login=LOGIN
              POST /_fake/delete?id=ID      POST /_fake/restore?id=ID
              POST /_fake/name?login=LOGIN&name=NAME
              POST /_fake/command   (a FakeCommand as JSON)
            """
    )

    @Option(help: "The address to listen on; a loopback address unless --allow-non-loopback is given.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port (printed on startup).")
    var port = 8080

    @Option(name: .customLong("users"), help: "How many users GET /users lists.")
    var userCount = 1_000

    @Option(name: .customLong("per-page-default"), help: "The page size when a request has no per_page (1 to 100).")
    var perPageDefault = 30

    @Option(help: "Requests allowed per token in its one-hour rate-limit window.")
    var rateLimit = 5_000

    @Option(name: .customLong("anonymous-rate-limit"), help: "Requests allowed without a token in the one-hour window they share (GitHub: 60).")
    var anonymousRateLimit = 60

    @Option(name: .customLong("bad-token"), help: "A token answered with 401 Bad credentials, besides every token starting with \"bad\". Repeatable.")
    var badTokens: [String] = []

    @Option(name: .customLong("latency-ms"), help: "Milliseconds added before every API response.")
    var latencyMilliseconds = 0

    @Option(name: .customLong("login-prefix"), help: "Put before every login, so that two fakes stand for two sites: the same ids, other users.")
    var loginPrefix = ""

    @Option(name: .customLong("avatar-latency-ms"), help: "Milliseconds added before every avatar response.")
    var avatarLatencyMilliseconds = 0

    @Option(
        name: .customLong("avatar-fault"),
        help: "ID=KIND: the avatar of user ID misbehaves; KIND is refuse (its URL points at a port that refuses), hang, drop (cut mid-body) or an HTTP status such as 404. Repeatable.")
    var avatarFaults: [String] = []

    @Option(
        name: .customLong("expiring-avatar"),
        help: "ID: the avatar_url of user ID carries a jwt that expires (then 404), as GitHub's private-avatars URLs. Repeatable.")
    var expiringAvatars: [Int] = []

    @Option(name: .customLong("avatar-token-lifetime"), help: "Seconds an avatar jwt lives (GitHub: 1200); a new one is issued every three quarters of it.")
    var avatarTokenLifetime = 1_200

    @Flag(name: .customLong("avatar-sign-in-wall"), help: "Every avatar request answers 302 to a sign-in page, as on a private-mode Enterprise server.")
    var avatarSignInWall = false

    @Option(name: .customLong("avatar-format"), help: "ID=FORMAT: the avatar of user ID is a png (default), jpeg or gif. Repeatable.")
    var avatarFormats: [String] = []

    @Flag(
        name: .customLong("avatar-host"),
        help: "Serve avatars on a second free port, as GitHub serves them from another host; avatar_url points there, and a second line says where.")
    var avatarHost = false

    @Option(
        name: .customLong("token-scopes"),
        help: "TOKEN=SCOPES: the classic scopes of TOKEN, comma-separated (e.g. t1=repo,read:user); other classic tokens have gh's defaults (gist, read:org, repo, workflow), which cannot read User.email over GraphQL. Repeatable.")
    var tokenScopes: [String] = []

    @Option(name: .customLong("forbidden-account"), help: "ID: GraphQL answers this account's node null with FORBIDDEN (SAML, an IP allow list); REST still does. Repeatable.")
    var forbiddenAccounts: [Int] = []

    @Option(
        name: .customLong("scope-check"),
        help: "document (default): a field the token's scopes do not reach refuses the query wherever it is named, @include(if: false) or not; executed: only where the directives leave it.")
    var scopeCheck: ScopeCheck = .document

    @Option(
        name: .customLong("scopeless-email"),
        help: "How a token without scopes (github_pat_, ghs_) asking User.email is answered: nullsNodes (default), each user's node null with FORBIDDEN at the field; refusesDocument.")
    var scopelessEmail: ScopelessEmail = .nullsNodes

    @Option(
        name: .customLong("search-withholds-every"),
        help: "N: GraphQL's user search counts but never gives about one account in N, chosen by a hash of its id (its pages come short); 0 gives every account.")
    var searchWithholdsEvery: Int = 13

    @Option(
        name: .customLong("graphql-timeout-above"),
        help: "N: a nodes(ids:) query of more ids than N, or a search page of more accounts, ends with GitHub's 502 timeout, charged (50 by default: a page of 100 times out); 0 never times out.")
    var graphQLTimeoutAbove: Int = 50

    @Option(
        name: .customLong("configuration"),
        help: "A file of a FakeConfiguration as JSON (what the end-to-end tests start their fakes with); it replaces every other setting but --port and --host.")
    var configurationFile: String?

    @Flag(help: "Allow listening on an address other than loopback (the fake has no authentication).")
    var allowNonLoopback = false

    func validate() throws {
        guard allowNonLoopback || Self.isLoopback(host) else {
            throw ValidationError("\(host) is not a loopback address. Use 127.0.0.1, ::1 or localhost, or pass --allow-non-loopback to expose the fake on the network.")
        }
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535; use 0 to pick a free port.")
        }
        guard userCount >= 0 else { throw ValidationError("--users must be 0 or more.") }
        guard (1...100).contains(perPageDefault) else {
            throw ValidationError("--per-page-default must be from 1 to 100, like GitHub's per_page.")
        }
        guard rateLimit >= 0 else { throw ValidationError("--rate-limit must be 0 or more.") }
        guard anonymousRateLimit >= 0 else { throw ValidationError("--anonymous-rate-limit must be 0 or more.") }
        guard avatarTokenLifetime >= 1 else { throw ValidationError("--avatar-token-lifetime must be 1 second or more.") }
        for id in expiringAvatars where id <= 0 {
            throw ValidationError("--expiring-avatar \(id) is not a user id; give a positive id such as --expiring-avatar 1.")
        }
        for format in avatarFormats where Self.avatarFormat(format) == nil {
            throw ValidationError("--avatar-format \(format) is not ID=FORMAT; FORMAT is png, jpeg or gif (e.g. --avatar-format 2=jpeg).")
        }
        for scopes in tokenScopes where !scopes.contains("=") || scopes.hasPrefix("=") {
            throw ValidationError("--token-scopes \(scopes) is not TOKEN=SCOPES (e.g. --token-scopes t1=repo,read:user).")
        }
        guard graphQLTimeoutAbove >= 0 else { throw ValidationError("--graphql-timeout-above must be 0 (never) or more.") }
        if searchWithholdsEvery == 1 || searchWithholdsEvery < 0 { throw ValidationError("--search-withholds-every must be 0 (none) or 2 or more.") }
        guard latencyMilliseconds >= 0 else { throw ValidationError("--latency-ms must be 0 or more.") }
        guard avatarLatencyMilliseconds >= 0 else { throw ValidationError("--avatar-latency-ms must be 0 or more.") }
        for fault in avatarFaults where Self.avatarFault(fault) == nil {
            throw ValidationError("--avatar-fault \(fault) is not ID=KIND; KIND is refuse, hang, drop or a status from 400 to 599 (e.g. --avatar-fault 5=refuse).")
        }
    }

    func run() async throws {
        let configuration = try configurationFile.map(readConfiguration) ?? optionsConfiguration()
        let server = GitHubFakeServer(configuration: configuration)
        try await server.start()
        // FileHandle writes are unbuffered, so the line reaches a pipe at once.
        FileHandle.standardOutput.write(Data("github-fake listening on \(server.baseURL)\n".utf8))
        if let avatars = server.avatarBaseURL {
            FileHandle.standardOutput.write(Data("github-fake avatars on \(avatars)\n".utf8))
        }
        await waitForTerminationSignal()
        await server.stop()
    }

    /// The configuration in `path`, on the host and port of the options.
    private func readConfiguration(_ path: String) throws -> FakeConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--configuration \(path) cannot be read; give a file of a FakeConfiguration as JSON.")
        }
        do {
            var configuration = try JSONDecoder().decode(FakeConfiguration.self, from: data)
            configuration.host = host
            configuration.port = port
            return configuration
        } catch {
            throw ValidationError("--configuration \(path) is not a FakeConfiguration as JSON: \(error)")
        }
    }

    /// The configuration the options describe.
    private func optionsConfiguration() -> FakeConfiguration {
        var configuration = FakeConfiguration(
            host: host,
            port: port,
            userCount: userCount,
            defaultPerPage: perPageDefault,
            rateLimit: rateLimit,
            anonymousRateLimit: anonymousRateLimit,
            latency: .milliseconds(latencyMilliseconds)
        )
        configuration.badTokens = Set(badTokens)
        configuration.expiringAvatarIDs = Set(expiringAvatars)
        configuration.avatarTokenLifetime = .seconds(avatarTokenLifetime)
        configuration.avatarSignInWall = avatarSignInWall
        configuration.separateAvatarHost = avatarHost
        for case let (id, format)? in avatarFormats.map(Self.avatarFormat) { configuration.avatarFormats[id] = format }
        configuration.loginPrefix = loginPrefix
        for entry in tokenScopes {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            configuration.tokenScopes[parts[0]] = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
        }
        configuration.forbiddenAccounts = Set(forbiddenAccounts)
        configuration.graphQLTimeoutAbove = graphQLTimeoutAbove == 0 ? nil : graphQLTimeoutAbove
        configuration.scopeCheck = scopeCheck
        configuration.scopelessEmail = scopelessEmail
        configuration.searchWithholdsEvery = searchWithholdsEvery == 0 ? nil : searchWithholdsEvery
        configuration.avatarLatency = .milliseconds(avatarLatencyMilliseconds)
        for case let (id, fault)? in avatarFaults.map(Self.avatarFault) { configuration.avatarFaults[id] = fault }
        return configuration
    }

    /// `ID=KIND` as a user id and its fault, or `nil` when it is not one.
    static func avatarFault(_ text: String) -> (Int, AvatarFault)? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let id = Int(parts[0]), id > 0 else { return nil }
        switch parts[1] {
        case "refuse": return (id, .refusingHost)
        case "hang": return (id, .hang)
        case "drop": return (id, .dropMidBody)
        default:
            guard let status = Int(parts[1]), (400...599).contains(status) else { return nil }
            return (id, .status(status))
        }
    }

    /// `ID=FORMAT` as a user id and its avatar format, or `nil` when it is not one.
    static func avatarFormat(_ text: String) -> (Int, AvatarFormat)? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let id = Int(parts[0]), id > 0, let format = AvatarFormat(rawValue: parts[1].lowercased()) else { return nil }
        return (id, format)
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// Returns at the first SIGINT or SIGTERM, which no longer reach their default handlers.
private func waitForTerminationSignal() async {
    let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
    let sources = [SIGINT, SIGTERM].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { continuation.yield(number) }
        source.resume()
        return source
    }
    for await _ in signals { break }
    sources.forEach { $0.cancel() }
}

extension ScopeCheck: ExpressibleByArgument {}
extension ScopelessEmail: ExpressibleByArgument {}
