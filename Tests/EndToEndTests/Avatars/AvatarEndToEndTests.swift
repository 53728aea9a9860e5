import Foundation
import GitHubFake
import Testing

@Suite("Avatars end to end")
struct AvatarEndToEndTests {
    /// The avatar requests the fake saw.
    static func avatarRequests(_ world: EndToEnd) async -> [LoggedRequest] {
        await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/") }
    }

    @Test("avatars are fetched once, as thumbnails, then drawn from disk offline")
    func fetchedOnceThenOffline() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 60)) { world in
            // Given a cached page (printed to a file: no avatars)
            #expect(try await world.run("next-page").status == 0)
            #expect(await Self.avatarRequests(world).isEmpty)
            // When the list is drawn with avatars twice, the second time offline
            let online = try await world.run("list", "--limit", "6", "--avatars", "always")
            let offline = try await world.run("list", "--limit", "6", "--avatars", "always", "--offline")
            // Then six thumbnails were asked for once each, with a small size
            let requests = await Self.avatarRequests(world)
            #expect(online.status == 0 && offline.status == 0, "\(online)\n\(offline)")
            #expect(requests.count == 6)
            #expect(requests.allSatisfy { $0.query["s"] == "64" })
            #expect(Set(requests.map(\.path)).count == 6)
            // And the offline run drew the same screen from disk
            #expect(offline.stdout == online.stdout)
            #expect(online.stdout.contains("mojombo"))
            #expect(online.stdout.contains(";38;5;"), "the avatars are drawn in colour")
            // And the cache reports them
            let cache = try await world.json("cache") as? [String: Any]
            #expect(cache?["entries"] as? Int == 6)
        }
    }

    @Test("a listing waits on avatar downloads for its first batch and 2 s at most: the rest are placeholders, left to avatars prefetch")
    func listingNeverWaitsLong() async throws {
        var configuration = FakeConfiguration(userCount: 100)
        configuration.avatarLatency = .milliseconds(150)
        try await EndToEnd.with(configuration) { world in
            // Given: 100 cached users, no avatar on disk, an avatar host at 150 ms an avatar.
            #expect(try await world.run("next-page", "--pages", "4").status == 0)
            // When
            let listed = try await world.run("list", "--avatars", "always")
            // Then: the first batch of 30 downloaded (4.5 s, past the budget); the others not.
            #expect(listed.status == 0, "\(listed)")
            #expect(await Self.avatarRequests(world).count == 30)
            #expect(listed.stderr.contains("70 avatars not on disk yet drawn as placeholders") && listed.stderr.contains("avatars prefetch"), "\(listed)")
            #expect(listed.stdout.contains("mojombo") && listed.stdout.split(separator: "\n").count >= 100, "every row is printed")
        }
    }

    @Test("GHUSERS_AVATARS=never turns avatars off for good on a terminal, colour kept; --avatars still decides for one command")
    func avatarsOffForGood() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "co-founder").status == 0)
            let off = try await world.runOnTerminal("list", "--limit", "5", environment: ["GHUSERS_AVATARS": "never", "TERM": "xterm-256color"])
            #expect(off.status == 0, "\(off)")
            #expect(await Self.avatarRequests(world).isEmpty)
            #expect(off.stdout.contains("\u{1B}[1m✎"), "colour stays: the note marker is bold")
            let asked = try await world.runOnTerminal("list", "--limit", "5", "--avatars", "always", environment: ["GHUSERS_AVATARS": "never", "TERM": "xterm-256color"])
            #expect(asked.status == 0)
            #expect(await Self.avatarRequests(world).count == 5)
        }
    }

    @Test("colours follow the terminal: 8 colours draw no avatar, vt100, dumb and an unset TERM no colour at all")
    func coloursFollowTheTerminal() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "co-founder").status == 0)
            let eight = try await world.runOnTerminal("list", "--limit", "5", environment: ["TERM": "xterm"])
            #expect(eight.stdout.contains("\u{1B}[1m✎") && !eight.stdout.contains("38;5;"), "\(eight)")
            #expect(await Self.avatarRequests(world).isEmpty, "no avatar in 8 colours")
            for term in ["vt100", "dumb", ""] {
                let plain = try await world.runOnTerminal("list", "--limit", "5", environment: ["TERM": term])
                #expect(plain.status == 0 && !plain.stdout.contains("\u{1B}["), "TERM=\(term): \(plain)")
            }
        }
    }

    @Test("the profile asks for the full size; the token never goes to the avatar path")
    func profileFullSizeWithoutToken() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            let token = ["GH_ENTERPRISE_TOKEN": "ghp_secretsecretsecret"]
            #expect(try await world.run("next-page", environment: token).status == 0)
            let profile = try await world.run("profile", "mojombo", "--avatars", "always", environment: token)
            let list = try await world.run("list", "--limit", "3", "--avatars", "always", environment: token)
            #expect(profile.status == 0 && list.status == 0, "\(profile)\n\(list)")
            let log = await world.server.stats().log
            let avatars = log.filter { $0.path.hasPrefix("/avatars/") }
            // The API got the token; the avatar path, on the very same host, never did
            #expect(log.filter { $0.path.hasPrefix("/users") }.allSatisfy { $0.headers["authorization"] == "Bearer ghp_secretsecretsecret" })
            #expect(avatars.count == 4)
            #expect(avatars.allSatisfy { $0.headers["authorization"] == nil })
            #expect(avatars.filter { $0.query["s"] == "460" }.map(\.path) == ["/avatars/u/1"])
            // And the header comes before the fields
            let header = try #require(profile.stdout.range(of: "mojombo ("))
            #expect(profile.stdout[..<header.lowerBound].contains(";38;5;"), "the header is drawn in colour")
        }
    }

    @Test("a 50 MB avatar and a 20000x20000 one are refused with a clear message, and not cached")
    func refusals() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.avatarFaults = [1: .oversized(bytes: 50 << 20), 2: .hugeDimensions(width: 20_000, height: 20_000)]
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page").status == 0)
            // When the two are drawn
            let result = try await world.run("list", "--limit", "3", "--avatars", "always")
            // Then the command succeeds, saying why each avatar was refused, with placeholders
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("refused the avatar at"), "\(result)")
            #expect(result.stderr.contains("larger than 4 MiB"), "\(result)")
            #expect(result.stderr.contains("20000×20000 pixels"), "\(result)")
            #expect(result.stdout.contains("MO"))
            #expect(result.stdout.contains("DE"))
            let cache = try await world.json("cache") as? [String: Any]
            #expect(cache?["entries"] as? Int == 1)
        }
    }

    @Test("offline without a cache, avatars are placeholders, never errors")
    func placeholdersOffline() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            let result = try await world.run("list", "--limit", "2", "--avatars", "always", "--offline")
            #expect(result.status == 0, "\(result)")
            // One notice for the whole run (not one per row) says why, and what to do
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("avatars prefetch"), "\(result)")
            #expect(result.stdout.contains("MO") && result.stdout.contains("DE"))
            #expect(await Self.avatarRequests(world).isEmpty)
        }
    }

    @Test("prefetch fills the cache with a summary; clear empties it and keeps notes and users")
    func prefetchAndClear() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "defunkt", "keep me").status == 0)
            // When everything is prefetched, twice
            let first = try await world.run("avatars", "prefetch", "--all")
            let second = try await world.run("avatars", "prefetch", "--all")
            // Then each cached user's thumbnail and full size were fetched once
            #expect(first.status == 0, "\(first)")
            // (40 users, all on the first page of 100: 80 avatars)
            #expect(first.stderr.contains("prefetched 80 avatars; 80 in the cache"), "\(first)")
            #expect(second.stderr.contains("prefetched 0 avatars; 80 in the cache"), "\(second)")
            #expect(await Self.avatarRequests(world).count == 80)
            // When the cache is cleared
            let clear = try await world.run("cache", "--clear")
            #expect(clear.status == 0, "\(clear)")
            #expect(clear.stderr.contains("cleared the avatar cache: 80 entries"), "\(clear)")
            let cache = try await world.json("cache") as? [String: Any]
            #expect(cache?["entries"] as? Int == 0)
            // Then the note and the users are still there
            #expect(try await world.run("note", "defunkt").stdout == "keep me\n")
            #expect(try await world.cachedLogins().count == 40)
        }
    }

    @Test("prefetch reads the users a window at a time: 2,050 users across three windows, each thumbnail once")
    func prefetchInWindows() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 2_050)) { world in
            #expect(try await world.run("next-page", "--pages", "21").status == 0)
            #expect(try await world.cachedLogins().count == 2_050)
            let first = try await world.json("avatars", "prefetch") as? [String: Any]
            #expect(first?["prefetched"] as? Int == 2_050 && first?["total"] as? Int == 2_050, "\(String(describing: first))")
            #expect(Set(await Self.avatarRequests(world).map(\.path)).count == 2_050)
            let second = try await world.json("avatars", "prefetch") as? [String: Any]
            #expect(second?["prefetched"] as? Int == 0 && second?["total"] as? Int == 0 && second?["cached"] as? Int == 2_050)
        }
    }
}
