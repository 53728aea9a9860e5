import Foundation
import Testing

@testable import GHUsersKit

@Suite("Which token goes to which site")
struct TokenSourceTests {
    static let enterprise = GitHubSite(apiRoot: "https://ghe.example.com/api/v3")!
    static let everyToken = [
        "GH_TOKEN": "dotcom", "GITHUB_TOKEN": "dotcom-2", "GH_ENTERPRISE_TOKEN": "ghe", "GITHUB_ENTERPRISE_TOKEN": "ghe-2",
    ]

    @Test("github.com reads GH_TOKEN then GITHUB_TOKEN, never an Enterprise token")
    func dotcom() {
        #expect(TokenSource(site: .gitHubDotCom, environment: Self.everyToken).environmentToken == "dotcom")
        #expect(TokenSource(site: .gitHubDotCom, environment: ["GITHUB_TOKEN": "b", "GH_TOKEN": ""]).environmentToken == "b")
        #expect(TokenSource(site: .gitHubDotCom, environment: ["GH_ENTERPRISE_TOKEN": "ghe"]).environmentToken == nil)
    }

    @Test("another host reads GH_ENTERPRISE_TOKEN then GITHUB_ENTERPRISE_TOKEN, never GH_TOKEN")
    func enterprise() {
        #expect(TokenSource(site: Self.enterprise, environment: Self.everyToken).environmentToken == "ghe")
        #expect(TokenSource(site: Self.enterprise, environment: ["GITHUB_ENTERPRISE_TOKEN": "e"]).environmentToken == "e")
        #expect(TokenSource(site: Self.enterprise, environment: ["GH_TOKEN": "a", "GITHUB_TOKEN": "b"]).environmentToken == nil)
    }

    @Test("gh auth token --hostname HOST answers when gh is on PATH, unless GHUSERS_NO_GH=1")
    func ghFallback() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = folder.url.appendingPathComponent("gh")
        // Logged in for ghe.example.com only, like `gh auth token` answers.
        try Data(
            """
            #!/bin/sh
            [ "$1 $2 $3 $4" = "auth token --hostname ghe.example.com" ] && { echo "gho_from_gh"; exit 0; }
            echo "no oauth token found for $4" >&2; exit 1
            """.utf8
        ).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let path = ["PATH": folder.url.path + ":/usr/bin:/bin"]
        #expect(TokenSource(site: Self.enterprise, environment: path).ghToken() == "gho_from_gh")
        #expect(TokenSource(site: .gitHubDotCom, environment: path).ghToken() == nil)
        #expect(TokenSource(site: Self.enterprise, environment: path.merging(["GHUSERS_NO_GH": "1"]) { $1 }).ghToken() == nil)
        #expect(TokenSource(site: Self.enterprise, environment: ["PATH": "/nonexistent"]).ghToken() == nil)
    }

    @Test("a gh that does not finish in its time is stopped, and no token comes of it")
    func ghHangs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = folder.url.appendingPathComponent("gh")
        try Data("#!/bin/sh\nexec sleep 60\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let source = TokenSource(site: Self.enterprise, environment: ["PATH": folder.url.path])
        #expect(source.ghToken(timeout: .milliseconds(300)) == nil)
    }
}
