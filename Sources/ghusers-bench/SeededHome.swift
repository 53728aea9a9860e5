import ArgumentParser
import Foundation
import GHUsersKit

/// `--home DIR`, a home that `ghusers-bench seed` filled, whose github.com database the timing
/// commands read, and `--json` for their report.
struct SeededHome: ParsableArguments {
    @Option(help: ArgumentHelp("A seeded home.", valueName: "dir"))
    var home: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    /// The home's database file; a usage error when it was never seeded.
    func database() throws -> URL {
        let url = GHUsersPaths.resolve(home: home, environment: [:], site: .gitHubDotCom).database
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("\(url.path) does not exist; seed the home first (ghusers-bench seed).")
        }
        return url
    }
}
