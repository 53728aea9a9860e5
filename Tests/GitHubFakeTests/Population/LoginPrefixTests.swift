import Foundation
import GitHubFake
import Testing

@Suite("A login prefix: another site with the same ids")
struct LoginPrefixTests {
    static var prefixed: FakeConfiguration {
        var configuration = FakeConfiguration(userCount: 100)
        configuration.loginPrefix = "ghe-"
        return configuration
    }

    @Test("the list has the same ids, every login prefixed")
    func list() async throws {
        try await FakeHarness.run(Self.prefixed) { fake async throws in
            let users = try await fake.request("/users").jsonArray()
            #expect(users.first?["id"] as? Int == 1 && users.first?["login"] as? String == "ghe-mojombo")
            #expect(users.allSatisfy { ($0["login"] as? String)?.hasPrefix("ghe-") == true })
        }
    }

    @Test("a profile answers to its prefixed login only, whatever the case")
    func profile() async throws {
        try await FakeHarness.run(Self.prefixed) { fake async throws in
            let profile = try await fake.request("/users/GHE-defunkt")
            #expect(profile.status == 200)
            #expect(try profile.jsonObject()["login"] as? String == "ghe-defunkt")
            #expect(try await fake.request("/users/ghe-user55").status == 200)
            #expect(try await fake.request("/users/defunkt").status == 404)
        }
    }
}
