import Foundation
import Testing

@testable import GHUsersKit

@Suite("CombinedService with a scripted transport")
struct CombinedServiceTests {
    static func page(_ ids: ClosedRange<Int>, invalidLast: Bool = false) -> TransportResponse {
        var items = ids.map { "{\"id\":\($0),\"login\":\"u\($0)\",\"avatar_url\":\"https://a/\($0)\",\"type\":\"User\",\"site_admin\":false}" }
        if invalidLast, let last = ids.last { items[items.count - 1] = "{\"id\":\(last),\"login\":\"bad login\"}" }
        return TransportResponse(status: 200, headers: ["ETag": "W/\"\(ids.lowerBound)\""], body: Data(("[" + items.joined(separator: ",") + "]").utf8))
    }

    @Test("the page size is the size of the first batch; later pages ask since=<last id>&per_page=<that size>")
    func pageSizeDerivation() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // Given a server whose first page has 17 users, the last of them invalid.
        let transport = ScriptedTransport([.success(Self.page(1...17, invalidLast: true)), .success(Self.page(18...34))])
        let service = try CombinedService.scripted(transport, home: home)
        // When two pages are fetched.
        var outcomes: [CombinedService.PageOutcome] = []
        try await service.nextPage(pages: 2) { outcomes.append($0) }
        // Then the first request had no paging parameters and the second used the derived size.
        let urls = transport.sent.map(\.url.absoluteString)
        #expect(urls == ["https://api.example/users", "https://api.example/users?since=17&per_page=17"])
        #expect(outcomes.map(\.skipped) == [1, 0])
        #expect(outcomes[0].isFirstStore && !outcomes[1].isFirstStore)
        let state = try StoreService.Sync.State(database: service.database)()
        #expect(state.pageSize == 17)
        #expect(state.cursor == 34)
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
        try service.saveNote(login: "tawk", text: "offline note")
        var found: [String] = []
        try service.search("offline") { found.append($0.login) }
        #expect(found == ["tawk"])
        #expect(transport.sent.isEmpty)
    }
}
