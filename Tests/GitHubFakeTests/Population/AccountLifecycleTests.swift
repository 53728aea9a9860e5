import Foundation
import GitHubFake
import Testing

@Suite("GET /user/{id}, renames and deletions")
struct AccountLifecycleTests {
    @Test("GET /user/{id} answers the same body as GET /users/{login}; unknown and malformed ids are 404")
    func byID() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 100)) { fake async throws in
            // Given a captured user, a generated one, a legacy one and octocat
            for (id, login) in [(1, "mojombo"), (48, "user48"), (144, "-ACE-"), (583_231, "octocat")] {
                // When each is asked by id and by login
                let byID = try await fake.request("/user/\(id)")
                let byLogin = try await fake.request("/users/\(login)")

                // Then both answer the same public-user body
                #expect(byID.status == 200, "\(id)")
                #expect(byID.body == byLogin.body, "\(id)")
            }
            // And an id no account has, or no id at all, is GitHub's 404
            for path in ["/user/47", "/user/0", "/user/-1", "/user/abc", "/user/0001"] {
                let missing = try await fake.request(path)
                #expect(missing.status == 404, "\(path)")
                #expect(missing.body == Array(try Fixture.data("error-404-user.captured-2024")), "\(path)")
            }
        }
    }

    @Test("After a rename the old login answers 404 and GET /user/{id} gives the new login")
    func rename() async throws {
        try await FakeHarness.run { fake async throws in
            // Given user 4 (wycats) renamed
            await fake.server.renameUser(id: 4, to: "yehuda")

            // Then the old login is 404, the new one and the id answer with the new login
            #expect(try await fake.request("/users/wycats").status == 404)
            #expect(try await fake.request("/users/Yehuda").jsonObject()["id"] as? Int == 4)
            #expect(try await fake.request("/user/4").jsonObject()["login"] as? String == "yehuda")

            // And over HTTP too
            #expect(try await fake.request("/_fake/rename?id=4&login=wycats-again", method: .POST).status == 200)
            #expect(try await fake.request("/users/yehuda").status == 404)
            #expect(try await fake.request("/user/4").jsonObject()["login"] as? String == "wycats-again")
        }
    }

    @Test("A deleted account drops out of the list and answers 404; re-paging skips it; a restore brings it back")
    func deletion() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 100)) { fake async throws in
            // Given the first two pages of 5 (ids 1 2 3 4 5 | 6 7 17 18 19)
            let before = try await fake.request("/users?per_page=5")
            #expect(try before.jsonArray().compactMap { $0["id"] as? Int } == [1, 2, 3, 4, 5])
            let etag = try #require(before.headers["etag"])

            // When user 3 (pjhyett) and user 6 are deleted
            await fake.server.deleteUser(id: 3)
            await fake.server.deleteUser(id: 6)

            // Then the first page is re-read without them, and its ETag changed
            let after = try await fake.request("/users?per_page=5", headers: ["If-None-Match": etag])
            #expect(after.status == 200)
            #expect(try after.jsonArray().compactMap { $0["id"] as? Int } == [1, 2, 4, 5, 7])
            #expect(after.nextLink?.contains("since=7") == true)
            // And a page starting after a deleted id skips it too
            #expect(try await fake.request("/users?since=5&per_page=2").jsonArray().compactMap { $0["id"] as? Int } == [7, 17])
            // And it answers 404 by login and by id
            #expect(try await fake.request("/users/pjhyett").status == 404)
            #expect(try await fake.request("/user/3").status == 404)

            // When user 3 is restored
            await fake.server.restoreUser(id: 3)

            // Then it is back, under its login
            #expect(try await fake.request("/users/pjhyett").jsonObject()["id"] as? Int == 3)
            #expect(try await fake.request("/users?per_page=3").jsonArray().compactMap { $0["id"] as? Int } == [1, 2, 3])
        }
    }

    @Test("Deleting the last users ends the list early: no next link")
    func deletionAtTheEnd() async throws {
        try await FakeHarness.run(FakeConfiguration(userCount: 32)) { fake async throws in
            await fake.server.deleteUser(id: 583_231)
            await fake.server.deleteUser(id: 9_999_999)
            let last = try await fake.request("/users?since=46")
            #expect(try last.jsonArray().isEmpty)
            let page = try await fake.request("/users?per_page=30")
            #expect(try page.jsonArray().count == 30)
            #expect(page.nextLink == nil)
        }
    }
}
