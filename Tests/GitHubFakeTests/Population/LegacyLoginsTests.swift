import Foundation
import GitHubFake
import Testing

@Suite("Legacy and managed logins among the first pages")
struct LegacyLoginsTests {
    @Test("A first page of per_page=100 holds the seven real logins at their documented ids, after the first 90 users")
    func firstPageOfHundred() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 100)) { fake async throws in
            // When the first page of 100 is read
            let page = try await fake.request("/users?per_page=100").jsonArray()

            // Then each legacy login is there, at the id FakeConfiguration documents, as a User
            let byID = Dictionary(uniqueKeysWithValues: page.map { ($0["id"] as! Int, $0) })
            for (id, login) in FakeConfiguration.legacyLogins {
                let user = try #require(byID[id], "user \(id)")
                #expect(user["login"] as? String == login)
                #expect(user["type"] as? String == "User")
            }
            // And none is among the first 90 (other tests read three pages of 30 as user<id>)
            let positions = page.enumerated().filter { FakeConfiguration.legacyLogins[$0.element["id"] as! Int] != nil }.map(\.offset)
            #expect(positions.count == 7)
            #expect(positions.allSatisfy { (90..<98).contains($0) }, "\(positions)")
        }
    }

    @Test("GET /users/{login} finds each of them, ignoring case; their generated names answer 404", arguments: [
        ("artur-", 138), ("MEES-", 139), ("gil--", 141), ("0----0", 142), ("-ace-", 144), ("-JERRY-", 145), ("Mona-Cat_Octo", 148),
    ])
    func lookup(login: String, id: Int) async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 100)) { fake async throws in
            let response = try await fake.request("/users/\(login)")
            #expect(response.status == 200)
            let profile = try response.jsonObject()
            #expect(profile["id"] as? Int == id)
            #expect(profile["login"] as? String == FakeConfiguration.legacyLogins[id])
            #expect(try await fake.request("/users/user\(id)").status == 404)
        }
    }

    @Test("A population too small to list them does not know them; the login prefix goes before them too")
    func smallPopulationAndPrefix() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 90)) { fake async throws in
            #expect(try await fake.request("/users/artur-").status == 404)
        }
        var configuration = FakeConfiguration(userCount: 100)
        configuration.loginPrefix = "ghe-"
        try await FakeHarness.run(configuration) { fake async throws in
            #expect(try await fake.request("/users/ghe--ACE-").jsonObject()["id"] as? Int == 144)
            #expect(try await fake.request("/users/-ACE-").status == 404)
        }
    }
}
