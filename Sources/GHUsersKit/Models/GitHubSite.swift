import Foundation

/// One GitHub site: github.com or a GitHub Enterprise Server, named by its API root.
///
/// The API root is normalised: scheme and host lower-cased, the scheme's default port (80,
/// 443) dropped, trailing slashes dropped. Two spellings of the same root are one site;
/// everything ghusers keeps (users, notes, cursor, ETags, rate limit, avatars) is kept per site,
/// in a folder named by ``key``.
///
/// ```swift
/// GitHubSite(apiRoot: "https://API.github.com/")?.key         // "api.github.com"
/// GitHubSite(apiRoot: "https://ghe.example.com/api/v3")?.key  // "ghe.example.com_api_v3"
/// GitHubSite(apiRoot: "http://127.0.0.1:8080")?.key           // "127.0.0.1_8080"
/// ```
public struct GitHubSite: Sendable, Hashable {
    /// The normalised API root, like `https://api.github.com`.
    public let apiURL: URL
    /// The lower-cased host of the API root, like `api.github.com`.
    public let apiHost: String

    /// The ports an API root may name.
    public static let ports = 1...65_535

    /// github.com's API.
    public static let gitHubDotCom = GitHubSite(apiRoot: "https://api.github.com")!

    /// The site of `apiRoot`, or `nil` when it is not an absolute `http` or `https` URL with a
    /// host, and a port from 1 to 65535 if any (and without a user, query or fragment).
    public init?(apiRoot: String) {
        guard let components = URLComponents(string: apiRoot.trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { return nil }
        var normalised = URLComponents()
        normalised.scheme = scheme
        normalised.host = host
        if let port = components.port {
            guard Self.ports.contains(port) else { return nil }
            if port != (scheme == "https" ? 443 : 80) { normalised.port = port }
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        normalised.percentEncodedPath = path
        guard let url = normalised.url else { return nil }
        self.apiURL = url
        self.apiHost = host
    }

    /// The site `gh` means by `GH_HOST`: `github.com` is `https://api.github.com`, another host
    /// `https://HOST/api/v3` (GitHub Enterprise Server's API root). `nil` when `host` is not a
    /// host name (with an optional port).
    public init?(ghHost host: String) {
        let host = host.trimmed.lowercased()
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else { return nil }
        if host == "github.com" || host == "api.github.com" {
            self = .gitHubDotCom
        } else {
            guard let site = GitHubSite(apiRoot: "https://\(host)/api/v3") else { return nil }
            self = site
        }
    }

    /// The API root as text, without a trailing slash.
    public var apiRoot: String { apiURL.absoluteString }

    /// Whether this is github.com (`api.github.com`), whose tokens are `GH_TOKEN` and
    /// `GITHUB_TOKEN`; every other host is an Enterprise site as far as tokens go.
    public var isGitHubDotCom: Bool { apiHost == "api.github.com" }

    /// The host `gh` knows the site by (`gh auth token --hostname`): `github.com` for
    /// `api.github.com`, else the API root's host.
    public var ghHostname: String { isGitHubDotCom ? "github.com" : apiHost }

    /// A readable, filesystem-safe name of the site: the host, then the port and the path's
    /// segments, joined by `_`; every character other than a letter, a digit, `.` or `-`
    /// becomes `_`, and a leading `.` gets a `_` before it. Plain `http` is not in the name; two roots that differ only by scheme
    /// share a folder, and the database's own record of its root tells them apart.
    public var key: String {
        var parts = [apiHost]
        if let port = apiURL.port { parts.append(String(port)) }
        parts += apiURL.path.split(separator: "/").map(String.init)
        let joined = parts.joined(separator: "_")
        // ASCII tests, not `CharacterSet`: its Unicode tables cost start-up time.
        let key = String(joined.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-": Character(scalar)
            default: "_"
            }
        })
        // Never `.`, `..` or a hidden folder.
        return key.hasPrefix(".") ? "_" + key : key
    }
}
