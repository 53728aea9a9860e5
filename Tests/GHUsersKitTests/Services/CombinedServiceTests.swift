import Foundation
import Testing

@testable import GHUsersKit

@Suite("CombinedService with a scripted transport")
struct CombinedServiceTests {
    static func page(_ ids: ClosedRange<Int>, invalidLast: Bool = false, next: Bool = true) -> TransportResponse {
        var items = ids.map { "{\"id\":\($0),\"login\":\"u\($0)\",\"avatar_url\":\"https://a/\($0)\",\"type\":\"User\",\"site_admin\":false}" }
        if invalidLast, let last = ids.last { items[items.count - 1] = "{\"id\":\(last),\"login\":\"bad login\"}" }
        var headers: HTTPHeaderFields = ["ETag": "W/\"\(ids.lowerBound)\""]
        if next { headers["Link"] = "<https://api.example/users?since=\(ids.upperBound)>; rel=\"next\", <https://api.example/users{?since}>; rel=\"first\"" }
        return TransportResponse(status: 200, headers: headers, body: Data(("[" + items.joined(separator: ",") + "]").utf8))
    }

    @Test("the first request asks for 100; the first full batch sets the page size; later pages ask since=<last id>&per_page=<that size>")
    func pageSizeDerivation() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // Given a server whose pages hold 17 users (a server with a smaller largest page), the first page's last one invalid.
        let transport = ScriptedTransport([.success(Self.page(1...17, invalidLast: true)), .success(Self.page(18...34))])
        let service = try CombinedService.scripted(transport, home: home)
        // When two pages are fetched.
        var outcomes: [CombinedService.PageOutcome] = []
        try await service.nextPage(pages: 2) { outcomes.append($0) }
        // Then the first request asked for GitHub's largest page and the second used the size that came.
        let urls = transport.sent.map(\.url.absoluteString)
        #expect(urls == ["https://api.example/users?per_page=100", "https://api.example/users?since=17&per_page=17"])
        #expect(outcomes.map(\.skipped) == [1, 0])
        #expect(outcomes[0].isFirstStore && !outcomes[1].isFirstStore)
        let state = try await service.database.read { try StoreService.Sync.state($0) }
        #expect(state.pageSize == 17)
        #expect(state.cursor == 34)
        await service.shutdown()
    }

    @Test("a first batch cut short by the end of the list sets no page size: the next request asks for 100 again")
    func shortFirstBatch() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // Given a list of 12 users (no rel="next"), then, later, more users.
        let transport = ScriptedTransport([.success(Self.page(1...12, next: false)), .success(Self.page(13...112))])
        let service = try CombinedService.scripted(transport, home: home)
        try await service.nextPage { _ in }
        await #expect(try service.database.read { try StoreService.Sync.state($0) }.pageSize == nil)
        try await service.nextPage { _ in }
        let urls = transport.sent.map(\.url.absoluteString)
        #expect(urls == ["https://api.example/users?per_page=100", "https://api.example/users?since=12&per_page=100"])
        await #expect(try service.database.read { try StoreService.Sync.state($0) }.pageSize == 100)
        await service.shutdown()
    }

    @Test("offline, nothing touches the transport")
    func offline() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let transport = ScriptedTransport([])
        let service = try CombinedService.scripted(transport, home: home, offline: true)
        await #expect(throws: CombinedServiceError.offline("next-page")) { try await service.nextPage { _ in } }
        await #expect(throws: CombinedServiceError.profileNotCached(login: "tawk")) { _ = try await service.profile(login: "tawk") }
        try await service.saveNote(login: "tawk", text: "offline note")
        var found: [String] = []
        try await service.search("offline") { found.append($0.login) }
        #expect(found == ["tawk"])
        #expect(transport.sent.isEmpty)
    }

    @Test("an export from before sites is github.com's: imported there as it is, elsewhere only when told, by login")
    func notesFromBeforeSites() async throws {
        let file = Data(#"{"format": "ghusers-notes", "version": 1, "notes": [{"login": "u1", "id": 2, "note": "old note"}]}"#.utf8)
        for (apiRoot, byID) in [("https://api.github.com", true), ("https://ghe.example.com/api/v3", false)] {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            var configuration = CombinedService.Configuration(
                paths: GHUsersPaths(dataDirectory: home.url, cacheDirectory: home.url.appendingPathComponent("cache")), apiURL: URL(string: apiRoot)!)
            configuration.offline = true
            let service = try CombinedService(configuration: configuration, transport: { ScriptedTransport([]) })
            try await service.database.write { try StoreService.Sync.savePage(
                Factory.page([1, 2], logins: [1: "u1", 2: "u2"]), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
            if !byID {
                await #expect(throws: CombinedServiceError.self) { try await service.importNotes(file, onConflict: .merge) }
                await #expect(try service.database.read { try StoreService.Notes.find(login: "u1", $0)?.note } == nil)
            }
            _ = try await service.importNotes(file, onConflict: .merge, fromOtherSite: !byID)
            // github.com: id 2 is the account (renamed u2 since); elsewhere ids are other accounts.
            await #expect(try service.database.read { try StoreService.Notes.find(login: byID ? "u2" : "u1", $0)?.note }?.text == "old note", "\(apiRoot)")
            await #expect(try service.database.read { try StoreService.Notes.find(login: byID ? "u1" : "u2", $0)?.note } == nil, "\(apiRoot)")
        }
    }
}
