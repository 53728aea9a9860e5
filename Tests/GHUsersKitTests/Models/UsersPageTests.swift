import Foundation
import Testing

@testable import GHUsersKit

@Suite("Decoding a page item by item")
struct UsersPageTests {
    func page(_ json: String) throws -> UsersPage {
        try UsersPage(decoding: Data(json.utf8))
    }

    @Test("invalid items are skipped and counted; the cursor is the last item's id even when it is invalid")
    func skipsInvalidItems() throws {
        let page = try page(
            """
            [
              {"id": 1, "login": "good", "avatar_url": "https://a.example/1", "type": "User", "site_admin": false},
              {"id": 2, "avatar_url": "https://a.example/2", "type": "User", "site_admin": false},
              {"id": 3, "login": "bad login!", "avatar_url": "https://a.example/3", "type": "User", "site_admin": false},
              {"id": 4, "login": "ok-2", "avatar_url": "https://a.example/4", "type": "User", "site_admin": false, "extra": {"x": 1}},
              {"id": 5, "login": "evil", "avatar_url": "file:///etc/passwd", "type": "User", "site_admin": false}
            ]
            """)
        #expect(page.users.map(\.login) == ["good", "ok-2"])
        #expect(page.itemCount == 5)
        #expect(page.skipped == 3)
        #expect(page.cursor == 5)
    }

    @Test("avatar URLs other than http(s) are refused", arguments: [
        "file:///etc/passwd", "data:image/png;base64,AAAA", "javascript:alert(1)", "ftp://x/y", "https://", "not a url",
    ])
    func refusesAvatarSchemes(url: String) {
        let user = User(id: 1, login: "a", avatarURL: url)
        #expect(throws: User.ValidationError.self) { try user.validated() }
    }

    @Test("an empty array is the end of the list")
    func emptyPage() throws {
        let page = try page("[]")
        #expect(page.isEmpty && page.cursor == nil && page.users.isEmpty)
    }

    @Test("a body that is not a JSON array throws", arguments: ["{\"message\": \"x\"}", "<html>Unicorn</html>", "[{\"id\": 1", ""])
    func notAnArray(body: String) {
        #expect(throws: (any Error).self) { try UsersPage(decoding: Data(body.utf8)) }
    }
}
