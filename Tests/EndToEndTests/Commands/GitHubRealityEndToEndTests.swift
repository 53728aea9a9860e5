import Foundation
import GitHubFake
import Testing

/// ghusers against a fake that behaves as GitHub's documentation and public captures say
/// (Docs/FAKE.md): old and managed logins, pages of 100, renames and deletions, ETags
/// per token and 304s charged without one, GHE.com, avatars behind a sign-in page, a bare 429.
@Suite("GitHub as it really is, end to end")
struct GitHubRealityEndToEndTests {
    /// `status --json`.
    static func status(_ world: EndToEnd) async throws -> [String: Any] {
        try #require(try await world.json("status") as? [String: Any])
    }

    /// The fake's accounts whose logins break today's sign-up rule (FakeConfiguration.legacyLogins).
    static let legacy = ["artur-", "mees-", "gil--", "0----0", "-ACE-", "-Jerry-", "mona-cat_octo"]

    @Test("a sync from id 1 asks for 100 and keeps the old and managed logins; profile, note and search work on them")
    func legacyLogins() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { (world: EndToEnd) async throws in
            let page = try await world.run("next-page")
            #expect(page.status == 0, "\(page)")
            #expect(!page.stderr.contains("skipped"), "nothing GitHub lists is skipped: \(page.stderr)")
            let first = try #require(await world.apiRequests().first)
            #expect(first.query["per_page"] == "100" && first.query["since"] == nil, "\(first.query)")
            let logins = try await world.cachedLogins()
            #expect(logins.count == 100)
            for login in Self.legacy { #expect(logins.contains(login), "\(login) is kept") }
            #expect(try await Self.status(world)["page_size"] as? Int == 100, "the first full batch sets the page size")
            // Logins that start with '-' come after `--`, as any such argument.
            let profile = try await world.run("profile", "--", "-ACE-")
            #expect(profile.status == 0 && profile.stdout.contains("-ACE-"), "\(profile)")
            #expect(await world.apiRequests().last?.path == "/users/-ACE-")
            #expect(try await world.run("note", "--", "-Jerry-", "an account from before 2013").status == 0)
            #expect(try await world.run("note", "mona-cat_octo", "a managed user").status == 0)
            let search = try await world.run("search", "managed")
            #expect(search.status == 0 && search.stdout.contains("mona-cat_octo"), "\(search)")
            #expect(try await world.run("search", "--", "-Jerry-").stdout.contains("before 2013"))
            // A login the shell reads as an option without `--` says what to do.
            let bare = try await world.run("profile", "-ACE-")
            #expect(bare.status == 64, "\(bare)")
        }
    }

    @Test("a first batch cut short by the end of the list leaves the page size unset; the pages stay a partition")
    func shortFirstBatch() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await Self.status(world)["page_size"] is NSNull, "40 users are not GitHub's page size")
            #expect(try await world.run("next-page").status == 0)
            let asked = await world.apiRequests().map { $0.query["per_page"] }
            #expect(asked == ["100", "100"], "still GitHub's largest page")
        }
    }

    @Test("refresh after a deletion and a rename: the gone account kept and marked with its note, the renamed one followed; pages stay a partition")
    func deletionAndRename() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page", "--pages", "2").status == 0)
            #expect(try await world.run("note", "defunkt", "co-founder").status == 0)
            #expect(try await world.run("note", "pjhyett", "renamed later").status == 0)
            let before = try await Self.status(world)
            await world.server.deleteUser(id: 2)  // defunkt
            await world.server.renameUser(id: 3, to: "pj-renamed")  // pjhyett
            // The renamed account answers by id: profile follows it.
            let renamed = try await world.run("profile", "pjhyett")
            #expect(renamed.status == 0, "\(renamed)")
            #expect(renamed.stdout.contains("pj-renamed") && renamed.stderr.contains("renamed"), "\(renamed)")
            #expect(try await world.run("note", "pj-renamed").stdout == "renamed later\n")
            #expect(await world.apiRequests().map(\.path).suffix(2) == ["/users/pjhyett", "/user/3"])
            // refresh reads the pages again and notices the deletion.
            let refresh = try await world.run("refresh")
            #expect(refresh.status == 0, "\(refresh)")
            let list = try await world.json("list") as? [[String: Any]] ?? []
            let defunkt = try #require(list.first { $0["login"] as? String == "defunkt" })
            #expect(defunkt["gone"] as? Bool == true && defunkt["note"] as? String == "co-founder", "\(defunkt)")
            #expect(list.filter { $0["gone"] as? Bool == true }.count == 1)
            #expect(list.allSatisfy { $0["gone"] is Bool }, "--json always carries gone")
            #expect(try await world.run("list").stdout.contains("gone"))
            let after = try await Self.status(world)
            #expect(after["pages"] as? Int == before["pages"] as? Int, "\(before) → \(after)")
            #expect(try await world.run("notes", "export").stdout.contains("co-founder"), "a gone account's note is exported")
            // profile of the gone account: the cached list entry, said on stderr.
            let gone = try await world.run("profile", "defunkt")
            #expect(gone.status == 3 && gone.stderr.contains("no longer has the account defunkt"), "\(gone)")
            // Restored upstream: the next refresh brings it back.
            await world.server.restoreUser(id: 2)
            #expect(try await world.run("refresh").status == 0)
            let back = try await world.json("list") as? [[String: Any]] ?? []
            #expect(back.first { $0["login"] as? String == "defunkt" }?["gone"] as? Bool == false)
        }
    }

    @Test("without a token refresh says what it may cost, stops at the limit with exit 6, and the next one goes on from there")
    func refreshWithoutToken() async throws {
        var configuration = FakeConfiguration(userCount: 1_000)
        configuration.anonymousRateLimit = 8
        try await EndToEnd.with(configuration, anonymousRateLimit: 8) { world in
            #expect(try await world.run("next-page", "--pages", "5").status == 0)
            let first = try await world.run("refresh")
            #expect(first.status == 6, "\(first)")
            #expect(first.stderr.contains("without a token every request counts, a 304 too"), "\(first.stderr)")
            #expect(first.stderr.contains("may make up to 5 requests"), "\(first.stderr)")
            #expect(first.stderr.contains("run `ghusers refresh` then to go on from id"), "\(first.stderr)")
            let stopped = await world.apiRequests().filter { $0.path == "/users" }.count
            await world.server.reset()  // the hour is over
            let second = try await world.run("refresh")
            #expect(second.status == 0, "\(second)")
            #expect(second.stderr.contains("going on from id"), "\(second.stderr)")
            let pages = await world.apiRequests().filter { $0.path == "/users" }
            #expect(pages.count < 5, "resumed, not from the start: \(pages.map(\.query)) after \(stopped)")
            #expect(pages.first?.query["since"] != nil)
        }
    }

    @Test("an ETag is sent only with the token whose answer carried it; with that token a 304 is free")
    func etagsPerToken() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { (world: EndToEnd) async throws in
            let alice = ["GH_ENTERPRISE_TOKEN": "ghe_alice"]
            #expect(try await world.run(["next-page"], environment: alice).status == 0)
            await world.server.resetStats()
            #expect(try await world.run(["refresh"], environment: alice).status == 0)
            #expect(await world.apiRequests().map(\.status) == [304], "alice's ETag, alice's 304")
            #expect(await world.apiRequests().first?.headers["if-none-match"] != nil)
            await world.server.resetStats()
            #expect(try await world.run(["refresh"], environment: ["GH_ENTERPRISE_TOKEN": "ghe_bob"]).status == 0)
            #expect(await world.apiRequests().first?.headers["if-none-match"] == nil, "bob is not sent alice's ETag")
        }
    }

    @Test("every API request asks for gzip and gets it")
    func gzip() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { (world: EndToEnd) async throws in
            #expect(try await world.run("next-page").status == 0)
            let request = try #require(await world.apiRequests().first)
            #expect(request.headers["accept-encoding"]?.contains("gzip") == true && request.compressed, "\(request)")
            #expect(try await world.cachedLogins().count == 100)
        }
    }

    @Test("a bare 429 (no Retry-After, no wording) is a secondary limit: not asked again within a minute")
    func bareTooManyRequests() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 300)) { (world: EndToEnd) async throws in
            await world.server.inject(.bareTooManyRequests)
            let running = try world.ghusers.start(["next-page"])
            let deadline = ContinuousClock.now + .seconds(30)
            while !running.standardError.contains("retrying in"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let said = running.standardError
            running.process.terminate()
            _ = try await running.finish(timeout: .seconds(10))
            #expect(said.contains("secondary rate limit") && said.contains("retrying in 60"), "\(said)")
            #expect(await world.apiRequests().count == 1, "the 429 only; the next try waits a minute")
        }
    }

    @Test("avatars behind a sign-in page: one notice for the page, placeholders, the host asked once")
    func signInWall() async throws {
        var configuration = FakeConfiguration(userCount: 300)
        configuration.avatarSignInWall = true
        try await EndToEnd.with(configuration) { world in
            let page = try await world.run("next-page", "--avatars", "always")
            #expect(page.status == 0, "\(page)")
            let notices = page.stderr.components(separatedBy: "need a sign-in").count - 1
            #expect(notices == 1, "\(page.stderr)")
            #expect(!page.stderr.contains("not a PNG"))
            // The first sign-in page marks the host once its answer is read, after the queue's
            // turn: a download already given the next turn may still go out.
            let avatars = await world.server.stats().log.filter { $0.path.hasPrefix("/avatars/") }
            #expect((1...2).contains(avatars.count), "the walled host is not asked again: \(avatars.count) of 100")
        }
    }

    @Test("an expiring avatar URL is kept as its lasting form: no jwt stored, the avatar drawn from the lasting address")
    func expiringAvatars() async throws {
        var configuration = FakeConfiguration(userCount: 40)
        configuration.expiringAvatarIDs = [1]
        configuration.avatarTokenLifetime = .seconds(1)
        try await EndToEnd.with(configuration) { world in
            #expect(try await world.run("next-page", "--avatars", "never").status == 0)
            let mojombo = try #require((try await world.json("list") as? [[String: Any]])?.first)
            let url = try #require(mojombo["avatar_url"] as? String)
            #expect(!url.contains("jwt") && url.hasSuffix("/avatars/u/1?v=4"), "\(url)")
            let drawn = try await world.run("list", "--limit", "1", "--avatars", "always")
            #expect(drawn.status == 0 && !drawn.stderr.contains("avatar"), "\(drawn)")
        }
    }

    @Test("GH_HOST=TENANT.ghe.com is https://api.TENANT.ghe.com, and notes kept under the old root come along")
    func gheCom() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { (world: EndToEnd) async throws in
            // An older ghusers kept the tenant's data under https://octo.ghe.com/api/v3.
            let old = try await world.run(["--api-url", "https://octo.ghe.com/api/v3", "--offline", "note", "mona", "kept"], environment: [:])
            #expect(old.status == 0, "\(old)")
            let environment = ["GH_HOST": "octo.ghe.com", "GHUSERS_API_URL": ""]
            let status = try await world.run(["--offline", "--json", "status"], environment: environment)
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            #expect(object?["api_url"] as? String == "https://api.octo.ghe.com" && object?["site"] as? String == "api.octo.ghe.com", "\(status)")
            let note = try await world.run(["--offline", "note", "mona"], environment: environment)
            #expect(note.status == 0 && note.stdout == "kept\n", "\(note)")
        }
    }
}

extension GHUsersProcess.Running {
    /// What the process has written to standard error so far.
    var standardError: String {
        (try? String(contentsOfFile: outputs.path + ".err", encoding: .utf8)) ?? ""
    }
}
