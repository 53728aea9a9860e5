import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

@Suite("Page decoder, property-based")
struct UsersPagePropertyTests {
    /// An item as a server might send it: valid, or broken in one of several ways.
    /// Every value is drawn from the property test's seeded generator, so a printed seed replays.
    static let item = zip(Gen<Int>.value(in: 0...7), Gen<Int>.value(in: 1...1_000_000)).map { kind, id -> (json: String, valid: Bool) in
        switch kind {
        case 0: return ("{\"id\":\(id),\"avatar_url\":\"https://a/\(id)\",\"type\":\"User\",\"site_admin\":false}", false)
        case 1: return ("{\"id\":\(id),\"login\":\"bad login\",\"avatar_url\":\"https://a/1\",\"type\":\"User\",\"site_admin\":false}", false)
        case 2: return ("{\"id\":\(id),\"login\":\"u\(id)\",\"avatar_url\":\"data:x\",\"type\":\"User\",\"site_admin\":false}", false)
        case 3: return ("{\"id\":\"\(id)\",\"login\":\"u\(id)\"}", false)
        case 4: return ("42", false)
        case 5: return ("{\"id\":\(id),\"login\":\"u\(id)\",\"avatar_url\":\"https://a/\(id)\",\"type\":\"User\",\"site_admin\":false,\"extra\":[1,{\"x\":null}]}", true)
        default: return ("{\"id\":\(id),\"login\":\"u\(id)\",\"avatar_url\":\"http://a/\(id)\",\"type\":\"Organization\",\"site_admin\":true,\"bio\":null}", true)
        }
    }

    @Test("valid + skipped = items; every kept user is valid; the cursor is the last id carried")
    func accounting() async throws {
        await propertyCheck(count: PropertyScale.count(500), input: Self.item.array(of: 0...40)) { items in
            let body = "[" + items.map(\.json).joined(separator: ",") + "]"
            guard let page = try? UsersPage(decoding: Data(body.utf8)) else {
                Issue.record("a JSON array never fails to decode: \(body)")
                return
            }
            #expect(page.itemCount == items.count)
            #expect(page.users.count == items.filter(\.valid).count)
            #expect(page.users.count + page.skipped == page.itemCount)
            #expect(page.users.allSatisfy { (try? $0.validated()) != nil })
            let lastCarried = items.last { $0.json.hasPrefix("{\"id\":") && !$0.json.hasPrefix("{\"id\":\"") }
            let expectedCursor = lastCarried.flatMap { Int64($0.json.dropFirst(6).prefix { $0.isNumber }) }
            #expect(page.cursor == expectedCursor)
        }
    }

    @Test("arbitrary bytes never crash the decoder")
    func arbitraryBytes() async {
        await propertyCheck(count: PropertyScale.count(1_000), input: Gen<UInt8>.value(in: 0...255).array(of: 0...200)) { bytes in
            _ = try? UsersPage(decoding: Data(bytes))
        }
    }
}
