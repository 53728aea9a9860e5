import Foundation
import Testing

@testable import GHUsersKit

/// `--json` prints GitHub's own objects: a user read from a real GitHub response and written back
/// (under GitHub's API root) is the object GitHub sent, plus the local fields and nothing else.
@Suite("JSON rows are GitHub's objects")
struct JSONWriterGitHubObjectsTests {
    static let gitHub = UserLinks(apiRoot: CombinedService.Configuration.gitHubAPI)

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// `object` as JSON text with sorted keys: two objects are equal when these are.
    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }

    @Test("every user of GitHub's captured page comes back as GitHub sent it, plus note, seen and gone")
    func capturedPage() throws {
        let items = try #require(try Fixtures.json("users-since-0.captured.json") as? [[String: Any]])
        let page = try UsersPage(decoding: Fixtures.data("users-since-0.captured.json"))
        #expect(page.users.count == items.count)
        for (user, item) in zip(page.users, items) {
            var writer = JSONWriter()
            writer.write(UserDetails(user: user, note: "hi", seen: true), links: Self.gitHub)
            var written = try Self.object(writer.bytes)
            #expect(written.removeValue(forKey: "note") as? String == "hi")
            #expect(written.removeValue(forKey: "seen") as? Bool == true)
            #expect(written.removeValue(forKey: "gone") as? Bool == false)
            #expect(try Self.canonical(written) == Self.canonical(item), "\(user.login)")
        }
    }

    @Test("GitHub's captured profile comes back as GitHub sent it, plus note, seen, gone and fetched_at")
    func capturedProfile() throws {
        let body = try Fixtures.data("user-octocat.captured.json")
        let sent = try #require(try Fixtures.json("user-octocat.captured.json") as? [String: Any])
        let user = try JSONDecoder().decode(User.self, from: body).validated()
        let profile = try JSONDecoder().decode(Profile.self, from: body)
        var writer = JSONWriter()
        let details = ProfileDetails(
            user: user, profile: profile, note: nil, seen: false, fetchedAt: Date(timeIntervalSince1970: 0), source: .cache)
        writer.write(details, links: Self.gitHub)
        var written = try Self.object(writer.bytes)
        #expect(written.removeValue(forKey: "note") is NSNull)
        #expect(written.removeValue(forKey: "seen") as? Bool == false)
        #expect(written.removeValue(forKey: "gone") as? Bool == false)
        #expect(written.removeValue(forKey: "fetched_at") as? String == "1970-01-01T00:00:00Z")
        #expect(try Self.canonical(written) == Self.canonical(sent))
    }

    @Test("URLs follow the API root; a user cached without gravatar_id, node_id or html_url still has every field")
    func otherRootAndOldRows() throws {
        let links = UserLinks(apiRoot: URL(string: "https://ghe.example/api/v3/")!)
        var writer = JSONWriter()
        writer.write(UserDetails(user: User(id: 7, login: "old-row", avatarURL: "https://a.example/7")), links: links)
        let written = try Self.object(writer.bytes)
        #expect(written["url"] as? String == "https://ghe.example/api/v3/users/old-row")
        #expect(written["following_url"] as? String == "https://ghe.example/api/v3/users/old-row/following{/other_user}")
        #expect(written["html_url"] as? String == "https://ghe.example/old-row")
        #expect(written["gravatar_id"] is NSNull)
        #expect(written["node_id"] as? String == "")
        #expect(written["user_view_type"] == nil)
        #expect(UserLinks(apiRoot: URL(string: "http://127.0.0.1:8080")!).webURL(login: "x") == "http://127.0.0.1:8080/x")
    }
}
