import ArgumentParser
import Foundation
import GHUsersKit
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ghusers`: browse GitHub users from the terminal, offline first. The executable's `main`
/// (Sources/GHUsersMain) calls `GHUsers.main()`, which runs `main()` below.
struct GHUsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghusers",
        abstract: "Browse GitHub users page by page, keep private notes, search them, offline first.",
        discussion: """
            Pages, profiles and notes are kept in a local SQLite database, so list, search, note and \
            cached profiles work without a network. Exit codes: 0 success, 1 error, 3 not found, \
            4 authentication failed, 5 network unreachable (or needed while --offline), 6 rate \
            limited, 7 local database unusable, 8 notes import from another site, 64 usage error, \
            130 interrupted. \
            The global options (--api-url, --home, --offline, --json, --color) go before or after \
            the command: `ghusers --offline list` and `ghusers list --offline` are the same. Given \
            on both sides, the one nearer the end of the line wins.
            """,
        version: GHUsersVersion.current,
        subcommands: [NextPage.self, List.self, Browse.self, Profile.self, Note.self, Notes.self, Search.self, Searches.self, Refresh.self, Status.self, Cache.self, Avatars.self, Profiles.self, Version.self]
    )

    /// The global options given before the subcommand's name. ArgumentParser reads them for the
    /// root wherever they stand in the line and hands the same values to each subcommand's
    /// `@OptionGroup var options: GlobalOptions`, so the subcommands need nothing more.
    @OptionGroup var options: GlobalOptions

    /// Runs a fast-path command on the main thread. Its body is `nonisolated(nonsending)` down
    /// to `CommandRunner`, so `search` and `list` without avatars never leave this thread: no
    /// worker thread and no second malloc arena to set up (Docs/BENCHMARKS.md). Plain `async`
    /// calls below that (`profile`, avatar loading) still hop to the global executor.
    @MainActor static func runOnMainThread(_ invocation: Invocation) async -> Never {
        await invocation.run()
    }

    /// Each command's name and the names of its own commands; `help` takes any command.
    static var commandTree: [String: [String]] {
        var tree = Dictionary(uniqueKeysWithValues: configuration.subcommands.map { ($0._commandName, $0.configuration.subcommands.map { $0._commandName }) })
        tree["help"] = configuration.subcommands.map { $0._commandName }
        return tree
    }

    static func main() async {
        umask(0o077)  // the database, its WAL and the lock file are the owner's alone
        let level = GlobalSettings.processEnvironment["GHUSERS_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // A terminal whose locale is not UTF-8 (LANG=C, an unset LANG) is sent ASCII symbols;
        // files and pipes get the data as it is.
        if !Terminal.isUTF8(environment: GlobalSettings.processEnvironment) {
            OutputStream.standardOutput.asciiOnly = Terminal.isTerminal(1)
            OutputStream.standardError.asciiOnly = Terminal.isTerminal(2)
        }
        for line in EnvironmentWarnings.lines(GlobalSettings.processEnvironment) { Messages.notice("warning: " + line) }
        // An argument that is not UTF-8 would reach us with U+FFFD in place of its bytes, and be
        // saved or searched so: refused as stdin is.
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], String(validatingCString: pointer) == nil else { continue }
            Messages.notice("error: argument \(index) is not UTF-8 text; notes, logins and searches are text (check the terminal's or the file's encoding)")
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The read commands' common shapes skip ArgumentParser's start-up cost (FastPath).
        let fast = FastPath.invocation(for: arguments)
        if fast == nil, let text = CommandSuggestion.error(in: arguments, commands: commandTree) {
            Messages.notice("error: " + text)
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        if let text = DashArgument.error(in: arguments) {
            Messages.notice("error: " + text)
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        do {
            if let invocation = fast {
                await runOnMainThread(invocation)
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // An API root or GH_HOST that cannot be used: one line and exit 64, like a command's
            // errors; the usage ArgumentParser adds to a validation error says nothing about it.
            let text = message(for: error)
            if exitCode(for: error) == .validationFailure, text.hasSuffix(GlobalSettings.siteErrorEnding) {
                Messages.notice("error: " + text)
                exit(withError: ExitCode(ExitStatus.usage.rawValue))
            }
            // Usage errors in ghusers' own style ("ghusers: error: unknown option …"), followed
            // by ArgumentParser's usage and help hint; --help and --version stay as they are.
            if exitCode(for: error) == .validationFailure {
                let full = fullMessage(for: error)
                if full.hasPrefix("Error: ") {
                    OutputStream.standardError.write("ghusers: error: " + Messages.sentenceCase(String(full.dropFirst(7))) + "\n")
                    exit(withError: ExitCode(ExitStatus.usage.rawValue))
                }
            }
            exit(withError: error)
        }
    }
}
