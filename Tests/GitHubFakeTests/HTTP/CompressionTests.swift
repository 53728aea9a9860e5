import AsyncHTTPClient
import Foundation
import GitHubFake
import NIOCore
import Testing

@Suite("gzip when the request accepts it")
struct CompressionTests {
    @Test("Accept-Encoding: gzip gets a gzip body that inflates to the plain one; the stats say so")
    func gzipWhenAsked() async throws {
        try await FakeHarness.run { fake async throws in
            // Given the plain first page
            let plain = try await fake.request("/users?per_page=100")
            #expect(plain.headers["content-encoding"] == nil)

            // When it is asked with Accept-Encoding: gzip
            let compressed = try await fake.request("/users?per_page=100", headers: ["Accept-Encoding": "gzip, deflate"])

            // Then the body is a gzip stream, much smaller, with the same ETag
            #expect(compressed.status == 200)
            #expect(compressed.headers["content-encoding"] == "gzip")
            #expect(Array(compressed.body.prefix(2)) == [0x1F, 0x8B])
            #expect(compressed.body.count * 4 < plain.body.count)
            #expect(compressed.headers["etag"] == plain.headers["etag"])
            #expect(compressed.headers["vary"]?.contains("Accept-Encoding") == true)

            // And an independent gzip decoder (AsyncHTTPClient's) gets the plain bytes back
            var request = HTTPClientRequest(url: fake.server.baseURL + "/users?per_page=100")
            request.headers.add(name: "User-Agent", value: FakeHarness.userAgent)
            request.headers.add(name: "Accept-Encoding", value: "gzip")
            let inflated = try await FakeHarness.withClient(HTTPClient.Configuration(decompression: .enabled(limit: .none))) { client in
                let response = try await client.execute(request, timeout: .seconds(15))
                return Array(buffer: try await response.body.collect(upTo: 8 << 20))
            }
            #expect(inflated == plain.body)

            // And the log records which answers were compressed
            let log = await fake.server.stats().log
            #expect(log.prefix(3).map(\.compressed) == [false, true, true])
            #expect(log[1].headers["accept-encoding"] == "gzip, deflate")
        }
    }

    @Test("Errors are compressed too; q=0 and other codings are not gzip")
    func acceptEncodingValues() async throws {
        try await FakeHarness.run { fake async throws in
            #expect(try await fake.request("/users/nobody-here", headers: ["Accept-Encoding": "gzip"]).headers["content-encoding"] == "gzip")
            #expect(try await fake.request("/users", headers: ["Accept-Encoding": "gzip;q=0, br"]).headers["content-encoding"] == nil)
            #expect(try await fake.request("/users", headers: ["Accept-Encoding": "identity"]).headers["content-encoding"] == nil)
            #expect(try await fake.request("/users", headers: ["Accept-Encoding": "br;q=1, GZIP;q=0.5"]).headers["content-encoding"] == "gzip")
        }
    }
}
