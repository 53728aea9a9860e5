import Foundation

/// One GitHub site: github.com, a GHE.com tenant or a GitHub Enterprise Server, named by its
/// API root.
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

    /// The site `gh` means by `GH_HOST`, as gh maps hosts (cli/cli `internal/ghinstance`):
    /// `github.com` is `https://api.github.com`; a GHE.com tenant `TENANT.ghe.com` is
    /// `https://api.TENANT.ghe.com` (GitHub Docs, "Network details for GHE.com"); any other host
    /// `https://HOST/api/v3` (GitHub Enterprise Server's API root). `nil` when `host` is not a
    /// host name (with an optional port).
    public init?(ghHost host: String) {
        let host = host.trimmed.lowercased()
        guard !host.isEmpty, !host.contains("/"), !host.contains("@") else { return nil }
        if host == "github.com" || host == "api.github.com" {
            self = .gitHubDotCom
        } else if host.hasSuffix(Self.gheComSuffix), !host.contains(":") {
            let tenant = host.hasPrefix("api.") ? String(host.dropFirst(4)) : host
            guard tenant.count > Self.gheComSuffix.count, let site = GitHubSite(apiRoot: "https://api.\(tenant)") else { return nil }
            self = site
        } else {
            guard let site = GitHubSite(apiRoot: "https://\(host)/api/v3") else { return nil }
            self = site
        }
    }

    /// The API root as text, without a trailing slash.
    public var apiRoot: String { apiURL.absoluteString }

    /// Whether this is github.com (`api.github.com`).
    public var isGitHubDotCom: Bool { apiHost == "api.github.com" }

    /// The end of a GHE.com tenant's host.
    static let gheComSuffix = ".ghe.com"

    /// Whether this is a GHE.com tenant (`https://api.TENANT.ghe.com`): GitHub Enterprise Cloud
    /// with data residency, whose users are all managed users.
    public var isGHECom: Bool {
        apiHost.hasPrefix("api.") && apiHost.hasSuffix(Self.gheComSuffix) && apiHost.count > 4 + Self.gheComSuffix.count
            && apiURL.path.isEmpty && apiURL.port == nil
    }

    /// Whether the site takes `GH_TOKEN` and `GITHUB_TOKEN`: github.com and GHE.com, as gh
    /// decides (cli/go-gh `auth.TokenForHost`; `gh help environment`: "github.com or a
    /// subdomain of ghe.com"); every other host is an Enterprise Server as far as tokens go.
    public var takesGitHubTokens: Bool { isGitHubDotCom || isGHECom }

    /// The host `gh` knows the site by (`gh auth token --hostname`, its hosts.yml):
    /// `github.com` for `api.github.com`, `TENANT.ghe.com` for a GHE.com tenant, else the API
    /// root's host, with its port when it is not the scheme's default (`ghe.example.com:8443`,
    /// as gh keys such a host).
    public var ghHostname: String {
        if isGitHubDotCom { return "github.com" }
        if isGHECom { return String(apiHost.dropFirst(4)) }
        return apiURL.port.map { "\(apiHost):\($0)" } ?? apiHost
    }

    /// The API root ghusers made of `GH_HOST=TENANT.ghe.com` before it knew GHE.com
    /// (`https://TENANT.ghe.com/api/v3`), whose folder a home may still hold; `nil` for any
    /// other site.
    public var formerGHEComSite: GitHubSite? {
        isGHECom ? GitHubSite(apiRoot: "https://\(ghHostname)/api/v3") : nil
    }

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
