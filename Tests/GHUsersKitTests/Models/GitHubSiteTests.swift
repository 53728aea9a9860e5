import Foundation
import Testing

@testable import GHUsersKit

@Suite("A GitHub site")
struct GitHubSiteTests {
    @Test("spellings of one API root are one site, with a readable folder name", arguments: [
        ("https://api.github.com", "https://api.github.com", "api.github.com"),
        ("HTTPS://API.GitHub.com:443/", "https://api.github.com", "api.github.com"),
        ("https://ghe.example.com/api/v3/", "https://ghe.example.com/api/v3", "ghe.example.com_api_v3"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080", "127.0.0.1_8080"),
        ("http://localhost:80//", "http://localhost", "localhost"),
        ("https://ghe.example.com:8443/api/v3", "https://ghe.example.com:8443/api/v3", "ghe.example.com_8443_api_v3"),
        ("https://ghe.example.com/a%20b", "https://ghe.example.com/a%20b", "ghe.example.com_a_b"),
    ])
    func normalised(input: String, root: String, key: String) throws {
        let site = try #require(GitHubSite(apiRoot: input))
        #expect(site.apiRoot == root)
        #expect(site.key == key)
    }

    @Test("what is not an http(s) URL with a host is no site", arguments: [
        "", "not a url", "api.github.com", "ftp://example.com", "https://", "https://user:pw@example.com",
        "https://example.com/?q=1", "https://example.com/#top", "file:///tmp",
        "http://127.0.0.1:0", "http://127.0.0.1:65536", "http://127.0.0.1:99999",
    ])
    func invalid(input: String) {
        #expect(GitHubSite(apiRoot: input) == nil)
    }

    @Test("GH_HOST as gh reads it: github.com is api.github.com, another host /api/v3")
    func ghHost() {
        #expect(GitHubSite(ghHost: "github.com") == .gitHubDotCom)
        #expect(GitHubSite(ghHost: "GHE.example.com")?.apiRoot == "https://ghe.example.com/api/v3")
        #expect(GitHubSite(ghHost: "ghe.example.com:8443")?.apiRoot == "https://ghe.example.com:8443/api/v3")
        #expect(GitHubSite(ghHost: "https://x/y") == nil)
        #expect(GitHubSite(ghHost: " ") == nil)
    }

    @Test("a GHE.com tenant is https://api.TENANT.ghe.com, as gh maps it; its former root is where older homes kept it")
    func gheCom() {
        let tenant = GitHubSite(ghHost: "Octo-Corp.ghe.com")
        #expect(tenant?.apiRoot == "https://api.octo-corp.ghe.com")
        #expect(GitHubSite(ghHost: "api.octo-corp.ghe.com") == tenant)
        #expect(GitHubSite(apiRoot: "https://api.octo-corp.ghe.com/") == tenant)
        #expect(tenant?.isGHECom == true && tenant?.takesGitHubTokens == true)
        #expect(tenant?.ghHostname == "octo-corp.ghe.com")
        #expect(tenant?.formerGHEComSite?.apiRoot == "https://octo-corp.ghe.com/api/v3")
        #expect(tenant?.key == "api.octo-corp.ghe.com")
        #expect(GitHubSite(ghHost: "ghe.com") == GitHubSite(apiRoot: "https://ghe.com/api/v3"), "not a tenant")
        let server = GitHubSite(apiRoot: "https://ghe.example.com/api/v3")!
        #expect(!server.isGHECom && !server.takesGitHubTokens && server.formerGHEComSite == nil)
        #expect(!GitHubSite.gitHubDotCom.isGHECom && GitHubSite.gitHubDotCom.takesGitHubTokens)
    }

    @Test("github.com is known as github.com to gh; other sites by their host")
    func hostnames() {
        #expect(GitHubSite.gitHubDotCom.isGitHubDotCom && GitHubSite.gitHubDotCom.ghHostname == "github.com")
        let enterprise = GitHubSite(apiRoot: "https://ghe.example.com/api/v3")!
        #expect(!enterprise.isGitHubDotCom && enterprise.ghHostname == "ghe.example.com")
        // gh keys a host with a port other than the scheme's as HOST:PORT (its hosts.yml).
        #expect(GitHubSite(apiRoot: "https://ghe.example.com:8443/api/v3")?.ghHostname == "ghe.example.com:8443")
        #expect(GitHubSite(apiRoot: "https://ghe.example.com:443/api/v3")?.ghHostname == "ghe.example.com")
    }

    @Test("no folder name is empty, a dot name, or has a slash")
    func safeKeys() {
        for root in ["http://[::1]:9/x/../y", "https://a.b/..", "https://a.b/./c", "https://a.b/%2F", "https://./", "https://../x"] {
            guard let key = GitHubSite(apiRoot: root)?.key else { continue }
            #expect(!key.isEmpty && key != "." && key != ".." && !key.contains("/"), "\(root) → \(key)")
        }
    }
}
