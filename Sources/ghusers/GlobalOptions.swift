import ArgumentParser
import Foundation
import GHUsersKit

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp("The GitHub API root (env GHUSERS_API_URL).", valueName: "url"))
    var apiURL: String?

    @Option(
        help: ArgumentHelp(
            "Where the database and caches live (env GHUSERS_HOME; default: the XDG data and cache folders).",
            valueName: "dir"))
    var home: String?

    @Flag(help: "Never touch the network; use the local cache only.")
    var offline = false

    @Flag(help: "Print machine-readable JSON on stdout.")
    var json = false

    @Option(help: ArgumentHelp("When to use colours: auto, always or never (NO_COLOR is honoured).", valueName: "when"))
    var color: ColorMode = .auto

    func validate() throws {
        if let apiURL = apiURL ?? environment["GHUSERS_API_URL"] {
            guard let url = URL(string: apiURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
            else {
                throw ValidationError("'\(apiURL)' is not an http(s) URL; pass --api-url like https://api.github.com.")
            }
        }
        if let home, home.isEmpty { throw ValidationError("--home needs a folder path.") }
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The API root: `--api-url`, else `GHUSERS_API_URL`, else GitHub's.
    var resolvedAPIURL: URL {
        (apiURL ?? environment["GHUSERS_API_URL"]).flatMap(URL.init(string:)) ?? CombinedService.Configuration.gitHubAPI
    }

    /// Whether to colour what goes to stdout.
    var colorsStandardOutput: Bool {
        color.enablesColor(fileDescriptor: 1, environment: environment)
    }

    /// The service configuration these options describe.
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

extension ColorMode: ExpressibleByArgument {}
