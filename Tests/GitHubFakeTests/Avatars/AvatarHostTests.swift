import AsyncHTTPClient
import Foundation
import GitHubFake
import NIOCore
import Testing

@Suite("Avatars as GitHub's hosts serve them: expiring jwt URLs, a sign-in wall, JPEG and GIF")
struct AvatarHostTests {
    @Test("An expiring avatar_url carries a jwt that answers until it expires, then 404; the plain URL keeps answering")
    func expiringJWT() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.expiringAvatarIDs = [2]
        try await FakeHarness.run(configuration) { fake async throws in
            // Given the avatar_url of user 2 in the list and in its profile
            let listed = try await fake.request("/users").jsonArray()
            let url = try #require(listed.first { $0["id"] as? Int == 2 }?["avatar_url"] as? String)
            #expect(url.hasPrefix(fake.server.baseURL + "/avatars/u/2?jwt="))
            #expect(url.hasSuffix("&v=4"))
            let profileURL = try await fake.request("/users/defunkt").jsonObject()["avatar_url"] as? String
            #expect(profileURL?.hasPrefix(fake.server.baseURL + "/avatars/u/2?jwt=") == true)
            // And other users keep the plain URL
            #expect(listed.first?["avatar_url"] as? String == fake.server.baseURL + "/avatars/u/1?v=4")

            // Then it is shaped as GitHub's jwt, and answers until it expires
            let jwt = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "jwt" }?.value)
            let payload = try Self.payload(of: jwt)
            #expect(payload["path"] as? String == "/u/2")
            #expect(payload["iss"] as? String == "github.com")
            let expires = try #require(payload["exp"] as? Int)
            let status = try await fake.request(url: url).status
            #expect(status == 200, "a token of the default 20 minutes, just issued")
            #expect(expires > Int(Date().timeIntervalSince1970))

            // And a forged token, or this token on another user, is 404
            #expect(try await fake.request(url: url.replacingOccurrences(of: "/u/2?", with: "/u/3?")).status == 404)
            #expect(try await fake.request("/avatars/u/2?jwt=eyJhbGciOiJIUzI1NiJ9.e30.AAAA&v=4").status == 404)

            // When the token has expired (its clock moved past its lifetime, not waited out)
            await fake.server.advanceAvatarTokenClock(by: configuration.avatarTokenLifetime + .seconds(1))

            // Then it is 404, while the plain URL answers and the list gives a fresh token
            #expect(try await fake.request(url: url).status == 404)
            #expect(try await fake.request("/avatars/u/2?v=4").status == 200)
            let fresh = try #require(try await fake.request("/users/defunkt").jsonObject()["avatar_url"] as? String)
            #expect(fresh != url)
            #expect(try await fake.request(url: fresh).status == 200)
        }
    }

    @Test("Behind a sign-in wall every avatar is a 302 to /login?return_to=…, which is an HTML page")
    func signInWall() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarSignInWall = true
        try await FakeHarness.run(configuration) { fake async throws in
            // Given a client that does not follow redirects
            var request = HTTPClientRequest(url: fake.server.baseURL + "/avatars/u/1?v=4&s=40")
            request.headers.add(name: "Authorization", value: "Bearer ghp_no_use_here")

            // When an avatar is asked, with a token even
            let (status, redirect) = try await FakeHarness.withClient(HTTPClient.Configuration(redirectConfiguration: .disallow)) { client in
                let response = try await client.execute(request, timeout: .seconds(15))
                _ = try await response.body.collect(upTo: 1 << 20)
                return (response.status.code, response.headers.first(name: "location"))
            }

            // Then it redirects to the sign-in page, saying where it came from
            #expect(status == 302)
            let location = try #require(redirect)
            #expect(location.hasPrefix(fake.server.baseURL + "/login?return_to="))
            #expect(location.removingPercentEncoding?.contains("/avatars/u/1?v=4&s=40") == true)

            // And the sign-in page is HTML, not an image
            let page = try await fake.request(url: location)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("Sign in"))
            // And the API still answers
            #expect(try await fake.request("/users/mojombo").status == 200)
        }
    }

    @Test("Some avatars are JPEG or GIF, with their content types and ETags")
    func formats() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarFormats = [2: .jpeg, 3: .gif]
        try await FakeHarness.run(configuration) { fake async throws in
            let jpeg = try await fake.request("/avatars/u/2?s=40")
            #expect(jpeg.headers["content-type"] == "image/jpeg")
            #expect(Array(jpeg.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
            let gif = try await fake.request("/avatars/u/3?v=4")
            #expect(gif.headers["content-type"] == "image/gif")
            #expect(gif.text.hasPrefix("GIF89a"))
            let etag = try #require(gif.headers["etag"])
            #expect(try await fake.request("/avatars/u/3?v=4", headers: ["If-None-Match": etag]).status == 304)
            #expect(try await fake.request("/avatars/u/1?s=40").headers["content-type"] == "image/png")
        }
    }

    @Test("With a separate avatar host, avatar_url points at a second port that serves avatars only, and stays up while the API refuses")
    func separateHost() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.separateAvatarHost = true
        let avatarPort = try await FakeHarness.run(configuration) { fake async throws in
            // Given the avatar host the server started
            let avatars = try #require(fake.server.avatarBaseURL)
            #expect(avatars != fake.server.baseURL)

            // Then every avatar_url points there, and it serves them
            let url = try #require(try await fake.request("/users/mojombo").jsonObject()["avatar_url"] as? String)
            #expect(url == avatars + "/avatars/u/1?v=4")
            #expect(try await fake.request(url: url).headers["content-type"] == "image/png")
            // And it is no API
            #expect(try await fake.request(url: avatars + "/users").status == 404)
            #expect(try await fake.request(url: avatars + "/_fake/stats").status == 404)

            // When the API host refuses connections, the avatar host still answers
            try await fake.server.refuseConnections(for: .seconds(3))
            #expect(try await fake.request(url: url).status == 200)
            return try #require(URLComponents(string: avatars)?.port)
        }
        // And stopping the server closes the avatar host too
        #expect(RawSocket.connectError(port: avatarPort) == RawSocket.connectionRefused)
    }

    private static func payload(of jwt: String) throws -> [String: Any] {
        let parts = jwt.split(separator: ".")
        try #require(parts.count == 3)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let data = try #require(Data(base64Encoded: base64))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
