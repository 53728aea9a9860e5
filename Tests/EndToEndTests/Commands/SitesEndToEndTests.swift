import Foundation
import GitHubFake
import Testing

/// Two GitHub sites in one home: two fakes with the same ids and different users (the second
/// one's logins start with `ghe-`), and the real binary switching between them.
@Suite("Several GitHub sites in one home")
struct SitesEndToEndTests {
    /// Runs `body` with a github.com-like fake and an Enterprise-like one sharing a home, 200
    /// users each: two full pages of 100.
    static func withTwoSites(_ body: (EndToEnd, EndToEnd) async throws -> Void) async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 200)) { dotcom in
            var configuration = FakeConfiguration(userCount: 200)
            configuration.loginPrefix = "ghe-"
            try await EndToEnd.with(configuration, home: dotcom.home) { ghe in
                try await body(dotcom, ghe)
            }
        }
    }

    @Test("next-page, list, search, note, completion, profile and status stay with their site")
    func noMixing() async throws {
        try await Self.withTwoSites { dotcom, ghe in
            // Given a page and a note on each site, the same ids on both.
            #expect(try await dotcom.run("next-page").status == 0)
            #expect(try await ghe.run("next-page").status == 0)
            #expect(try await dotcom.run("note", "mojombo", "dotcom's mojombo").status == 0)
            #expect(try await ghe.run("note", "ghe-mojombo", "enterprise mojombo").status == 0)

            // Then each site lists, searches and annotates its own users only.
            let dotcomLogins = try await dotcom.cachedLogins()
            let gheLogins = try await ghe.cachedLogins()
            #expect(dotcomLogins.count == 100 && gheLogins.count == 100)
            #expect(dotcomLogins.allSatisfy { !$0.hasPrefix("ghe-") }, "\(dotcomLogins)")
            #expect(gheLogins.allSatisfy { $0.hasPrefix("ghe-") }, "\(gheLogins)")
            let found = try await ghe.run("search", "mojombo")
            #expect(found.status == 0 && found.stdout.contains("ghe-mojombo"), "\(found)")
            #expect(!found.stdout.split(separator: "\n").contains { $0.contains("mojombo") && !$0.contains("ghe-mojombo") }, "\(found)")
            #expect(try await dotcom.run("note", "mojombo").stdout == "dotcom's mojombo\n")
            let missing = try await ghe.run("note", "mojombo")
            #expect(missing.status == 3, "\(missing)")
            #expect(try await ghe.run("note", "ghe-mojombo").stdout == "enterprise mojombo\n")

            // Shell completion offers the current site's logins only.
            func complete(_ world: EndToEnd, _ prefix: String) async throws -> [Substring] {
                let words = ["---completion", "profile", "--", "positional@0", "2", String(prefix.count), "ghusers", "profile", prefix]
                let result = try await world.run(words, environment: ["SAP_SHELL": "bash", "SAP_SHELL_VERSION": "5.1"])
                return result.stdout.split(separator: "\n")
            }
            #expect(try await complete(dotcom, "moj") == ["mojombo"])
            #expect(try await complete(ghe, "ghe-moj") == ["ghe-mojombo"])
            #expect(try await complete(ghe, "moj") == [])
            #expect(try await complete(dotcom, "ghe-") == [])

            // A profile is fetched from its own site and cached there.
            #expect(try await ghe.run("profile", "ghe-defunkt").status == 0)
            #expect(await ghe.apiRequests().contains { $0.path == "/users/ghe-defunkt" })
            #expect(await dotcom.apiRequests().allSatisfy { $0.path != "/users/ghe-defunkt" })
            #expect(try await dotcom.run("profile", "ghe-defunkt", "--offline").status != 0)

            // status names the current site and lists the other with its counts; a site that a
            // status (or a mistyped root) opened once and that holds nothing is not listed.
            #expect(try await dotcom.run(["status", "--api-url", "http://127.0.0.1:9/typo"]).status == 0)
            let status = try #require(try await dotcom.json("status") as? [String: Any])
            #expect(status["api_url"] as? String == dotcom.server.baseURL)
            #expect(status["users"] as? Int == 100 && status["notes"] as? Int == 1)
            let others = try #require(status["other_sites"] as? [[String: Any]])
            #expect(others.count == 1)
            #expect(others.first?["api_url"] as? String == ghe.server.baseURL)
            #expect(others.first?["users"] as? Int == 100 && others.first?["notes"] as? Int == 1 && others.first?["profiles"] as? Int == 1)
            let text = try await ghe.run("status")
            #expect(text.stdout.contains("api        \(ghe.server.baseURL)"), "\(text)")
            #expect(text.stdout.contains("others     \(dotcom.server.baseURL): 100 users in 1 page, 1 note"), "\(text)")

            // The next page of one site continues its own cursor, not the other's.
            #expect(try await ghe.run("next-page").status == 0)
            #expect(try await ghe.cachedLogins().count == 200)
            #expect(try await dotcom.cachedLogins() == dotcomLogins)
        }
    }

    @Test("notes export records the site; import refuses another site's file unless told, exit 8")
    func notesAcrossSites() async throws {
        try await Self.withTwoSites { dotcom, ghe in
            // Both sites cached, with the same ids: the export carries mojombo's id 1.
            #expect(try await dotcom.run("next-page").status == 0)
            #expect(try await ghe.run("next-page").status == 0)
            #expect(try await dotcom.run("note", "mojombo", "from dotcom").status == 0)
            #expect(try await ghe.run("note", "ghe-wycats", "from enterprise").status == 0)
            let export = try await dotcom.run("notes", "export")
            let archive = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
            #expect(archive["site"] as? String == dotcom.server.baseURL)
            #expect((archive["notes"] as? [[String: Any]])?.map { $0["login"] as? String } == ["mojombo"])

            let refused = try await ghe.run(["notes", "import", "-"], input: export.stdout)
            #expect(refused.status == 8, "\(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("--from-other-site"), "\(refused)")
            #expect(try await ghe.run("note", "mojombo").status == 3)

            let same = try await dotcom.run(["notes", "import", "-"], input: export.stdout)
            #expect(same.status == 0, "\(same)")
            let told = try await ghe.run(["notes", "import", "-", "--from-other-site"], input: export.stdout)
            #expect(told.status == 0, "\(told)")
            #expect(try await ghe.run("note", "mojombo").stdout == "from dotcom\n")
            #expect(try await dotcom.run("note", "ghe-wycats").status == 3)
            // Matched by login: the enterprise account with mojombo's id is someone else.
            #expect(try await ghe.run("note", "ghe-mojombo").status == 3)

            // An export from before sites names none: github.com's, refused on these two.
            let before = try #require(String(data: try JSONSerialization.data(withJSONObject: archive.filter { $0.key != "site" }), encoding: .utf8))
            let old = try await ghe.run(["notes", "import", "-"], input: before)
            #expect(old.status == 8 && old.stderr.contains("from before sites") && old.stderr.contains("--api-url https://api.github.com"), "\(old)")
            #expect(old.stderr.split(separator: "\n").count == 1, "\(old)")
        }
    }

    @Test("an API root or GH_HOST that cannot be used: one line naming --api-url, exit 64, nothing created")
    func badAPIRoot() async throws {
        try await EndToEnd.with { world in
            for arguments in [["list", "--api-url", "not a url"], ["status", "--api-url", "ftp://example.com"], ["next-page", "--api-url", "example.com"], ["next-page", "--api-url", "http://127.0.0.1:99999"]] {
                let result = try await world.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result)")
                #expect(result.stderr.hasPrefix("ghusers: error: ") && result.stderr.contains("--api-url"), "\(result)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
            }
            let fromEnvironment = try await world.run(["list"], environment: ["GHUSERS_API_URL": "::"])
            #expect(fromEnvironment.status == 64 && fromEnvironment.stderr.split(separator: "\n").count == 1, "\(fromEnvironment)")
            let badHost = try await world.run(["status"], environment: ["GHUSERS_API_URL": "", "GH_HOST": "https://ghe.example.com/"])
            #expect(badHost.status == 64 && badHost.stderr.contains("GH_HOST"), "\(badHost)")
            #expect(badHost.stderr.split(separator: "\n").count == 1, "\(badHost)")
            #expect(!FileManager.default.fileExists(atPath: world.home.path))
        }
    }

    @Test("a mistyped API root leaves no site folder behind; a site that holds data keeps its own")
    func mistypedRootLeavesNothing() async throws {
        try await EndToEnd.with { world in
            let sites = world.home.appendingPathComponent("sites")
            func folders() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: sites.path)) ?? []).sorted() }
            // A root on the right server with a wrong path: every request is GitHub's 404.
            let typo = ["--api-url", world.server.baseURL + "/typo"]
            for arguments in [["next-page"], ["profile", "mojombo"], ["search", "foo"], ["list"], ["status"]] {
                let result = try await world.run(arguments + typo)
                #expect(result.stderr.split(separator: "\n").count <= 2, "\(arguments): \(result)")
                #expect(!FileManager.default.fileExists(atPath: sites.path), "\(arguments) left \(folders())")
            }
            #expect(try await world.run("next-page").status == 0)
            let site = folders()
            #expect(site.count == 1)
            #expect(try await world.run(["next-page"] + typo).status != 0)
            #expect(folders() == site)
            // A note on a user not cached yet is data: the folder stays.
            let noted = try await world.run(["note", "somebody", "kept", "--api-url", world.server.baseURL + "/other"])
            #expect(noted.status == 0, "\(noted)")
            #expect(folders().count == 2)
        }
    }

    @Test("GH_HOST picks the site when no API root is given, as gh does")
    func ghHost() async throws {
        try await EndToEnd.with { world in
            var process = world.ghusers
            process.environment = ["GHUSERS_API_URL": "", "GH_HOST": "ghe.example.com"]
            let status = try await process.run(["status", "--json", "--offline"])
            #expect(status.status == 0, "\(status)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
            #expect(object["api_url"] as? String == "https://ghe.example.com/api/v3")
            #expect(object["site"] as? String == "ghe.example.com_api_v3")
            process.environment["GH_HOST"] = "github.com"
            let dotcom = try #require(try JSONSerialization.jsonObject(with: Data(try await process.run(["status", "--json"]).stdout.utf8)) as? [String: Any])
            #expect(dotcom["api_url"] as? String == "https://api.github.com")
        }
    }
}
