import Foundation
import GHUsersKit
import GitHubFake
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tells a drawn avatar from a placeholder: each row's cells, as the binary under test printed
/// them, must equal what the renderer makes of the very bytes the server serves. (A release
/// binary can draw every avatar as a placeholder, silently, while the debug build draws them:
/// swiftlang/swift#91911.)
@Suite("Avatars are drawn, not placeholders")
struct DrawnAvatarTests {
    /// Users 1 to 4 get the RGB PNGs of an independent server; the rest, github-fake's
    /// identicons.
    static func configuration(_ configuration: FakeConfiguration = FakeConfiguration(userCount: 40)) throws -> FakeConfiguration {
        var configuration = configuration
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/avatars/independent")
        for id in 1...4 {
            configuration.avatarFiles[id] = try [64, 460].reduce(into: [:]) { files, size in
                files[size] = Array(try Data(contentsOf: directory.appendingPathComponent("u\(id)-\(size).png")))
            }
        }
        return configuration
    }

    /// The settings under which the output is compared: 24-bit symbols, 80 columns, no colour.
    static let environment = ["GHUSERS_GRAPHICS": "24bit", "COLUMNS": "80"]
    static let renderer = AvatarListRenderer(
        columns: 80, drawer: AvatarDrawer(mode: GraphicsMode(pixels: .symbols, colors: .trueColor)), color: false)

    /// The image the server serves for `user` at `size`, decoded in this process.
    static func served(_ user: User, size: AvatarRequest.Size) async throws -> RGBAImage {
        let request = try #require(AvatarRequest(avatarURL: user.avatarURL, size: size))
        let (data, response) = try await URLSession.shared.data(from: request.url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return try await BlockingExecutor.images.run { try ImageDecoder.decode(data) }
    }

    /// The cached users in id order (position = index + 1).
    static func cachedUsers(_ world: EndToEnd) async throws -> [User] {
        let rows = try #require(try await world.json("list") as? [[String: Any]])
        return try rows.map { row in
            User(
                id: Int64(try #require(row["id"] as? Int)), login: try #require(row["login"] as? String),
                avatarURL: try #require(row["avatar_url"] as? String))
        }
    }

    /// Checks that `output` is the narrow layout of `users` (with their list positions), each
    /// entry starting with exactly the avatar the renderer draws from the served bytes.
    static func expectDrawn(_ output: String, _ users: [(user: User, position: Int)], _ what: String) async throws {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= users.count * 3, "\(what): \(lines.count) lines for \(users.count) users")
        for (index, entry) in users.enumerated() where index * 3 + 2 < lines.count {
            let image = try await served(entry.user, size: .thumbnail)
            let row = AvatarListRenderer.row(UserDetails(user: entry.user), position: entry.position)
            let (drawn, placeholder) = await BlockingExecutor.images.run { (renderer.avatarLines(row, image), renderer.avatarLines(row, nil)) }
            #expect(drawn != placeholder)
            for line in 0..<3 {
                let printed = lines[index * 3 + line]
                #expect(
                    printed.hasPrefix(drawn[line]),
                    "\(what): \(entry.user.login) (#\(entry.position)) line \(line) is not the drawn avatar\(printed.hasPrefix(placeholder[line]) ? " but the placeholder" : ""):\n\(printed.debugDescription)\n\(drawn[line].debugDescription)"
                )
            }
            #expect(lines[index * 3].contains(entry.user.login), "\(what): entry \(index) is not \(entry.user.login)")
        }
    }

    @Test("next-page, list and search draw every served avatar, online and then offline")
    func rows() async throws {
        try await EndToEnd.with(Self.configuration()) { world in
            let page = try await world.run(["next-page", "--avatars", "always", "--color", "never"], environment: Self.environment)
            #expect(page.status == 0, "\(page)")
            let users = try await Self.cachedUsers(world)
            #expect(users.count == 40, "the first page of 100 holds all 40 users")
            let all = users.enumerated().map { (user: $1, position: $0 + 1) }
            try await Self.expectDrawn(page.stdout, all, "next-page")
            // The wrong element of an async result once came back from a task group: stderr says nothing
            #expect(!page.stderr.contains("no avatar could be drawn"), "\(page.stderr)")

            for offline in [false, true] {
                let extra = offline ? ["--offline"] : []
                let list = try await world.run(["list", "--limit", "8", "--avatars", "always", "--color", "never"] + extra, environment: Self.environment)
                #expect(list.status == 0, "\(list)")
                try await Self.expectDrawn(list.stdout, Array(all.prefix(8)), offline ? "list --offline" : "list")
                // Scattered rows: every user whose login has a "j", each at its own list position
                let search = try await world.run(["search", "j", "--avatars", "always", "--color", "never"] + extra, environment: Self.environment)
                #expect(search.status == 0, "\(search)")
                let matches = all.filter { $0.user.login.lowercased().contains("j") }
                #expect(matches.count >= 2)
                try await Self.expectDrawn(search.stdout, matches, offline ? "search --offline" : "search")
            }
        }
    }

    @Test("the profile header is the served full-size avatar, online and then offline", arguments: ["mojombo", "wycats"])
    func profileHeader(login: String) async throws {
        try await EndToEnd.with(Self.configuration()) { world in
            #expect(try await world.run("next-page").status == 0)
            let user = try #require(try await Self.cachedUsers(world).first { $0.login == login })
            let image = try await Self.served(user, size: .full)
            let (expected, placeholder) = await BlockingExecutor.images.run {
                (Self.renderer.profileHeader(image, id: user.id, login: user.login), Self.renderer.profileHeader(nil, id: user.id, login: user.login))
            }
            for extra in [["--refresh"], ["--offline"]] {
                let profile = try await world.run(["profile", login, "--avatars", "always", "--color", "never"] + extra, environment: Self.environment)
                #expect(profile.status == 0, "\(profile)")
                #expect(profile.stdout.hasPrefix(expected), "\(extra): the header is \(profile.stdout.hasPrefix(placeholder) ? "the placeholder" : "not the avatar")")
                #expect(profile.stdout.dropFirst(expected.count).hasPrefix(login), "the fields follow the header")
            }
        }
    }

    @Test("when every avatar fails, one notice says why; each failure is logged at debug level")
    func everyAvatarFails() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        for id in 1...60 { configuration.avatarFaults[id] = .status(404) }
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page").status == 0)
            let list = try await world.run(["list", "--limit", "5", "--avatars", "always"], environment: Self.environment)
            #expect(list.status == 0, "\(list)")
            let notices = list.stderr.components(separatedBy: "\n").filter { $0.contains("no avatar could be drawn") }
            #expect(notices.count == 1, "\(list.stderr)")
            #expect(notices.first?.contains("(5 failed)") == true && notices.first?.contains("404") == true, "\(list.stderr)")
            // With debug logging, each failure is named with its reason
            let debug = try await world.run(["list", "--limit", "5", "--avatars", "always"], environment: Self.environment.merging(["GHUSERS_LOG": "debug"]) { $1 })
            let logged = debug.stderr.components(separatedBy: "\n").filter { $0.contains("no avatar for") && $0.contains("404") }
            #expect(logged.count == 5, "\(debug.stderr)")
        }
    }

    @Test("offline with nothing on disk: one notice that points at prefetch")
    func offlineNothingCached() async throws {
        try await EndToEnd.with(Self.configuration()) { world in
            #expect(try await world.run("next-page").status == 0)
            let list = try await world.run(["list", "--limit", "3", "--avatars", "always", "--offline"], environment: Self.environment)
            #expect(list.status == 0, "\(list)")
            let notices = list.stderr.components(separatedBy: "\n").filter { $0.contains("no avatar could be drawn") }
            #expect(notices.count == 1 && notices[0].contains("avatars prefetch"), "\(list.stderr)")
        }
    }
}
