import ArgumentParser
import Foundation
import GHUsersKit

/// Completes the login of `profile` and `note` in bash, zsh and fish: the completion scripts
/// that `--generate-completion-script` writes call `ghusers` itself, which answers from the
/// local database, offline, with at most 200 logins that start with the typed text.
///
/// The home is the one the command line names (`--home DIR` or `--home=DIR`, before or after
/// the command), else `GHUSERS_HOME`, else the default; the site likewise (`--api-url`, else
/// `GHUSERS_API_URL`, else `GH_HOST`, else github.com): only the current site's logins are
/// completed. A home without a database for the site completes nothing and creates nothing.
enum LoginCompletion {
    /// The completion the login arguments declare.
    static let kind = CompletionKind.custom { words, _, prefix in logins(words: words, prefix: prefix) }

    static func logins(words: [String], prefix: String) -> [String] {
        let settings = GlobalSettings(apiURL: value(of: "--api-url", in: words), home: value(of: "--home", in: words))
        guard settings.resolvedSite != nil else { return [] }
        let configuration = settings.serviceConfiguration()
        guard FileManager.default.fileExists(atPath: configuration.paths.database.path),
            let service = try? CombinedService(configuration: configuration)
        else { return [] }
        return (try? service.database.read { db in try CombinedService.logins(prefix: prefix, db) }) ?? []
    }

    /// The value of the last `--home` in the shell's words, without the quotes the shell kept.
    static func home(in words: [String]) -> String? {
        value(of: "--home", in: words)
    }

    /// The value of the last `option` (`--home`, `--api-url`) in the shell's words, without the
    /// quotes the shell kept.
    static func value(of option: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix(option + "=") {
                found = String(word.dropFirst(option.count + 1))
            }
        }
        guard var found, !found.isEmpty else { return nil }
        if found.count >= 2, let first = found.first, first == found.last, first == "'" || first == "\"" {
            found = String(found.dropFirst().dropLast())
        }
        return found.isEmpty ? nil : found
    }
}
