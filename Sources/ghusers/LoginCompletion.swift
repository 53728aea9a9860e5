import ArgumentParser
import Foundation
import GHUsersKit

/// Completes the login of `profile` and `note` in bash, zsh and fish: the completion scripts
/// that `--generate-completion-script` writes call `ghusers` itself, which answers from the
/// local database, offline, with at most 200 logins that start with the typed text.
///
/// The home is the one the command line names (`--home DIR` or `--home=DIR`, before or after
/// the command), else `GHUSERS_HOME`, else the default. A home without a database completes
/// nothing and creates nothing.
enum LoginCompletion {
    /// The completion the login arguments declare.
    static let kind = CompletionKind.custom { words, _, prefix in logins(words: words, prefix: prefix) }

    static func logins(words: [String], prefix: String) -> [String] {
        let settings = GlobalSettings(home: home(in: words))
        let configuration = settings.serviceConfiguration()
        guard FileManager.default.fileExists(atPath: configuration.paths.database.path),
            let service = try? CombinedService(configuration: configuration)
        else { return [] }
        return (try? service.logins(prefix: prefix)) ?? []
    }

    /// The value of the last `--home` in the shell's words, without the quotes the shell kept.
    static func home(in words: [String]) -> String? {
        var home: String?
        for (index, word) in words.enumerated() {
            if word == "--home", index + 1 < words.count {
                home = words[index + 1]
            } else if word.hasPrefix("--home=") {
                home = String(word.dropFirst("--home=".count))
            }
        }
        guard var home, !home.isEmpty else { return nil }
        if home.count >= 2, let first = home.first, first == home.last, first == "'" || first == "\"" {
            home = String(home.dropFirst().dropLast())
        }
        return home.isEmpty ? nil : home
    }
}
