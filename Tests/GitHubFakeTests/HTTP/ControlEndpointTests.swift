import AsyncHTTPClient
import Foundation
import GitHubFake
import NIOCore
import Testing

@Suite("Control endpoints under /_fake/")
struct ControlEndpointTests {
    @Test("POST /_fake/fault queues faults like inject")
    func faultEndpoint() async throws {
        try await FakeHarness.run { fake async throws in
            #expect(try await fake.request("/_fake/fault?kind=status&status=503&count=2", method: .POST).status == 200)
            #expect(try await fake.request("/_fake/fault?kind=tooManyRequests&retry_after=5", method: .POST).status == 200)
            #expect(try await fake.request("/_fake/fault?kind=secondaryRateLimit", method: .POST).status == 200)
            #expect(try await fake.request("/_fake/fault?kind=slow&ms=10", method: .POST).status == 200)

            #expect(try await fake.request("/users").status == 503)
            #expect(try await fake.request("/users").status == 503)
            let limited = try await fake.request("/users")
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "5")
            let secondary = try await fake.request("/users")
            #expect(secondary.status == 403)
            #expect(secondary.headers["retry-after"] == nil)
            #expect(try await fake.request("/users").status == 200)
        }
    }

    @Test("Every fault kind is accepted by name", arguments: [
        "status", "tooManyRequests", "bareTooManyRequests", "primaryRateLimit&reset_in=5", "secondaryRateLimit&retry_after=3",
        "abuseDetection", "abuseDetection&retry_after=2", "dropConnection", "dropMidBody", "truncatedBody", "invalidJSON",
        "htmlErrorPage", "slow&ms=1", "invalidItems", "impossibleIDs",
    ])
    func faultKinds(kind: String) async throws {
        try await FakeHarness.run { fake async throws in
            #expect(try await fake.request("/_fake/fault?kind=\(kind)", method: .POST).status == 200)
        }
    }

    @Test("POST /_fake/command carries out a FakeCommand sent as JSON, as apply(_:) does in process; a body that is not one is 400")
    func commandEndpoint() async throws {
        try await FakeHarness.run { fake async throws in
            func send(_ body: Data) async throws -> UInt {
                try await FakeHarness.withClient(HTTPClient.Configuration()) { client in
                    var request = HTTPClientRequest(url: fake.server.baseURL + "/_fake/command")
                    request.method = .POST
                    request.headers.add(name: "User-Agent", value: FakeHarness.userAgent)
                    request.body = .bytes(ByteBuffer(bytes: body))
                    let response = try await client.execute(request, timeout: .seconds(15))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    return response.status.code
                }
            }
            #expect(try await send(JSONEncoder().encode(FakeCommand.rename(id: 2, login: "renamed-defunkt"))) == 200)
            #expect(try await fake.request("/users/renamed-defunkt").status == 200)
            #expect(try await fake.request("/users/defunkt").status == 404)
            #expect(try await send(JSONEncoder().encode(FakeCommand.inject(.status(503), count: 1))) == 200)
            #expect(try await fake.request("/users").status == 503)
            #expect(try await send(Data("{\"meteor\":{}}".utf8)) == 400)
            #expect(await fake.server.stats().log.allSatisfy { !$0.path.hasPrefix("/_fake") }, "control requests are not counted")
        }
    }

    @Test("Bad control requests are rejected with a message")
    func badRequests() async throws {
        try await FakeHarness.run { fake async throws in
            let unknown = try await fake.request("/_fake/fault?kind=meteor", method: .POST)
            #expect(unknown.status == 400)
            #expect((try unknown.jsonObject()["message"] as? String)?.contains("meteor") == true)
            #expect(try await fake.request("/_fake/fault?kind=status&status=abc", method: .POST).status == 400)
            #expect(try await fake.request("/_fake/fault?kind=status", method: .GET).status == 405)
            #expect(try await fake.request("/_fake/nothing").status == 404)
            #expect(try await fake.request("/users").status == 200)
        }
    }

    @Test("GET /_fake/stats is FakeStats as JSON; POST /_fake/reset clears faults and stats")
    func statsAndReset() async throws {
        try await FakeHarness.run { fake async throws in
            _ = try await fake.request("/users")
            await fake.server.inject(.status(500), count: 5)

            let stats = try JSONDecoder().decode(FakeStats.self, from: Data(try await fake.request("/_fake/stats").body))
            #expect(stats.requests == 1)
            #expect(stats.log.first?.path == "/users")

            #expect(try await fake.request("/_fake/reset", method: .POST).status == 200)
            let response = try await fake.request("/users")
            #expect(response.status == 200)
            #expect(response.headers["x-ratelimit-remaining"] == "59")
            #expect(await fake.server.stats().requests == 1)
        }
    }

    @Test("POST /_fake/rename and /_fake/name edit the population")
    func edits() async throws {
        try await FakeHarness.run { fake async throws in
            #expect(try await fake.request("/_fake/rename?id=3&login=pj-renamed", method: .POST).status == 200)
            #expect(try await fake.request("/_fake/name?login=PJ-RENAMED&name=P%20J", method: .POST).status == 200)
            let profile = try await fake.request("/users/pj-renamed").jsonObject()
            #expect(profile["id"] as? Int == 3)
            #expect(profile["name"] as? String == "P J")
        }
    }

    @Test("POST /_fake/delete and /_fake/restore take an account away and bring it back")
    func deleteAndRestore() async throws {
        try await FakeHarness.run { fake async throws in
            // When user 2 (defunkt) is deleted over HTTP
            #expect(try await fake.request("/_fake/delete?id=2", method: .POST).status == 200)

            // Then it answers 404 by login and by id, and is not listed
            #expect(try await fake.request("/users/defunkt").status == 404)
            #expect(try await fake.request("/user/2").status == 404)
            #expect(try await fake.request("/users?per_page=5").jsonArray().compactMap { $0["id"] as? Int } == [1, 3, 4, 5, 6])

            // And restoring it brings it back
            #expect(try await fake.request("/_fake/restore?id=2", method: .POST).status == 200)
            #expect(try await fake.request("/users/defunkt").status == 200)

            // And bad requests say what is wrong
            #expect(try await fake.request("/_fake/delete", method: .POST).status == 400)
            #expect(try await fake.request("/_fake/delete?id=5000000", method: .POST).status == 404)
            #expect(try await fake.request("/_fake/restore?id=2", method: .GET).status == 405)
        }
    }
}
