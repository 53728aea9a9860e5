import ArgumentParser
import GHUsersKit

/// The options every command takes.
///
/// ``FastPath`` reads the same options for the read commands; a test checks that the two agree.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp("The GitHub API root (env GHUSERS_API_URL).", valueName: "url"))
    var apiURL: String?

    @Option(
        help: ArgumentHelp(
            "Where the database and caches live (env GHUSERS_HOME; default: the XDG data and cache folders).",
            valueName: "dir"),
        completion: .directory)
    var home: String?

    @Flag(help: "Never touch the network; use the local cache only.")
    var offline = false

    @Flag(help: "Print machine-readable JSON on stdout.")
    var json = false

    @Option(help: ArgumentHelp("When to use colours: auto, always or never (NO_COLOR is honoured).", valueName: "when"))
    var color: ColorMode = .auto

    /// The same options as plain values.
    var settings: GlobalSettings {
        GlobalSettings(apiURL: apiURL, home: home, offline: offline, json: json, color: color)
    }

    func validate() throws {
        try settings.validate()
    }
}

extension ColorMode: ExpressibleByArgument {}
