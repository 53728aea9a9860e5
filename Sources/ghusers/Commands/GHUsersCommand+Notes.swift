import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Notes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notes",
            abstract: "Back up and restore your notes.",
            subcommands: [Export.self, Import.self, Rescue.self])
    }
}

extension GHUsersCommand.Notes {
    struct Export: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every note as JSON, sorted by login, to stdout or a file.",
            discussion: "The file records the site (API root) the notes come from." + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Option(
            name: [.short, .customLong("output")],
            help: ArgumentHelp("Write to this file (mode 0600) instead of stdout; - is stdout, as for notes import.", valueName: "file"))
        var output: String?

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                func export(to stream: GHUsersKit.OutputStream) async throws {
                    var archive = NotesArchiveWriter(output: stream, site: service.site, exportedAt: Date())
                    try await service.exportNotes { archive.write($0) }
                    archive.finish()
                }
                guard let output, output != "-" else {
                    try await export(to: OutputStream.standardOutput)
                    return
                }
                try await AtomicFile.write(to: URL(fileURLWithPath: output)) { stream in
                    try await export(to: stream)
                }
                Messages.notice("exported \(try await service.status().statistics.notes) notes to \(output)")
            }
        }
    }

    struct Import: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import notes from a file made by `ghusers notes export` (- for stdin).",
            discussion: """
                Idempotent: importing the same file again changes nothing. When a local note differs \
                from the imported one, --on-conflict decides: newest (default) keeps the note written \
                last, so that two machines exporting to each other end with the same notes; merge \
                keeps both texts in one note; keep keeps the local note; replace takes the imported \
                one. A local text replaced stays in `ghusers note LOGIN --history`. Conflicts are \
                always listed. \
                A file exported from another GitHub site (API root) is refused, exit 8, unless \
                --from-other-site is given; its notes are then matched by login, as user ids differ \
                between sites. A file from before sites (no site in it) is github.com's.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The export file, or - for standard input.", valueName: "file"))
        var file: String

        @Option(name: .customLong("on-conflict"), help: "newest, merge, keep or replace.")
        var onConflict: NotesConflictStrategy = .newest

        @Flag(name: .customLong("from-other-site"), help: "Import a file exported from another GitHub site (API root) into this one.")
        var fromOtherSite = false

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                let data: Data
                var isDirectory: ObjCBool = false
                if file != "-", FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                    throw ValidationError("\(file) is a directory; give the exported file (ghusers notes export -o FILE).")
                }
                do {
                    data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw ValidationError("cannot read \(file): \(ErrorText.sentence(error)).")
                }
                let report = try await service.importNotes(data, onConflict: onConflict, fromOtherSite: fromOtherSite)
                if options.json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    OutputStream.standardOutput.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
                }
                // Every entry is counted once; the conflicts are some of the updated and unchanged.
                Messages.notice(
                    "imported \(report.total) note\(report.total == 1 ? "" : "s"): \(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged"
                        + (report.rejected.isEmpty ? "" : ", \(report.rejected.count) rejected")
                        + (report.conflicts.isEmpty ? "" : " (\(report.conflicts.count) of them differed from the local note)"))
                for conflict in report.conflicts { Messages.notice("  conflict: " + TerminalSanitizer.sanitize(conflict, keepNewlines: false)) }
                for reason in report.rejected { Messages.notice("  rejected: " + TerminalSanitizer.sanitize(reason, keepNewlines: false)) }
            }
        }
    }
}

extension GHUsersCommand.Notes {
    struct Rescue: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "rescue",
            abstract: "Save the notes a damaged database still holds, as an export file.",
            discussion: """
                For a database that ghusers reports as damaged (exit 7): reads a copy of it and of \
                its -wal file (never the files themselves), a window of notes at a time, skipping \
                only what cannot be read, and writes the notes as `notes export` does. Move the \
                damaged file aside with its -wal and -shm files (ghusers.sqlite*), run any command \
                to start a new one, then `ghusers notes import FILE`.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Option(
            name: [.short, .customLong("output")],
            help: ArgumentHelp("Write to this file (mode 0600) instead of stdout; - is stdout.", valueName: "file"))
        var output: String?

        func run() async throws {
            // Not through CommandRunner: its service opens the database as usual, which is what fails.
            let settings = options.settings
            let configuration = settings.serviceConfiguration()
            let database = configuration.paths.database
            let site = GitHubSite(apiRoot: configuration.apiURL.absoluteString) ?? .gitHubDotCom
            guard FileManager.default.fileExists(atPath: database.path) else {
                Messages.error(ValidationError("There is no database at \(database.path) to rescue notes from."))
                throw ExitCode(ExitStatus.notFound.rawValue)
            }
            let rescue = NotesRescue(url: database)
            do {
                let outcome: NotesRescue.Outcome
                func write(to stream: GHUsersKit.OutputStream) throws -> NotesRescue.Outcome {
                    var archive = NotesArchiveWriter(output: stream, site: site, exportedAt: Date())
                    let outcome = try rescue { archive.write($0) }
                    archive.finish()
                    return outcome
                }
                if let output, output != "-" {
                    var result = NotesRescue.Outcome()
                    try AtomicFile.write(to: URL(fileURLWithPath: output)) { stream in result = try write(to: stream) }
                    outcome = result
                } else {
                    outcome = try write(to: OutputStream.standardOutput)
                    OutputStream.standardOutput.flush()
                }
                Messages.notice(
                    "rescued \(outcome.notes) note\(outcome.notes == 1 ? "" : "s") from \(database.path)"
                        + (outcome.unreadable > 0 ? "; \(outcome.unreadable) row\(outcome.unreadable == 1 ? "" : "s") could not be read" : "")
                        + (output.map { $0 == "-" ? "" : "; `ghusers notes import \($0)` takes them into a new home" } ?? ""))
            } catch StoreError.corrupt {
                // Not the damaged-database advice, which names this command.
                Messages.error(
                    ValidationError(
                        "The notes of \(database.path) cannot be read at all (the note table itself is damaged); `sqlite3 \(database.path) .dump` may still find some of their text."
                    ))
                throw ExitCode(ExitStatus.database.rawValue)
            } catch {
                Messages.error(error)
                throw ExitCode(ExitStatus(for: error).rawValue)
            }
        }
    }
}

extension NotesConflictStrategy: ExpressibleByArgument {}
