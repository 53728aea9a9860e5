import Foundation

/// Where the token for a site comes from, by `gh`'s conventions, so that a token never reaches
/// a site it was not meant for.
///
/// - github.com (`api.github.com`) and GHE.com (`api.TENANT.ghe.com`): `GH_TOKEN`, else
///   `GITHUB_TOKEN`, as gh sends them (``GitHubSite/takesGitHubTokens``).
/// - Any other host (GitHub Enterprise Server, a test server): `GH_ENTERPRISE_TOKEN`, else
///   `GITHUB_ENTERPRISE_TOKEN`.
/// - Neither set: `gh auth token --hostname HOST` when `gh` is on `PATH` and logged in for that
///   host (asked once, on first network use, given 10 s), unless `GHUSERS_NO_GH=1`.
///
/// Empty variables count as unset.
package struct TokenSource: Sendable {
    /// The site the token is for.
    package var site: GitHubSite
    /// The process environment.
    package var environment: [String: String]

    /// Creates a source.
    package init(site: GitHubSite, environment: [String: String]) {
        self.site = site
        self.environment = environment
    }

    /// The variables that may hold the site's token, in the order they are read.
    package var variables: [String] {
        site.takesGitHubTokens ? ["GH_TOKEN", "GITHUB_TOKEN"] : ["GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN"]
    }

    /// The token from the site's variables, if one is set.
    package var environmentToken: String? {
        // Trimmed: a token read from a file with `$(cat …)` on Windows keeps its "\r".
        variables.lazy.compactMap { environment[$0]?.trimmed }.first { !$0.isEmpty }
    }

    /// Whether ``ghToken()`` may run `gh`: not when `GHUSERS_NO_GH` is `1` (or any value but
    /// `0` and empty).
    package var usesGH: Bool {
        let value = environment["GHUSERS_NO_GH"] ?? ""
        return value.isEmpty || value == "0"
    }

    /// The token `gh auth token --hostname HOST` prints, `nil` when `gh` is not installed, not
    /// logged in for the host, turned off, fails, or has not finished within `timeout` (then it
    /// and whatever it started are killed).
    package func ghToken(timeout: Duration = .seconds(10)) -> String? {
        guard usesGH, let gh = ChildProcess.find("gh", environment: environment),
            let data = ChildProcess.output(of: gh, ["gh", "auth", "token", "--hostname", site.ghHostname], limit: timeout)
        else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmed
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace || $0.isNewline }) else { return nil }
        return token
    }

    /// A short name of `token` that does not reveal it (FNV-1a 64 of its bytes, in hex), or
    /// `""` without a token: saved beside an ETag, because GitHub's ETags differ per token
    /// (eclipse-csi/otterdog #201) and a `304` is free only for an authorized request (GitHub
    /// Docs, "Best practices for using the REST API"). Not a secret's hash: it only tells
    /// tokens apart in the user's own database.
    package static func fingerprint(_ token: String?) -> String {
        guard let token, !token.isEmpty else { return "" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in token.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
