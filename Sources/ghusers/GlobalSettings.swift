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

    /// The process environment, read once: building the dictionary costs about 0.1 ms each time.
    static let processEnvironment = ProcessInfo.processInfo.environment

    var environment: [String: String] { Self.processEnvironment }

    /// Throws when the values cannot be used, with a sentence that says what to do.
    func validate() throws {
        if let apiURL = apiURL ?? environment["GHUSERS_API_URL"] {
            guard let url = URL(string: apiURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
            else {
                throw ValidationError("'\(apiURL)' is not an http(s) URL; pass --api-url like https://api.github.com.")
            }
        }
        if let home, home.isEmpty { throw ValidationError("--home needs a folder path.") }
    }

    /// The API root: `--api-url`, else `GHUSERS_API_URL`, else GitHub's.
    var resolvedAPIURL: URL {
        (apiURL ?? environment["GHUSERS_API_URL"]).flatMap(URL.init(string:)) ?? CombinedService.Configuration.gitHubAPI
    }

    /// The URLs of user objects in `--json` output, under ``resolvedAPIURL``.
    var links: UserLinks { UserLinks(apiRoot: resolvedAPIURL) }

    /// Whether to colour what goes to stdout.
    var colorsStandardOutput: Bool {
        color.enablesColor(fileDescriptor: 1, environment: environment)
    }

    /// The service configuration these settings describe.
    func serviceConfiguration(waitForNetwork: Bool = false) -> CombinedService.Configuration {
        var configuration = CombinedService.Configuration(
            paths: GHUsersPaths.resolve(home: home, environment: environment),
            apiURL: resolvedAPIURL,
            token: [environment["GH_TOKEN"], environment["GITHUB_TOKEN"]].compactMap { $0 }.first { !$0.isEmpty })
        configuration.offline = offline
        if let seconds = environment["GHUSERS_READ_TIMEOUT"].flatMap(Double.init), seconds > 0 {
            configuration.timeouts.read = .milliseconds(Int64(seconds * 1_000))
            configuration.timeouts.request = max(configuration.timeouts.request, .milliseconds(Int64(seconds * 2_000)))
        }
        configuration.retryPolicy.waitsForNetwork = waitForNetwork
        return configuration
    }
}
