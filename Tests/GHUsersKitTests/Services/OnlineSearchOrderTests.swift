import Foundation
import Testing

@testable import GHUsersKit

/// `search --online` asks by join date and starts each window at the second its last account
/// joined, so accounts that go back in time would be skipped in silence: the order is checked.
@Suite("search --online: the join order is checked")
struct OnlineSearchOrderTests {
    /// A page of GitHub's search answer with accounts that joined at `seconds`, in that order.
    static func page(_ seconds: [Int]) throws -> HTTPService.Users.Search.Page {
        let nodes = seconds.enumerated().map { index, second in
            let joined = Timestamp.iso8601(Date(timeIntervalSince1970: Double(second)))
            return """
                {"__typename":"User","id":"U\(index + 1)","databaseId":\(index + 1),"login":"u\(index + 1)","url":"https://github.com/u\(index + 1)",
                 "avatarUrl":"https://avatars.example/u/\(index + 1)","createdAt":"\(joined)"}
                """
        }
        let body = """
            {"data":{"rateLimit":{"cost":1,"limit":5000,"remaining":4999,"resetAt":"2026-01-01T00:00:00Z"},
             "search":{"userCount":\(seconds.count),"pageInfo":{"endCursor":null,"hasNextPage":false},"nodes":[\(nodes.joined(separator: ","))]}}}
            """
        return try HTTPService.Users.Search.decode(Data(body.utf8), headers: [:])
    }

    @Test("the shortfall names each part, and what came past GitHub's estimate")
    func shortfall() {
        let done = CombinedService.OnlineSearchSummary(gitHubCount: 100, kept: 90, refused: 2, pastCap: 3, notGiven: 5)
        #expect(done.shortfall == "; of GitHub's 100, 5 counted but never given · 2 given but not kept (refused or nulled) · 3 past the 1,000 GitHub gives of one second")
        #expect(done.kept + done.missed == 100)
        let over = CombinedService.OnlineSearchSummary(gitHubCount: 100, kept: 104)
        #expect(over.shortfall == "; 4 more than GitHub's count of 100, its estimate")
    }

    @Test("in order, and equal seconds, pass; a step back names its second, within a page or against the window's last")
    func order() throws {
        #expect(CombinedService.outOfOrder(try Self.page([100, 100, 200]), after: nil) == nil)
        #expect(CombinedService.outOfOrder(try Self.page([100, 200]), after: 100) == nil)
        #expect(CombinedService.outOfOrder(try Self.page([100, 300, 200]), after: nil) == 200)
        #expect(CombinedService.outOfOrder(try Self.page([150, 160]), after: 200) == 150)
    }
}
