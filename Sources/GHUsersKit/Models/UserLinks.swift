import Foundation

/// The URLs GitHub puts in every user object (`url`, `followers_url`, …,
/// `received_events_url`), derived as GitHub derives them: the API root, `/users/`, the login,
/// then a fixed suffix (a URI template for some, like `/following{/other_user}`).
///
/// ghusers stores none of them: `--json` output writes them from the API root in force
/// (`--api-url`, `GHUSERS_API_URL`, else `https://api.github.com`), so a cached user prints the
/// same URLs `gh api users/LOGIN` shows. `html_url` is stored; ``webURL(login:)`` only stands in
/// for a user whose server sent none.
public struct UserLinks: Sendable {
    /// The API root without a trailing slash, like `https://api.github.com`.
    public let apiRoot: String
    /// `<apiRoot>/users/`, escaped for a JSON string once, not once per row.
    let usersPrefix: [UInt8]
    /// The web root of ``webURL(login:)``, escaped for a JSON string.
    let webPrefix: [UInt8]

    /// The URL fields after `url` and `html_url`, in GitHub's order, with their suffixes.
    public static let suffixes: [(key: StaticString, suffix: StaticString)] = [
        ("followers_url", "/followers"),
        ("following_url", "/following{/other_user}"),
        ("gists_url", "/gists{/gist_id}"),
        ("starred_url", "/starred{/owner}{/repo}"),
        ("subscriptions_url", "/subscriptions"),
        ("organizations_url", "/orgs"),
        ("repos_url", "/repos"),
        ("events_url", "/events{/privacy}"),
        ("received_events_url", "/received_events"),
    ]

    /// Links under `apiRoot`.
    public init(apiRoot: URL) {
        var root = apiRoot.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        self.apiRoot = root
        self.usersPrefix = JSONWriter.escaped(root + "/users/")
        self.webPrefix = JSONWriter.escaped(Self.webRoot(apiRoot: root) + "/")
    }

    /// `https://api.github.com/users/octocat` for `octocat`.
    public func url(login: String) -> String {
        apiRoot + "/users/" + login
    }

    /// The website's page of `login`: `https://github.com/octocat` under `https://api.github.com`,
    /// `https://HOST/octocat` under an Enterprise Server's `https://HOST/api/v3`, and under any
    /// other root (the fake on loopback) that root itself.
    public func webURL(login: String) -> String {
        Self.webRoot(apiRoot: apiRoot) + "/" + login
    }

    static func webRoot(apiRoot root: String) -> String {
        guard var components = URLComponents(string: root) else { return root }
        if let host = components.host, host.hasPrefix("api.") {
            components.host = String(host.dropFirst(4))
            components.path = ""
        } else if components.path.hasSuffix("/api/v3") {
            components.path.removeLast(7)
        }
        return components.string ?? root
    }
}
