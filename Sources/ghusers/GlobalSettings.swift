import ArgumentParser
import Foundation
import GHUsersKit

/// The global options as plain values, whichever parser read them: ``GlobalOptions`` (every
/// command) or ``FastPath`` (the common shapes of the read commands). Everything that depends
/// on them and on the environment is worked out here, once for both.
struct GlobalSettings: Equatable, Sendable {
    /// `--api-url`.
    var apiURL: String?
    /// `--home`.
    var home: String?
    /// `--offline`.
    var offline = false
    /// `--json`.
    var json = false
    /// `--color`.
    var color = ColorMode.auto
    /// `--tsv` of the commands that print rows (``RowFormatOptions``).
    var tsv = false
    /// `--csv` of the commands that print rows.
    var csv = false
    /// `--fields` of the commands that print rows: the columns' names, comma-separated.
    var fields: String?

    /// The process environment, read once: building the dictionary costs about 0.1 ms each time.
    static let processEnvironment = ProcessInfo.processInfo.environment

    var environment: [String: String] { Self.processEnvironment }

    /// Throws when the values cannot be used, with a sentence that says what to do.
    func validate() throws {
        if let apiURL = givenAPIURL {
            guard GitHubSite(apiRoot: apiURL) != nil else {
                // Named where it came from: a variable set long ago is easy to forget.
                let given = self.apiURL == nil ? "GHUSERS_API_URL '\(apiURL)'" : "'\(apiURL)'"
                if let port = URLComponents(string: apiURL.trimmed)?.port, !GitHubSite.ports.contains(port) {
                    throw ValidationError("\(given) has port \(port), and a port is 1 to 65535; \(Self.siteErrorEnding)")
                }
                throw ValidationError("\(given) is not an http(s) URL; \(Self.siteErrorEnding)")
            }
        } else if let host = givenGHHost, GitHubSite(ghHost: host) == nil {
            throw ValidationError("GH_HOST '\(host)' is not a host name; set it like ghe.example.com, or \(Self.siteErrorEnding)")
        }
        if let home, home.isEmpty { throw ValidationError("--home needs a folder path.") }
        if [json, tsv, csv].filter({ $0 }).count > 1 { throw ValidationError("Pass one of --csv, --tsv or --json, not two.") }
        _ = try columns
    }

    /// The columns `--csv` prints (`--fields`, else every field), or those `--fields` picks for
    /// `--tsv` and `--json`; `nil` for the usual rows.
    ///
    /// - Throws: a `ValidationError` that lists the names, for a name no field has; and for
    ///   `--fields` without `--csv`, `--tsv` or `--json`.
    var columns: [RowColumn]? {
        get throws {
            guard let fields else { return csv ? RowColumn.all : nil }
            guard csv || tsv || json else { throw ValidationError("--fields picks the columns of --csv, --tsv or --json; pass one of them.") }
            do {
                return try RowColumn.parse(fields)
            } catch let unknown as RowColumn.UnknownName {
                let name = unknown.name.isEmpty ? "an empty name" : "'\(unknown.name)'"
                throw ValidationError("--fields has \(name), which is no field; the fields are \(RowColumn.all.map(\.name).joined(separator: ","))")
            }
        }
    }

    /// How the messages about an API root or `GH_HOST` that cannot be used end: `main` prints
    /// them on one line, without the usage ArgumentParser puts below a validation error.
    static let siteErrorEnding = "pass --api-url like https://api.github.com."

    /// `--api-url`, else `GHUSERS_API_URL` unless empty.
    private var givenAPIURL: String? {
        apiURL ?? environment["GHUSERS_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `GH_HOST` unless empty.
    private var givenGHHost: String? {
        environment["GH_HOST"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The site: `--api-url`, else `GHUSERS_API_URL`, else the site of `GH_HOST` (as `gh`:
    /// `github.com` is `https://api.github.com`, `TENANT.ghe.com` `https://api.TENANT.ghe.com`,
    /// another host `https://HOST/api/v3`), else github.com. `nil` when the one given is not valid (``validate()`` says why).
    var resolvedSite: GitHubSite? {
        if let apiURL = givenAPIURL { return GitHubSite(apiRoot: apiURL) }
        if let host = givenGHHost { return GitHubSite(ghHost: host) }
        return .gitHubDotCom
    }

    /// The site, github.com when the one given is not valid (``validate()`` refuses that).
    var site: GitHubSite { resolvedSite ?? .gitHubDotCom }

    /// The API root of ``site``, normalised.
    var resolvedAPIURL: URL { site.apiURL }

    /// The URLs of user objects in `--json` output, under ``resolvedAPIURL``.
    var links: UserLinks { UserLinks(apiRoot: resolvedAPIURL) }

    /// Whether to colour what goes to stdout.
    var colorsStandardOutput: Bool {
        color.enablesColor(fileDescriptor: 1, environment: environment)
    }

    /// The service configuration these settings describe.
    func serviceConfiguration(waitForNetwork: Bool = false) -> CombinedService.Configuration {
        let site = site  // parsed once
        let tokens = TokenSource(site: site, environment: environment)
        var configuration = CombinedService.Configuration(
            paths: GHUsersPaths.resolve(home: home, environment: environment, site: site),
            apiURL: site.apiURL,
            token: tokens.environmentToken)
        if tokens.usesGH { configuration.tokenLookup = { tokens.ghToken() } }
        configuration.offline = offline
        if let seconds = environment["GHUSERS_READ_TIMEOUT"].flatMap(Double.init), seconds > 0 {
            configuration.timeouts.read = .milliseconds(Int64(seconds * 1_000))
            configuration.timeouts.request = max(configuration.timeouts.request, .milliseconds(Int64(seconds * 2_000)))
        }
        if let seconds = environment["GHUSERS_AVATAR_TIMEOUT"].flatMap(Double.init), seconds > 0 {
            configuration.downloadDeadline = .milliseconds(Int64(seconds * 1_000))
        }
        configuration.retryPolicy.waitsForNetwork = waitForNetwork
        return configuration
    }
}
