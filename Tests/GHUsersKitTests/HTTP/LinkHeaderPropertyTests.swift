import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Link header parser, property-based")
struct LinkHeaderPropertyTests {
    static let relation = Gen<String?>.element(of: ["next", "prev", "first", "last"]).map { $0! }
    static let id = Gen<Int>.value(in: 0...99_999_999)

    @Test("links it is given come back in order")
    func roundTrip() async {
        await propertyCheck(count: PropertyScale.count(500), input: Self.relation.array(of: 0...6), Self.id.array(of: 6)) { relations, ids in
            let links = Array(zip(relations, ids))
            let header = links.map { "<https://api.github.com/users?since=\($0.1)&per_page=100>; rel=\"\($0.0)\"" }.joined(separator: ", ")
            let parsed = LinkHeader.links(in: header)
            #expect(parsed.map(\.rel) == links.map(\.0))
            #expect(parsed.map(\.url) == links.map { "https://api.github.com/users?since=\($0.1)&per_page=100" })
            let firstNext = links.first { $0.0 == "next" }
            #expect(LinkHeader.next(in: header)?.absoluteString == firstNext.map { "https://api.github.com/users?since=\($0.1)&per_page=100" })
        }
    }

    @Test("arbitrary text never crashes it")
    func arbitraryText() async {
        await propertyCheck(count: PropertyScale.count(2_000), input: Gen<Character?>.element(of: Array("<>;,=\" relnxt/:?&a1\u{0}é") as [Character]).map { $0! }.string(of: 0...80)) { text in
            for link in LinkHeader.links(in: text) { #expect(!link.rel.isEmpty) }
        }
    }
}
