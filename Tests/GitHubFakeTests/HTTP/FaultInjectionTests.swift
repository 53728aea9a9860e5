import Foundation
import GitHubFake
import Testing

@Suite("Injected faults, as a real client sees them")
struct FaultInjectionTests {
    @Test("status(503) twice, then the normal page; faults are FIFO across injections")
    func statusFaults() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.status(503), count: 2)
            await fake.server.inject(.status(500))
            await fake.server.inject(.status(401))

            var statuses: [Int] = []
            for _ in 0..<5 { statuses.append(try await fake.request("/users").status) }

            #expect(statuses == [503, 503, 500, 401, 200])
            let stats = await fake.server.stats()
            #expect(stats.log.map(\.status) == statuses)
        }
    }

    @Test("Server errors carry a GitHub-like JSON body and the rate-limit headers, and cost nothing")
    func serverErrorBody() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.status(502))
            let response = try await fake.request("/users/octocat")
            #expect(response.status == 502)
            #expect(try response.jsonObject()["message"] as? String == "Server Error")
            #expect(response.headers["x-ratelimit-remaining"] == "60")
        }
    }

    @Test("tooManyRequests is 429 with Retry-After")
    func tooManyRequests() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.tooManyRequests(retryAfter: 7))
            let response = try await fake.request("/users")
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == "7")
        }
    }

    @Test("bareTooManyRequests is 429 with no Retry-After, no secondary-limit wording and remaining above 0")
    func bareTooManyRequests() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.bareTooManyRequests)
            let response = try await fake.request("/users")
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == nil)
            #expect(response.headers["x-ratelimit-remaining"] == "60")
            let message = try #require(try response.jsonObject()["message"] as? String)
            #expect(!message.lowercased().contains("secondary") && !message.lowercased().contains("abuse"))
            #expect(try await fake.request("/users").status == 200)
        }
    }

    @Test("abuseDetection is 403 with the old wording, with Retry-After only when given")
    func abuseDetection() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.abuseDetection(retryAfter: nil))
            await fake.server.inject(.abuseDetection(retryAfter: 45))
            let bare = try await fake.request("/users/octocat")
            let timed = try await fake.request("/users/octocat")
            #expect(bare.status == 403 && timed.status == 403)
            #expect(bare.headers["retry-after"] == nil)
            #expect(timed.headers["retry-after"] == "45")
            #expect(try bare.jsonObject()["message"] as? String == "You have triggered an abuse detection mechanism. Please wait a few minutes before you try again.")
            #expect(try bare.jsonObject()["documentation_url"] as? String == "https://developer.github.com/v3/#abuse-rate-limits")
            #expect(bare.headers["x-ratelimit-remaining"] != "0")
        }
    }

    @Test("primaryRateLimit is 403 with remaining 0, a reset resetIn from now, and the captured body")
    func primaryRateLimit() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.primaryRateLimit(resetIn: 120))
            let before = Int(Date().timeIntervalSince1970)
            let response = try await fake.request("/users")
            let after = Int(Date().timeIntervalSince1970) + 1
            #expect(response.status == 403)
            #expect(response.headers["x-ratelimit-remaining"] == "0")
            // 120 s after the answer, which came between the two readings (a loaded machine may
            // take seconds to answer: bounds, not a timed assertion)
            let reset = try #require(response.headers["x-ratelimit-reset"].flatMap { Int($0) })
            #expect((before + 119)...(after + 121) ~= reset)
            #expect((try response.jsonObject()["message"] as? String)?.hasPrefix("API rate limit exceeded") == true)
        }
    }

    @Test("secondaryRateLimit is 403 with the captured body, with Retry-After only when given")
    func secondaryRateLimit() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.secondaryRateLimit(retryAfter: 30))
            await fake.server.inject(.secondaryRateLimit(retryAfter: nil))

            let withRetry = try await fake.request("/users")
            let withoutRetry = try await fake.request("/users")

            #expect(withRetry.status == 403)
            #expect(withRetry.headers["retry-after"] == "30")
            #expect(withRetry.body == Array(try Fixture.data("error-403-secondary-ratelimit.captured-2022")))
            #expect(withRetry.headers["x-ratelimit-remaining"] != "0")
            #expect(withoutRetry.status == 403)
            #expect(withoutRetry.headers["retry-after"] == nil)
        }
    }

    @Test("Broken connections are errors for the client, never responses", arguments: [Fault.dropConnection, .dropMidBody, .truncatedBody])
    func brokenConnections(fault: Fault) async throws {
        try await FakeHarness.run { fake async throws in
            // Given the fault is queued
            await fake.server.inject(fault)

            // When the client requests a page, then it gets an error
            await #expect(throws: (any Error).self) {
                _ = try await fake.request("/users")
            }

            // And the next request is served normally
            #expect(try await fake.request("/users").status == 200)
            let stats = await StatsTests.settled(fake)
            #expect(stats.log.first?.status == (fault == .dropConnection ? 0 : 200))
            #expect(stats.inFlight == 0)
        }
    }

    @Test("On the wire: dropConnection sends nothing, truncatedBody sends less than its Content-Length, dropMidBody ends a chunked body early")
    func brokenConnectionsOnTheWire() async throws {
        try await FakeHarness.run { fake async throws in
            let request = "GET /users/octocat HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: raw\r\n\r\n"

            await fake.server.inject(.dropConnection)
            let dropped = try #require(await RawSocket.exchange(port: fake.server.port, request: request))
            #expect(dropped.isEmpty)

            await fake.server.inject(.truncatedBody)
            let truncated = String(decoding: try #require(await RawSocket.exchange(port: fake.server.port, request: request)), as: UTF8.self)
            let (head, body) = try Self.split(truncated)
            let declared = try #require(Self.header("content-length", in: head).flatMap { Int($0) })
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(body.utf8.count < declared)
            #expect(body.utf8.count > 0)

            await fake.server.inject(.dropMidBody)
            let midBody = String(decoding: try #require(await RawSocket.exchange(port: fake.server.port, request: request)), as: UTF8.self)
            let (chunkedHead, chunkedBody) = try Self.split(midBody)
            #expect(Self.header("transfer-encoding", in: chunkedHead) == "chunked")
            #expect(Self.header("content-length", in: chunkedHead) == nil)
            #expect(!chunkedBody.isEmpty)
            #expect(!chunkedBody.hasSuffix("0\r\n\r\n"))
        }
    }

    private static func split(_ response: String) throws -> (head: String, body: String) {
        let separator = try #require(response.range(of: "\r\n\r\n"))
        return (String(response[..<separator.lowerBound]), String(response[separator.upperBound...]))
    }

    private static func header(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    @Test("invalidJSON is a 200 JSON response that does not parse")
    func invalidJSON() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.invalidJSON)
            let response = try await fake.request("/users")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(response.body)) }
        }
    }

    @Test("htmlErrorPage is a 200 text/html unicorn")
    func htmlErrorPage() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.htmlErrorPage)
            let response = try await fake.request("/users/octocat")
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("Unicorn!"))
        }
    }

    @Test("slow delays the normal response")
    func slow() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.slow(.milliseconds(300)))
            let clock = ContinuousClock()
            var response: FakeResponse?
            let elapsed = try await clock.measure { response = try await fake.request("/users") }
            #expect(response?.status == 200)
            #expect(elapsed >= .milliseconds(300))
        }
    }

    @Test("The configured latency delays every API response")
    func latency() async throws {
        try await FakeHarness.run(FakeConfiguration(latency: .milliseconds(200))) { fake async throws in
            let start = ContinuousClock.now
            let response = try await fake.request("/users/octocat")
            #expect(response.status == 200)
            #expect(ContinuousClock.now - start >= .milliseconds(200))
        }
    }

    @Test("invalidItems on a profile gives it a bad login and a bad avatar, same id")
    func invalidProfile() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.invalidItems)
            let profile = try await fake.request("/users/octocat").jsonObject()
            #expect(profile["id"] as? Int == 583_231)
            #expect(profile["login"] as? String == "bad login!")
            #expect(profile["avatar_url"] as? String == "file:///etc/passwd")
        }
    }

    @Test("invalidItems breaks three items in place and keeps every id")
    func invalidItems() async throws {
        try await FakeHarness.run { fake async throws in
            // Given the normal page
            let normal = try await fake.request("/users?per_page=10").jsonArray()

            // When the same page is served with invalidItems
            await fake.server.inject(.invalidItems)
            let broken = try await fake.request("/users?per_page=10").jsonArray()

            // Then the ids are the same, in the same order
            #expect(broken.map { $0["id"] as? Int } == normal.map { $0["id"] as? Int })
            // And exactly three items changed, in the documented way
            #expect(broken[0]["login"] == nil)
            #expect(broken[1]["login"] as? String == "bad login!")
            #expect(broken[9]["avatar_url"] as? String == "file:///etc/passwd")
            var expected = normal
            expected[0]["login"] = nil
            expected[1]["login"] = "bad login!"
            expected[9]["avatar_url"] = "file:///etc/passwd"
            for (item, wanted) in zip(broken, expected) {
                #expect(try Fixture.canonicalJSON(item) == Fixture.canonicalJSON(wanted))
            }
        }
    }

    @Test("Faults apply to the API only, not to avatars")
    func avatarsAreNotFaulted() async throws {
        try await FakeHarness.run { fake async throws in
            await fake.server.inject(.status(500))
            #expect(try await fake.request("/avatars/u/1?s=8").status == 200)
            #expect(try await fake.request("/users").status == 500)
        }
    }
}
