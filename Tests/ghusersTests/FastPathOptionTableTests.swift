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

    /// ArgumentParser's definition of `command`.
    static func declared(by command: String) throws -> Description.Command {
        let description = try JSONDecoder().decode(Description.self, from: Data(GHUsersCommand._dumpHelp().utf8))
        return try #require(description.command.subcommands?.first { $0.commandName == command })
    }

    @Test("each read command's long options and their arities are ArgumentParser's", arguments: FastPath.commands)
    func options(command: String) throws {
        // Given ArgumentParser's options of the command (its built-in --help and --version aside,
        // which the fast path leaves to it)
        let arguments = try Self.declared(by: command).arguments ?? []
        let parser = arguments.filter { $0.kind != "positional" }.flatMap { argument in
            (argument.names ?? []).filter { $0.kind == "long" && !["help", "version"].contains($0.name) }
                .map { "--\($0.name)" + (argument.kind == "option" ? " <value>" : "") }
        }
        // When the fast path's table is read for the same command
        let fast = FastPath.Option.allCases.filter { $0.isDeclared(by: command) }
            .map { $0.rawValue + ($0.takesValue ? " <value>" : "") }
        // Then both name the same options, each taking a value or not alike
        #expect(fast.sorted() == parser.sorted())
    }

    @Test("the table's commands are ArgumentParser's subcommands")
    func commands() throws {
        for command in FastPath.commands {
            #expect(try Self.declared(by: command).commandName == command)
        }
    }
}
