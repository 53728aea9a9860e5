import Testing

@testable import GHUsersKit

@Suite("Link header")
struct LinkHeaderTests {
    @Test("GitHub's users link gives next and first")
    func github() {
        let header = "<https://api.github.com/users?since=46>; rel=\"next\", <https://api.github.com/users{?since}>; rel=\"first\""
        #expect(LinkHeader.links(in: header).map(\.rel) == ["next", "first"])
        #expect(LinkHeader.next(in: header)?.absoluteString == "https://api.github.com/users?since=46")
    }

    @Test("no next, malformed and odd input do not crash", arguments: [
        "", "<", ">", "<a>; rel=", "garbage", "<https://x/?a=1,2>; rel=\"first\"",
    ])
    func malformed(header: String) {
        _ = LinkHeader.links(in: header)
        #expect(LinkHeader.next(in: header) == nil)
    }

    @Test("a relation list yields every relation")
    func relationList() {
        #expect(LinkHeader.links(in: "<https://x/2>; rel=\"next last\"").map(\.rel) == ["next", "last"])
    }
}
