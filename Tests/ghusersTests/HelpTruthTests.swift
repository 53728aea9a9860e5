import ArgumentParser
import Foundation
import Testing

@testable import ghusers

/// Every command's help says when it uses the network, in ``NetworkUse``'s one sentence, and no
/// other words of it say otherwise: a help that says "locally" or "never uses the network"
/// while an option of the command asks GitHub (as `search --help` did beside `--online`) fails
/// here, and so does a command with a network option it does not declare.
@Suite("Every command's help tells the truth about the network")
struct HelpTruthTests {
    /// Each command that runs (groups such as `notes` only list theirs), by its path.
    static let commands: [(path: String, type: any ParsableCommand.Type)] = {
        func walk(_ type: any ParsableCommand.Type, _ path: String) -> [(String, any ParsableCommand.Type)] {
            let subcommands = type.configuration.subcommands
            if subcommands.isEmpty { return [(path, type)] }
            return subcommands.flatMap { walk($0, path + " " + $0._commandName) }
        }
        return GHUsersCommand.configuration.subcommands.flatMap { walk($0, $0._commandName) }
    }()

    /// Words that say a command stays off the network.
    static let offlineWords = ["never uses the network", "locally", "local cache only", "cache only", "without a network", "no network"]
    /// Words that say a command goes on it.
    static let networkWords = ["fetch", "download", "request", "asks github", "github's api"]

    /// The help of `type` on one line a paragraph, without the `--offline` option's own line
    /// (every command has it, and it says how to stay off the network).
    static func help(_ type: any ParsableCommand.Type) -> String {
        GHUsersCommand.helpMessage(for: type, columns: 10_000)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--offline") }
            .joined(separator: "\n")
    }

    /// The long options `help` lists.
    static func options(_ help: String) -> Set<String> {
        Set(
            help.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("--") else { return nil }
                return String(trimmed.prefix { $0 != " " && $0 != "," && $0 != "<" && $0 != "=" })
            })
    }

    @Test("the walk finds every command, and each says when it uses the network")
    func everyCommandDeclares() {
        #expect(Self.commands.count >= 15, "\(Self.commands.map(\.path))")
        for (path, type) in Self.commands {
            #expect(type is any NetworkDeclaring.Type, "\(path) does not say when it uses the network")
        }
    }

    @Test("each help carries its command's network sentence")
    func sentence() throws {
        for (path, type) in Self.commands {
            let network = try #require((type as? any NetworkDeclaring.Type)?.network, "\(path)")
            #expect(Self.help(type).contains(network.sentence), "\(path) --help lacks “\(network.sentence)”")
        }
    }

    @Test("a command lists exactly the network options it declares, among all that reach the network")
    func networkOptions() throws {
        let declared = Self.commands.compactMap { ($0.type as? any NetworkDeclaring.Type)?.network }
        let networkOptions = Set(declared.flatMap(\.options))
        #expect(networkOptions.isSuperset(of: ["--online", "--avatars", "--refresh", "--wait", "--all", "--rest"]))
        for (path, type) in Self.commands {
            let network = try #require((type as? any NetworkDeclaring.Type)?.network)
            let listed = Self.options(Self.help(type))
            let undeclared = listed.intersection(networkOptions).subtracting(network.options)
            #expect(undeclared.isEmpty, "\(path) has \(undeclared.sorted()) but does not say it uses the network through them")
            let missing = Set(network.options).subtracting(listed)
            #expect(missing.isEmpty, "\(path) declares \(missing.sorted()), which its help does not list")
        }
    }

    @Test("no help says the command stays off the network unless it does, and a command that does says nothing of fetching")
    func words() throws {
        for (path, type) in Self.commands {
            let network = try #require((type as? any NetworkDeclaring.Type)?.network)
            let help = Self.help(type).lowercased()
            switch network {
            case .never:
                let contradicting = Self.networkWords.filter { help.contains($0) }
                #expect(contradicting.isEmpty, "\(path) never uses the network, yet its help says \(contradicting)")
            default:
                let contradicting = Self.offlineWords.filter { help.contains($0) }
                #expect(contradicting.isEmpty, "\(path) uses the network, yet its help says \(contradicting)")
            }
        }
    }

    @Test("the check reads what it should: search's old help would fail it")
    func catchesTheOldSearchHelp() {
        let old = "Search cached logins, your notes and cached profiles, locally. Never uses the network.\n  --online   First ask GitHub's user search"
        #expect(Self.offlineWords.contains { old.lowercased().contains($0) })
        #expect(Self.options(old) == ["--online"])
    }
}
