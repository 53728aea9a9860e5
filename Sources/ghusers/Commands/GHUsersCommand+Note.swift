import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Note: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Write, show or delete your private note on a user.",
            discussion: """
                With TEXT, saves it (replacing any earlier note); with -, saves standard input. \
                Without TEXT, prints the note exactly as saved. Notes stay on this machine and work \
                for users not cached yet.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: LoginArgument.help, completion: LoginCompletion.kind)
        var login: String

        @Argument(
            help: ArgumentHelp(
                "The note, or - to read it from standard input. Several words are one note, joined by spaces, as people type them (`ghusers note mojombo met at a conference`); quote the text to keep its spacing.",
                valueName: "text"))
        var words: [String] = []

        /// The note's text: the words joined by one space; `nil` when none was given.
        var text: String? {
            words.isEmpty ? nil : words.joined(separator: " ")
        }

        @Flag(help: "Delete the note.")
        var delete = false

        func validate() throws {
            try LoginArgument.validate(login)
            if delete && text != nil { throw ValidationError("Pass either TEXT or --delete, not both.") }
            if let text, text.trimmed.isEmpty { throw Self.emptyNote(login) }
            if let text, text.utf8.count > GHUsersKit.Note.maximumBytes { throw Self.tooLong }
        }

        static func emptyNote(_ login: String) -> ValidationError {
            ValidationError("The note is empty; to remove the note use `ghusers note \(login) --delete`.")
        }

        static let tooLong = ValidationError("The note is larger than 1 MiB; shorten it.")

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                if delete {
                    try service.deleteNote(login: login)
                    Messages.notice("deleted the note on \(login)")
                    if options.json {
                        var writer = JSONWriter()
                        writer.beginObject()
                        writer.field("login", login)
                        writer.field("deleted", true)
                        writer.endObject()
                        OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    }
                } else if let text {
                    let body = text == "-" ? try Self.readStandardInput() : text
                    guard !body.trimmed.isEmpty else { throw Self.emptyNote(login) }
                    let note = try service.saveNote(login: login, text: body)
                    if options.json { print(note) } else { Messages.notice("saved the note on \(note.login)") }
                } else {
                    let note = try service.note(login: login)
                    if options.json {
                        print(note)
                    } else {
                        // A line ends it, which `note LOGIN -` drops again: `ghusers note a |
                        // ghusers note b -` copies a note exactly.
                        let text = Terminal.isTerminal(1) ? TerminalSanitizer.sanitize(note.text) : note.text
                        OutputStream.standardOutput.write(text + "\n")
                    }
                }
            }
        }

        private func print(_ note: GHUsersKit.Note) {
            var writer = JSONWriter()
            writer.write(note)
            OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
        }

        /// Reads all of standard input as UTF-8, at most ``GHUsersKit/Note/maximumBytes``, less
        /// one trailing newline (`echo`'s, or the editor's: NoteEditor drops it too).
        static func readStandardInput() throws -> String {
            var data = Data()
            while let chunk = try FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty {
                data.append(chunk)
                if data.count > GHUsersKit.Note.maximumBytes { throw tooLong }
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("Standard input is not UTF-8 text; notes are text.")
            }
            if let offset = data.firstIndex(of: 0) {
                throw ValidationError("Standard input has a NUL byte (at byte \(offset - data.startIndex)), which is not text; nothing was saved.")
            }
            var note = text
            if note.hasSuffix("\n") || note.hasSuffix("\r\n") { note.removeLast() }  // "\r\n" is one Character
            return note
        }
    }
}
