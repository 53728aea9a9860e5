import Foundation
import Synchronization
import Testing

@testable import GHUsersKit

/// `CombinedService.profile`'s policy: a cached profile younger than an hour is shown without
/// the network; an older one is revalidated with `If-None-Match` (304: the cached one, fresh
/// again; 200: the new one); offline or when the network fails, the cached one with the reason;
/// an unknown login is an error even when cached.
@Suite("CombinedService: profile freshness")
struct CombinedServiceProfileTests {
    static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    static let rateLimitHeaders: HTTPHeaderFields = [
        "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "57", "X-RateLimit-Reset": "1800003600", "X-RateLimit-Resource": "core",
    ]

    static func profile(name: String, etag: String) -> Result<TransportResponse, TransportError> {
        var headers = rateLimitHeaders
        headers["ETag"] = etag
        let body = """
            {"id":9,"login":"tawk","node_id":"N9","avatar_url":"https://a/9","html_url":"https://github.com/tawk",\
            "type":"User","site_admin":false,"name":"\(name)","followers":3}
            """
        return .success(TransportResponse(status: 200, headers: headers, body: Data(body.utf8)))
    }

    static let notModified = Result<TransportResponse, TransportError>.success(TransportResponse(status: 304, headers: rateLimitHeaders))

    static func notFound() throws -> Result<TransportResponse, TransportError> {
        .success(TransportResponse(status: 404, body: try Fixtures.data("error-404-user.captured-2024.json")))
    }

    /// Runs `body` with a service over a new home where tawk's profile ("Before", ETag "p1") was
    /// fetched at ``fetchedAt`` and tawk has a note; `script` answers the requests after that
    /// first one. The service is shut down and the home removed afterwards.
    func withCached(
        _ script: [Result<TransportResponse, TransportError>],
        _ body: (CombinedService, ScriptedTransport, TemporaryDirectory) async throws -> Void
    ) async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let transport = ScriptedTransport([Self.profile(name: "Before", etag: "\"p1\"")] + script)
        let service = try CombinedService.scripted(transport, home: home)
        do {
            _ = try await service.profile(login: "tawk", now: Self.fetchedAt)
            try await service.saveNote(login: "tawk", text: "met at a meetup")
            try await body(service, transport, home)
        } catch {
            await service.shutdown()
            throw error
        }
        await service.shutdown()
    }

    @Test("younger than an hour: the cached profile, without the network")
    func fresh() async throws {
        try await withCached([]) { service, transport, _ in
            // When it is asked for 59 minutes later
            let details = try await service.profile(login: "TAWK", now: Self.fetchedAt + 59 * 60)
            // Then the cache answers, with the note and the seen mark
            #expect(details.source == .cache)
            #expect(details.profile.name == "Before" && details.note == "met at a meetup" && details.seen)
            #expect(details.fetchedAt == Self.fetchedAt)
            #expect(transport.sent.count == 1)
        }
    }

    @Test("stale, 304: the cached profile, fresh again, asked with its ETag")
    func staleNotModified() async throws {
        try await withCached([Self.notModified]) { service, transport, _ in
            let now = Self.fetchedAt + 2 * 3_600
            // When it is asked for two hours later and the server says it has not changed
            let details = try await service.profile(login: "tawk", now: now)
            // Then the cached profile is shown as fetched now, and the request carried the ETag
            #expect(details.source == .network)
            #expect(details.profile.name == "Before" && details.note == "met at a meetup" && details.seen)
            #expect(details.fetchedAt == now)
            #expect(transport.sent.last?.headers["If-None-Match"] == "\"p1\"")
            // And it is fresh again: half an hour later the cache answers
            #expect(try await service.profile(login: "tawk", now: now + 1_800).source == .cache)
            #expect(transport.sent.count == 2)
            await #expect(try service.status().sync.rateLimit?.remaining == 57)
        }
    }

    @Test("stale, 304 for an account marked gone: it answered, so it is not gone, in the profile and in the list")
    func notModifiedClearsGone() async throws {
        try await withCached([Self.notModified]) { service, _, _ in
            // Given tawk marked gone (the users list stopped listing it)
            try await service.database.write { try StoreService.Users.markGone(id: 9, $0) }
            await #expect(try #require(try service.database.read { try StoreService.Profiles.find(login: "tawk", $0) }).details.gone)
            // When its profile is revalidated and GitHub answers 304
            let details = try await service.profile(login: "tawk", now: Self.fetchedAt + 2 * 3_600)
            // Then neither the profile shown nor the cache says gone
            #expect(details.source == .network && !details.gone)
            await #expect(try #require(try service.database.read { try StoreService.Profiles.find(login: "tawk", $0) }).details.gone == false)
        }
    }

    @Test("a login edited by hand in the database is an error when its profile is fetched, not a trap, and nothing is sent")
    func handEditedLogin() async throws {
        try await withCached([]) { service, transport, _ in
            try await service.database.write { db in try db.execute(sql: "UPDATE user SET login = 'ta wk' WHERE id = 9") }
            await #expect(throws: User.ValidationError.invalidLogin("ta wk")) {
                try await service.profile(login: "ta wk", now: Self.fetchedAt + 2 * 3_600)
            }
            #expect(transport.sent.count == 1)
        }
    }

    @Test("a profile waiting for gh's token when the service shuts down: no client is made, nothing is sent", .timeLimit(.minutes(1)))
    func shutdownWhileTheTokenIsAsked() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let transport = ScriptedTransport([])
        var configuration = CombinedService.Configuration(
            paths: GHUsersPaths(dataDirectory: home.url, cacheDirectory: home.url.appendingPathComponent("cache")),
            apiURL: URL(string: "https://api.example")!)
        // gh answers only when the test lets it, as a slow `gh auth token` would
        let answer = DispatchSemaphore(value: 0)
        let asked = Mutex(false)
        configuration.tokenLookup = {
            asked.withLock { $0 = true }
            answer.wait()
            return "gho_late"
        }
        let service = try CombinedService(configuration: configuration, transport: { transport })
        let request = Task { try await service.profile(login: "tawk") }
        await eventually { asked.withLock { $0 } }
        // When the service shuts down meanwhile, and gh answers after that
        let shutdown = Task { await service.shutdown() }
        await eventually { service.closed.isClosed }
        answer.signal()
        await shutdown.value
        // Then the request ends without a client, and nothing was sent
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(transport.sent.isEmpty)
        #expect(service.madeClient.ifMade ?? nil == nil)
    }

    @Test("stale, 200: the new profile is saved and shown with the note")
    func staleChanged() async throws {
        try await withCached([Self.profile(name: "After", etag: "\"p2\"")]) { service, transport, _ in
            let now = Self.fetchedAt + 2 * 3_600
            let details = try await service.profile(login: "tawk", now: now)
            #expect(details.source == .network)
            #expect(details.profile.name == "After" && details.note == "met at a meetup" && details.seen)
            #expect(transport.sent.last?.headers["If-None-Match"] == "\"p1\"")
            // And the cache now holds it, with its new ETag
            let cached = try await #require(try service.database.read { try StoreService.Profiles.find(login: "tawk", $0) })
            #expect(cached.profile.name == "After" && cached.etag == "\"p2\"" && cached.fetchedAt == now && cached.details.seen)
            await #expect(try service.status().sync.rateLimit?.remaining == 57)
        }
    }

    @Test("--refresh asks even when the cached profile is fresh")
    func refreshWhenFresh() async throws {
        try await withCached([Self.notModified]) { service, transport, _ in
            let details = try await service.profile(login: "tawk", refresh: true, now: Self.fetchedAt + 60)
            #expect(details.source == .network && transport.sent.count == 2)
        }
    }

    @Test("offline: the cached profile, however old, with the reason; none cached is an error")
    func offline() async throws {
        try await withCached([]) { _, _, home in
            // A second service on the same home, offline
            let transport = ScriptedTransport([])
            let service = try CombinedService.scripted(transport, home: home, offline: true)
            let details = try await service.profile(login: "tawk", now: Self.fetchedAt + 30 * 86_400)
            #expect(details.source == .staleCache(reason: "offline"))
            #expect(details.profile.name == "Before" && details.note == "met at a meetup")
            await #expect(throws: CombinedServiceError.profileNotCached(login: "octocat")) {
                _ = try await service.profile(login: "octocat")
            }
            #expect(transport.sent.isEmpty)
            await service.shutdown()
        }
    }

    @Test("a failing network: the stale cached profile after the first failure, with the reason; nothing cached: the network's error")
    func networkFails() async throws {
        try await withCached([.failure(.unreachable("refused")), .failure(.unreachable("refused"))]) { service, transport, _ in
            let details = try await service.profile(login: "tawk", now: Self.fetchedAt + 2 * 3_600)
            guard case .staleCache(let reason) = details.source else {
                Issue.record("expected the stale cache, got \(details.source)")
                return
            }
            #expect(reason == "GitHub cannot be reached: refused" && details.profile.name == "Before")
            #expect(transport.sent.count == 2, "one try, then the cache: \(transport.sent.count) requests")
            await #expect(throws: CombinedServiceError.self) { _ = try await service.profile(login: "octocat") }
        }
    }

    @Test("404 for a login never cached: not found, and nothing else is asked")
    func notFound() async throws {
        try await withCached([try Self.notFound()]) { service, transport, _ in
            await #expect(throws: CombinedServiceError.userNotFound(login: "octocat")) {
                _ = try await service.profile(login: "octocat")
            }
            #expect(transport.sent.last?.url.path == "/users/octocat")
        }
    }

    @Test("404 for a cached login whose account answers by id: renamed, saved under its new login, the note follows")
    func renamed() async throws {
        let renamed = """
            {"id":9,"login":"tawk-new","node_id":"N9","avatar_url":"https://a/9","html_url":"https://github.com/tawk-new",\
            "type":"User","site_admin":false,"name":"After","followers":4}
            """
        let byID = Result<TransportResponse, TransportError>.success(TransportResponse(status: 200, body: Data(renamed.utf8)))
        try await withCached([try Self.notFound(), byID]) { service, transport, _ in
            let details = try await service.profile(login: "tawk", now: Self.fetchedAt + 2 * 3_600)
            #expect(transport.sent.suffix(2).map(\.url.path) == ["/users/tawk", "/user/9"])
            #expect(details.user.login == "tawk-new" && details.renamedFrom == "tawk" && details.note == "met at a meetup")
            await #expect(try service.note(login: "tawk-new").text == "met at a meetup")
            await #expect(throws: CombinedServiceError.noNote(login: "tawk")) { try await service.note(login: "tawk") }
            #expect(!details.gone)
        }
    }

    @Test("404 for a cached login and for its id: gone, kept and marked, the cached profile shown; never cached: gone error")
    func gone() async throws {
        try await withCached([try Self.notFound(), try Self.notFound()]) { service, _, _ in
            let details = try await service.profile(login: "tawk", now: Self.fetchedAt + 2 * 3_600)
            #expect(details.gone && details.profile.name == "Before" && details.note == "met at a meetup")
            guard case .staleCache(let reason) = details.source else {
                Issue.record("\(details.source)")
                return
            }
            #expect(reason.contains("no longer has this account"))
            var rows: [UserDetails] = []
            try await service.database.read { try StoreService.Users.stream($0) { rows.append($0) } }
            #expect(rows.map(\.gone) == [true], "kept, marked")
        }
    }
}
