import ArgumentParser
import Foundation
import Testing

@testable import ghusers

/// ``FastPath/Option`` repeats the read commands' long options as string literals; these tests
/// hold it to ArgumentParser's own definitions (its `--experimental-dump-help` description), so
/// an option renamed, added, removed or turned from a flag into an option fails here.
@Suite("Fast path's option table")
struct FastPathOptionTableTests {
    /// The parts of ArgumentParser's tool description read here.
    struct Description: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
            var arguments: [Argument]?
        }

        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }

            var kind: String
            var names: [Name]?
        }

        var command: Command
    }

    /// ArgumentParser's definition of `command`, or of the root command for `nil`.
    static func declared(by command: String?) throws -> Description.Command {
        let description = try JSONDecoder().decode(Description.self, from: Data(GHUsersCommand._dumpHelp().utf8))
        guard let command else { return description.command }
        return try #require(description.command.subcommands?.first { $0.commandName == command })
    }

    /// The long options of `command` (`nil`: the root, before any command), with `<value>` after
    /// those that take one, as ArgumentParser and as the fast path's table declare them.
    static func longOptions(of command: String?) throws -> (parser: [String], fast: [String]) {
        // ArgumentParser's built-in --help and --version aside, which the fast path leaves to it.
        let arguments = try declared(by: command).arguments ?? []
        let parser = arguments.filter { $0.kind != "positional" }.flatMap { argument in
            (argument.names ?? []).filter { $0.kind == "long" && !["help", "version"].contains($0.name) }
                .map { "--\($0.name)" + (argument.kind == "option" ? " <value>" : "") }
        }
        let fast = FastPath.Option.allCases.filter { $0.isDeclared(by: command) }
            .map { $0.rawValue + ($0.takesValue ? " <value>" : "") }
        return (parser.sorted(), fast.sorted())
    }

    @Test("each read command's long options and their arities are ArgumentParser's", arguments: FastPath.commands)
    func options(command: String) throws {
        let (parser, fast) = try Self.longOptions(of: command)
        #expect(fast == parser)
    }

    @Test("the options the fast path reads before the command are the root command's: the global ones")
    func rootOptions() throws {
        let (parser, fast) = try Self.longOptions(of: nil)
        #expect(fast == parser)
        #expect(fast.count == 5)
    }

    @Test("the table's commands are ArgumentParser's subcommands")
    func commands() throws {
        for command in FastPath.commands {
            #expect(try Self.declared(by: command).commandName == command)
        }
    }
}
