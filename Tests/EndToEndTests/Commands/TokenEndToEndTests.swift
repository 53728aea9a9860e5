import Foundation
import GitHubFake
import Testing

/// Which token reaches which site, by `gh`'s rules: the fake on loopback is not github.com, so
/// only the Enterprise variables (or `gh auth token --hostname 127.0.0.1:PORT`) may reach it.
@Suite("Tokens follow gh's conventions")
struct TokenEndToEndTests {
    /// The `Authorization` headers of the API requests the fake saw since the last reset.
    static func authorizations(_ world: EndToEnd) async -> [String?] {
        await world.apiRequests().map { $0.headers["authorization"] }
    }

    @Test("GH_TOKEN and GITHUB_TOKEN never reach another host; GH_ENTERPRISE_TOKEN does, before GITHUB_ENTERPRISE_TOKEN")
    func variables() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            let dotcomOnly = try await world.run(["next-page"], environment: ["GH_TOKEN": "ghp_dotcom", "GITHUB_TOKEN": "ghp_dotcom2"])
            #expect(dotcomOnly.status == 0, "\(dotcomOnly)")
            #expect(await Self.authorizations(world) == [nil])
            await world.server.resetStats()
            let both = ["GH_TOKEN": "ghp_dotcom", "GH_ENTERPRISE_TOKEN": "ghe_first", "GITHUB_ENTERPRISE_TOKEN": "ghe_second"]
            #expect(try await world.run(["next-page"], environment: both).status == 0)
            #expect(await Self.authorizations(world) == ["Bearer ghe_first"])
            await world.server.resetStats()
            let second = ["GITHUB_ENTERPRISE_TOKEN": "ghe_second"]
            #expect(try await world.run(["next-page"], environment: second).status == 0)
            #expect(await Self.authorizations(world) == ["Bearer ghe_second"])
        }
    }

    @Test("with no variable, gh auth token --hostname HOST:PORT is asked once, on network use only; GHUSERS_NO_GH=1 turns it off")
    func ghFallback() async throws {
        try await EndToEnd.with(FakeConfiguration(userCount: 100)) { world in
            // Given a fake `gh` logged in for the fake's host and port only (gh keys a host with a
            // port other than the scheme's as HOST:PORT), which notes each call.
            let hostname = "127.0.0.1:\(world.server.port)"
            let bin = world.home.deletingLastPathComponent().appendingPathComponent("gh-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: bin) }
            let calls = bin.appendingPathComponent("calls")
            try Data(
                """
                #!/bin/sh
                echo "$*" >>"\(calls.path)"
                [ "$*" = "auth token --hostname \(hostname)" ] && { echo "gho_from_gh"; exit 0; }
                exit 1
                """.utf8
            ).write(to: bin.appendingPathComponent("gh"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("gh").path)
            let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let useGH = ["PATH": path, "GHUSERS_NO_GH": "0"]

            // A command that stays offline never runs gh.
            #expect(try await world.run(["list"], environment: useGH).status == 0)
            #expect(!FileManager.default.fileExists(atPath: calls.path))

            // next-page asks gh once and sends its token.
            #expect(try await world.run(["next-page", "--pages", "2"], environment: useGH).status == 0)
            #expect(await Self.authorizations(world) == ["Bearer gho_from_gh", "Bearer gho_from_gh"])
            #expect(try String(contentsOf: calls, encoding: .utf8) == "auth token --hostname \(hostname)\n")

            // A variable wins over gh; GHUSERS_NO_GH=1 sends nothing.
            await world.server.resetStats()
            let variable = useGH.merging(["GH_ENTERPRISE_TOKEN": "ghe_env"]) { $1 }
            let turnedOff = ["PATH": path, "GHUSERS_NO_GH": "1"]
            #expect(try await world.run(["next-page"], environment: variable).status == 0)
            #expect(try await world.run(["next-page"], environment: turnedOff).status == 0)
            #expect(await Self.authorizations(world) == ["Bearer ghe_env", nil])
            #expect(try String(contentsOf: calls, encoding: .utf8) == "auth token --hostname \(hostname)\n")
        }
    }
}
