import Foundation
import GitHubFake
import Testing

@Suite("profile against github-fake")
struct ProfileEndToEndTests {
    @Test("a profile is fetched, shown with the note, then served from the cache offline; read by a script, nobody is marked seen")
    func offlineFromCache() async throws {
        try await EndToEnd.with { world in
            _ = try await world.run("next-page")
            _ = try await world.run("note", "octocat", "likes cats")

            let online = try await world.run("profile", "OctoCat")
            #expect(online.status == 0, "\(online)")
            #expect(online.stdout.hasPrefix("octocat (The Octocat)"))
            #expect(online.stdout.contains("San Francisco"))
            #expect(online.stdout.contains("likes cats"))

            await world.server.stop()
            let offline = try await world.run("profile", "octocat", "--offline", "--json")
            #expect(offline.status == 0, "\(offline)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as? [String: Any])
            #expect(object["login"] as? String == "octocat")
            #expect(object["company"] as? String == "@github")
            #expect(object["note"] as? String == "likes cats")
            #expect(object["seen"] as? Bool == false, "a pipe and --json are a script's reads")
            #expect(offline.stderr.isEmpty, "--offline asked for the cache: nothing to say")

            // The network is gone and the cached profile is stale (--refresh): shown with a notice.
            let stale = try await world.run("profile", "octocat", "--refresh")
            #expect(stale.status == 0, "\(stale)")
            #expect(stale.stdout.contains("San Francisco"))
            #expect(stale.stderr.contains("showing the profile cached at"))
        }
    }

    @Test("a fresh cached profile costs no request; --refresh revalidates with the ETag and reuses the cache on 304")
    func conditionalRequests() async throws {
        try await EndToEnd.with { world in
            let first = try await world.run("profile", "mojombo")
            #expect(first.status == 0, "\(first)")
            _ = try await world.run("profile", "mojombo")
            #expect(await world.apiRequests().count == 1)

            let refreshed = try await world.run("profile", "mojombo", "--refresh")
            #expect(refreshed.status == 0)
            #expect(refreshed.stdout == first.stdout)
            let requests = await world.apiRequests()
            #expect(requests.count == 2)
            #expect(requests[1].headers["if-none-match"]?.hasPrefix("W/\"") == true)
            #expect(requests[1].status == 304)
        }
    }

    @Test("an unknown user: exit 3 with a one-line error")
    func notFound() async throws {
        try await EndToEnd.with { world in
            let result = try await world.run("profile", "no-such-user-here")
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("no GitHub user is named no-such-user-here"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("invalid logins are refused before any request, exit 64", arguments: ["../x", "a/b", "a?x", "a%2F", "a b", String(repeating: "a", count: 40), "é"])
    func invalidLogin(login: String) async throws {
        try await EndToEnd.with { world in
            let result = try await world.run("profile", "--", login)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("is not a valid login"))
            #expect(await world.server.stats().requests == 0)
        }
    }

    @Test("offline and never fetched: exit 5 saying how to get it")
    func offlineNotCached() async throws {
        try await EndToEnd.with { world in
            let result = try await world.run("profile", "mojombo", "--offline")
            #expect(result.status == 5, "\(result)")
            #expect(result.stderr.contains("not cached"))
            #expect(await world.server.stats().requests == 0)
        }
    }
}
