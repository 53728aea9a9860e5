import ArgumentParser
import GHUsersKit

extension GHUsersCommand {
    /// `ghusers version`, as `gh version` and `git version`: the same line as `--version`.
    struct Version: ParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version of ghusers (as --version).",
            discussion: network.sentence)

        static let network = NetworkUse.never

        func run() {
            print(GHUsersVersion.current)
        }
    }
}
