import Foundation
import GitHubFake
import Testing

/// Reliability, round two: a write that fails is an error, never a success; impossible ids
/// never wedge sync; a token never goes out in clear text. (A full disk under a file: ``DiskFullTests``.)
@Suite("Write failures, impossible ids, clear-text tokens")
struct WriteFailureTests {
    /// Runs `ghusers ARGUMENTS` through `bash -c` (for redirections and pipes); stdout of the
    /// shell, stderr, and the status of `ghusers` itself (PIPESTATUS).
    static func shell(_ world: EndToEnd, _ script: String, environment: [String: String] = [:]) async throws -> GHUsersProcess.Result {
        let line = script.replacingOccurrences(of: "ghusers ", with: "'\(GHUsersProcess.binary.path)' ")
        let bash = GHUsersProcess(home: world.home, apiURL: world.ghusers.apiURL, environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
        return try await bash.run(["-c", line + "; exit ${PIPESTATUS[0]}"])
    }

    @Test("stdout on a full disk: exit 1 and one line naming the reason, never a success")
    func fullStandardOutput() async throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            #expect(try await world.run("next-page").status == 0)
            for arguments in ["list --json", "list", "search o", "notes export"] {
                let result = try await Self.shell(world, "ghusers \(arguments) > /dev/full")
                #expect(result.status == 1, "\(arguments): \(result)")
                #expect(result.stderr.contains("No space left on device") && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result)")
            }
        }
    }

    @Test("a closed pipe ends the command quietly, as ripgrep does")
    func closedPipe() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 400)) { world in
            #expect(try await world.run("next-page", "--pages", "10").status == 0)
            let result = try await Self.shell(world, "ghusers list | head -1")
            #expect(result.stdout.split(separator: "\n").count == 1)
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.status == 0 || result.status == 141, "\(result)")
        }
    }

    @Test("items with id 0 or a negative id are skipped and counted; sync goes on")
    func impossibleIDs() async throws {
        // 200 users: a full first page of 100 (2 of them skipped), then a second page of 100.
        try await EndToEnd.with(FakeConfiguration(userCount: 200)) { world in
            await world.server.inject(.impossibleIDs)
            let first = try await world.run("next-page")
            #expect(first.status == 0, "\(first)")
            #expect(first.stderr.contains("skipped 2 invalid items"), "\(first)")
            let second = try await world.run("next-page")
            #expect(second.status == 0, "\(second)")
            #expect(try await world.cachedLogins().count == 198)
        }
    }

    @Test("a token is never sent over plain http to a host that is not loopback: exit 64 before any connection")
    func clearTextToken() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            let token = ["GH_ENTERPRISE_TOKEN": "ghp_secretsecretsecret"]
            // Loopback (the fake) is allowed; https is the default.
            #expect(try await world.run(["next-page"], environment: token).status == 0)
            for command in [["next-page"], ["profile", "mojombo"]] {
                let result = try await world.run(command + ["--api-url", "http://192.0.2.1:9"], environment: token)
                #expect(result.status == 64, "\(command): \(result)")
                #expect(result.stderr.contains("https") && result.stderr.split(separator: "\n").count == 1, "\(result)")
                #expect(!result.stderr.contains("ghp_secret"))
            }
            // Another API root is another site, with nothing cached: refresh stops before any
            // connection for that reason.
            let refresh = try await world.run(["refresh", "--api-url", "http://192.0.2.1:9"], environment: token)
            #expect(refresh.status == 1 && refresh.stderr.contains("nothing to refresh"), "\(refresh)")
        }
    }
}

@Suite("A login taken over by another account")
struct LoginTakeoverTests {
    @Test("both accounts keep their notes: note shows the holder's, export both, import puts each back")
    func takeover() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 40)) { world in
            #expect(try await world.run("next-page").status == 0)
            #expect(try await world.run("note", "mojombo", "the first mojombo").status == 0)
            // Account 1 renames itself; account 2 registers its old login
            await world.server.renameUser(id: 1, to: "mojombo-old")
            await world.server.renameUser(id: 2, to: "mojombo")
            #expect(try await world.run("profile", "mojombo", "--refresh").status == 0)
            #expect(try await world.run("note", "mojombo", "the new mojombo").status == 0)
            // note shows the note of the account that holds the login now
            #expect(try await world.run("note", "mojombo").stdout == "the new mojombo\n")
            // export keeps both, each with its account's id
            let export = try await world.run("notes", "export")
            let archive = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any]
            let notes = (archive?["notes"] as? [[String: Any]] ?? []).map { ($0["id"] as? Int, $0["note"] as? String) }
            #expect(notes.contains { $0 == (1, "the first mojombo") }, "\(notes)")
            #expect(notes.contains { $0 == (2, "the new mojombo") }, "\(notes)")
            // import into another home of the same site puts each note back on its own account,
            // none merged (from another site ids name other accounts: matched by login there,
            // SitesEndToEndTests)
            let other = ["GHUSERS_HOME": world.home.path + "-other"]
            defer { try? FileManager.default.removeItem(atPath: world.home.path + "-other") }
            #expect(try await world.run(["next-page"], environment: other).status == 0)
            let imported = try await world.run(["notes", "import", "-"], input: export.stdout, environment: other)
            #expect(imported.status == 0 && !imported.stderr.contains("merged"), "\(imported)")
            let listed = try await world.run(["list", "--json"], environment: other)
            let list = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(list.first { $0["id"] as? Int == 1 }?["note"] as? String == "the first mojombo")
            #expect(list.first { $0["id"] as? Int == 2 }?["note"] as? String == "the new mojombo")
            // and once account 1 is seen under its new login, its note follows it
            #expect(try await world.run("refresh").status == 0)
            #expect(try await world.run("note", "mojombo-old").stdout == "the first mojombo\n")
        }
    }
}
