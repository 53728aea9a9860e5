import GitHubFake
import Testing

@Suite("Avatars")
struct AvatarTests {
    @Test("An avatar is a valid PNG of the requested size", arguments: [(40, 40), (1, 1), (0, 1), (1_000, 460), (nil, 460)])
    func pngOfRequestedSize(requested: Int?, expected: Int) async throws {
        try await FakeHarness.run { fake async throws in
            let query = requested.map { "&s=\($0)" } ?? ""
            let response = try await fake.request("/avatars/u/583231?v=4\(query)")

            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "image/png")
            let png = try PNGInspector(response.body)
            #expect(png.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
            #expect(png.width == expected)
            #expect(png.height == expected)
            #expect(Array(png.chunks[0].data.suffix(5)) == [8, 2, 0, 0, 0])
            let scanlines = try png.inflated()
            #expect(scanlines.count == expected * (expected * 3 + 1))
        }
    }

    @Test("Avatars are deterministic, have weak ETags and answer 304")
    func conditional() async throws {
        try await FakeHarness.run { fake async throws in
            let first = try await fake.request("/avatars/u/7?s=32")
            let second = try await fake.request("/avatars/u/7?s=32")
            #expect(first.body == second.body)
            #expect(first.body != (try await fake.request("/avatars/u/8?s=32").body))
            let etag = try #require(first.headers["etag"])
            #expect(etag.hasPrefix("W/\""))

            let cached = try await fake.request("/avatars/u/7?s=32", headers: ["If-None-Match": etag])
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
        }
    }

    @Test("avatar_url of listed users can be fetched; unknown ids are 404")
    func listedAvatars() async throws {
        try await FakeHarness.run { fake async throws in
            let users = try await fake.request("/users?per_page=3").jsonArray()
            for user in users {
                let url = try #require(user["avatar_url"] as? String)
                #expect(try await fake.request(url: url + "&s=16").status == 200)
            }
            #expect(try await fake.request("/avatars/u/47").status == 404)
            #expect(try await fake.request("/avatars/u/abc").status == 404)
        }
    }
}
